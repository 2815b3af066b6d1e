import { expect, test, type Locator, type Page } from '@playwright/test';
import { convertAmount, formatMoney } from '@riffline/contracts';
import { DEMO_ADMIN, apiSession } from '../../test/e2e/seed.ts';
import { signInWithCode, steppedUpArtist } from '../../test/e2e/secondFactor.ts';
import {
  chooseOption,
  createAccount,
  expectToast,
  fillApplication,
  signInAsDemoArtist,
  snap,
  unique,
} from './support.ts';

/**
 * The artist area beside the Release Builder (SPEC §2 Artist dashboard, Wallet, Settings, Tickets; §5; §8),
 * as the demo artist, against the real API and the sandbox payment gateway. Desktop and phone run at once
 * as the same artist: every order, method and ticket here is the test's own, and balances are compared as
 * "at least" (the other project tops up too).
 */

/** "1,234.50 coins" → 1234.5 */
const coinsIn = async (locator: Locator) => Number((await locator.innerText()).replace(/[^\d.]/g, ''));

async function dismissToast(page: Page) {
  const toast = page.getByTestId('toast');
  await toast.locator('button').click();
  await expect(toast).toBeHidden();
}

/**
 * Opens the recharge dialog and asks for `amount`: the tab goes on to the sandbox gateway's page (the same
 * tab, no pop-up). Returns the order it shows.
 */
async function startTopUp(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Top Up Coins' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Coins' });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/sandbox-pay\//);
  await expect(page.getByRole('heading', { name: 'Riffline sandbox payment' })).toBeVisible();
  const orderId = ((await page.getByText(/^Order /).innerText()).match(/^Order (\S+)/) ?? [])[1]!;
  expect(orderId).toBeTruthy();
  return orderId;
}

/** Back from the gateway's page: the wallet, in the same tab, its address cleared of the order. */
async function backToWallet(page: Page, link: 'Return to Riffline' | 'Back to Riffline without paying') {
  await page.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { name: 'Coin Wallet', level: 1 })).toBeVisible();
}

test.describe('the artist area', () => {
  test(
    'the dashboard shows the banner, four stats, quick actions and recent releases',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await signInAsDemoArtist(page);
      await expect(page.getByRole('heading', { name: 'Welcome back, Arlo' })).toBeVisible();
      await expect(page).toHaveTitle('Dashboard · Riffline');
      await expect(
        page
          .getByText('Your music is live on 150+ platforms')
          .or(page.getByRole('link', { name: 'Create your first release' })),
      ).toBeVisible();

      await expect(page.getByTestId('stat-streams-value')).toHaveText(/^\d[\d,]*$/);
      await expect(page.getByTestId('stat-earnings-value')).toHaveText(/^\D+\d[\d,]*\.\d{2}$/);
      await expect(page.getByTestId('stat-releases-value')).toHaveText(/^\d[\d,]*$/);
      await expect(page.getByTestId('stat-coins-value')).toHaveText(/^\d[\d,]*\.\d{2}$/);
      const coinCard = page.getByRole('region', { name: 'Coin Balance' });
      await expect(coinCard.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/wallet');

      const actions = page.getByRole('region', { name: 'Quick Actions' });
      for (const [name, href] of [
        ['New Release', '/releases?new=1'],
        ['Top Up Coins', '/wallet?recharge=1'],
        ['Request Withdrawal', '/royalties?withdraw=1'],
        ['Get Support', '/support'],
      ] as const) {
        await expect(actions.getByRole('link', { name })).toHaveAttribute('href', href);
      }
      // The figures came by the preloads the server's answer for `/` asked for (api/src/static.ts): each
      // URL was fetched once, by its preload, and the app's own request took it.
      const fetched = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => e.initiatorType === 'link' || e.initiatorType === 'fetch')
          .map((e) => `${e.initiatorType} ${new URL(e.name).pathname}${new URL(e.name).search}`),
      );
      for (const url of [
        '/api/user/coins',
        '/api/releases?limit=200',
        '/api/analytics?days=30',
        '/api/dashboard/growth',
        '/api/royalties',
      ]) {
        expect(fetched.filter((entry) => entry.endsWith(` ${url}`))).toEqual([`link ${url}`]);
      }

      // The sections below the fold load as they come near the viewport. Each one's heading is shown while
      // it loads and replaced when it has (a CI run's scroll found it gone): scroll again until one holds.
      const scrollTo = (heading: Locator) =>
        expect(() => heading.scrollIntoViewIfNeeded({ timeout: 5_000 })).toPass();
      const recent = page.getByRole('heading', { name: 'Recent Releases' });
      await scrollTo(recent);
      await expect(page.getByTestId('release-card').first()).toBeVisible();
      expect(await page.getByTestId('release-card').count()).toBeLessThanOrEqual(3);
      const platform = page.getByRole('heading', { name: 'Platform Performance' });
      await scrollTo(platform);
      await expect(page.getByLabel('Loading platform performance')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, testInfo, 'artist-dashboard');

      // New Release opens the wizard on the Release Builder.
      await actions.getByRole('link', { name: 'New Release' }).click();
      await expect(page.getByRole('dialog', { name: 'Create New Release' })).toBeVisible();
    },
  );

  test(
    'tops up coins through the sandbox gateway in the same tab; the return verifies by itself: pending, completed and failed',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      // Signed out, the wallet says what it takes.
      await page.goto('/wallet');
      await expect(page.getByText('Please log in and get approved to access your wallet.')).toBeVisible();
      await snap(page, testInfo, 'wallet-signed-out');

      await signInAsDemoArtist(page, '/wallet');
      await expect(page.getByRole('heading', { name: 'Coin Wallet', level: 1 })).toBeVisible();
      const balance = page.getByTestId('coin-balance');
      await expect(balance).toHaveText(/^\d[\d,]*\.\d{2} coins$/);
      const before = await coinsIn(balance);

      // SPEC §5: at least one rupee.
      await page.getByRole('button', { name: 'Top Up Coins' }).click();
      const dialog = page.getByRole('dialog', { name: 'Top Up Coins' });
      await dialog.getByLabel('Amount').fill('0.5');
      await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expectToast(page, 'Invalid Amount', 'Please enter a valid amount.');
      await dismissToast(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // Back without paying: the wallet verifies the order by itself and finds it pending; the row keeps
      // its Verify button (and Pay, which goes back to the gateway's page in this tab).
      const amount = testInfo.project.name === 'phone' ? '75.25' : '150.50';
      const paidId = await startTopUp(page, amount);
      await backToWallet(page, 'Back to Riffline without paying');
      await expectToast(page, 'Payment Pending', 'Payment is still processing. Try again in a moment.');
      const paidRow = page.getByRole('listitem', { name: new RegExp(paidId) });
      await expect(paidRow.getByText('Pending')).toBeVisible();
      await snap(page, testInfo, 'wallet-pending');
      await dismissToast(page);
      await paidRow.getByRole('button', { name: `Verify order ${paidId}` }).click();
      await expectToast(page, 'Payment Pending', 'Payment is still processing. Try again in a moment.');
      await dismissToast(page);

      // Completed: pay on the gateway's page, return, and the coins are added without pressing Verify.
      await paidRow.getByRole('link', { name: 'Pay' }).click();
      await expect(page.getByText(`Order ${paidId}`)).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByText('This payment is paid.')).toBeVisible();
      await backToWallet(page, 'Return to Riffline');
      await expectToast(page, 'Payment Successful', `${amount} coins added to your wallet.`);
      await expect(paidRow.getByText('Completed')).toBeVisible();
      await expect(paidRow.getByRole('button', { name: /Verify/ })).toHaveCount(0);
      await expect.poll(() => coinsIn(balance)).toBeGreaterThanOrEqual(before + Number(amount));
      await dismissToast(page);

      // Failed: the gateway's reason, and no coins.
      const failedId = await startTopUp(page, '12');
      await page.getByRole('button', { name: 'Fail' }).click();
      await expect(page.getByText('This payment is declined.')).toBeVisible();
      await backToWallet(page, 'Return to Riffline');
      await expectToast(page, 'Payment Failed', 'The payment was declined');
      const failedRow = page.getByRole('listitem', { name: new RegExp(failedId) });
      await expect(failedRow.getByText('Failed', { exact: true })).toBeVisible();
      await expect(failedRow.getByText('The payment was declined')).toBeVisible();
      await expect(failedRow.getByRole('button', { name: /Verify/ })).toHaveCount(0);
      await snap(page, testInfo, 'wallet');
    },
  );

  test(
    'adds, defaults and deletes payment methods in Settings',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(150_000);
      // Where payouts go is money: an artist of the test's own, signed in with an authenticator app
      // (docs/security.md); the demo artist has none.
      const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
      const artist = await steppedUpArtist(browser, testInfo, admin.api);
      await Promise.all([artist.context.close(), admin.context.close()]);
      await page.goto(`/api/login?returnTo=${encodeURIComponent('/settings')}`);
      await signInWithCode(page, artist.person.email, artist.person.password, artist.app);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Settings · Riffline');
      const email = page.getByLabel('Email', { exact: true });
      await expect(email).toHaveValue(artist.person.email);
      await expect(email).toBeDisabled();
      await expect(page.getByText('Email cannot be changed')).toBeVisible();

      const upiId = `${unique('arlo').replace(/-/g, '.')}@okhdfc`;
      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
      await dialog.getByLabel('UPI ID').fill('not-a-upi');
      await dialog.getByRole('button', { name: 'Add Method' }).click();
      await expect(dialog.getByText('UPI ID must look like name@bank')).toBeVisible();
      await dialog.getByLabel('UPI ID').fill(upiId);
      await dialog.getByRole('button', { name: 'Add Method' }).click();
      await expectToast(page, 'Payment Method Added');
      await expect(dialog).toBeHidden();
      const upi = page.getByRole('listitem', { name: `UPI ${upiId}` });
      await expect(upi).toBeVisible();

      // A bank account asks for its own fields; the number comes back masked.
      const holder = unique('Arlo Artist');
      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      await chooseOption(dialog.getByLabel('Type'), page.getByRole('option', { name: 'Bank Transfer' }));
      await expect(dialog.getByLabel('UPI ID')).toHaveCount(0);
      await dialog.getByLabel('Account Holder Name').fill(holder);
      await dialog.getByLabel('Account Number').fill('123456789012');
      await dialog.getByLabel('IFSC Code').fill('hdfc0001234');
      await dialog.getByRole('button', { name: 'Add Method' }).click();
      await expectToast(page, 'Payment Method Added');
      const bank = page.getByRole('listitem', { name: new RegExp(holder) });
      await expect(bank).toContainText('••••••••9012');
      await expect(bank).toContainText('HDFC0001234');
      await bank.getByRole('button', { name: /^Set .* as default$/ }).click();
      await expectToast(page, 'Default Updated');
      await expect(bank.getByText('Default', { exact: true })).toBeVisible();
      await snap(page, testInfo, 'settings');

      // Deleting the default leaves another one as the default.
      await bank.getByRole('button', { name: /^Delete / }).click();
      await expectToast(page, 'Payment Method Deleted');
      await expect(bank).toHaveCount(0);
      await expect(
        page.getByTestId('payment-method').locator('.MuiChip-root', { hasText: 'Default' }),
      ).toHaveCount(1);
      await upi.getByRole('button', { name: /^Delete / }).click();
      await expectToast(page, 'Payment Method Deleted');
      await expect(upi).toHaveCount(0);
    },
  );

  test('changes the currency and sees amounts converted', async ({ page, browser }, testInfo) => {
    // An artist of the test's own: the demo artist's currency is shared by every other test of the run.
    const artistName = unique('Euro Artist');
    await page.goto('/apply');
    await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
    await createAccount(page, {
      firstName: 'Elif',
      lastName: 'Demir',
      email: `${unique('elif')}@example.com`,
      password: 'a long enough password',
    });
    await fillApplication(page, {
      legalName: 'Elif Demir',
      artistName,
      age: '26',
      genre: 'Jazz',
      instagram: 'https://instagram.com/elif',
      youtube: 'https://youtube.com/@elif',
      story: 'Anatolian jazz from Izmir.',
    });
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    const { context, api: admin } = await apiSession(browser, testInfo, DEMO_ADMIN);
    const [application] = await admin.get<Array<{ id: string }>>(
      `/api/admin/applications?q=${encodeURIComponent(artistName)}`,
    );
    await admin.send('patch', `/api/admin/applications/${application!.id}`, { status: 'approved' });
    await context.close();

    await page.goto('/settings');
    const select = page.getByRole('combobox', { name: 'Preferred Currency' });
    await chooseOption(select, page.getByRole('option', { name: /^EUR/ }));
    await expectToast(page, 'Currency Updated', 'Amounts now show in Euro.');
    await expect(select).toContainText('EUR');

    await page.getByRole('link', { name: /Coin balance/ }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    const balance = page.getByTestId('coin-balance');
    await expect(balance).toHaveText(/coins$/);
    const coins = (await balance.innerText()).replace(/[^\d.]/g, '');
    await expect(page.getByTestId('coin-value')).toContainText(
      `worth about ${formatMoney(convertAmount(coins, 'INR', 'EUR'), 'EUR')}`,
    );
    await page.goto('/');
    await expect(page.getByTestId('stat-earnings-value')).toHaveText(/^€\d[\d,]*\.\d{2}$/);
    await expect(page.getByRole('region', { name: 'Total Earnings' })).toContainText('in EUR');
    await snap(page, testInfo, 'artist-dashboard-eur');
  });

  test('opens a ticket and finds it under Tickets', async ({ page }, testInfo) => {
    await signInAsDemoArtist(page, '/tickets');
    await expect(page.getByRole('heading', { name: 'Support Tickets', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Support Tickets · Riffline');
    await page.getByRole('link', { name: 'New Ticket' }).first().click();
    await expect(page).toHaveURL(/\/support$/);

    const subject = unique('Royalty question');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('When do the royalties of my first release arrive?');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Ticket Submitted!')).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('menuitem', { name: 'Support Tickets' })
      .or(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support Tickets' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/tickets$/);
    const ticket = page.getByRole('listitem', { name: subject });
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText('Open');
    await expect(ticket).toContainText('Medium priority');
    await snap(page, testInfo, 'tickets');

    // The team answers (through the admin API); the artist reads it in the conversation and replies.
    const { context, api: admin } = await apiSession(page.context().browser()!, testInfo, DEMO_ADMIN);
    const tickets = (await (await page.request.get('/api/support-tickets')).json()) as Array<{
      id: string;
      subject: string;
    }>;
    const id = tickets.find((t) => t.subject === subject)!.id;
    await admin.send('post', `/api/admin/tickets/${id}/messages`, {
      message: 'Within 45 days of the month end.',
    });
    await context.close();
    await page.reload();
    await expect(ticket).toContainText('In Progress');
    await ticket.getByRole('button', { name: 'Conversation and reply' }).click();
    const conversation = ticket.getByRole('list', { name: `Conversation: ${subject}` });
    await expect(conversation.getByRole('listitem')).toHaveCount(2);
    await expect(conversation.getByRole('listitem').nth(1)).toContainText('Riffline Support');
    await expect(conversation).toContainText('Within 45 days of the month end.');
    await ticket.getByLabel('Your reply').fill('Thank you!');
    await ticket.getByRole('button', { name: 'Send Reply' }).click();
    await expectToast(page, 'Reply Sent', 'The Riffline team is notified and answers within 24 hours.');
    await expect(conversation.getByRole('listitem')).toHaveCount(3);
    await snap(page, testInfo, 'ticket-conversation');
  });
});
