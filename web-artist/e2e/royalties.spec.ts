import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { statementMonthLabel } from '@riffline/contracts';
import { DEMO_ADMIN, apiSession, importRoyalties, submitRelease } from '../../test/e2e/seed.ts';
import { signInWithCode, steppedUpArtist } from '../../test/e2e/secondFactor.ts';
import { chooseOption, expectToast, snap, unique } from './support.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/**
 * Royalties (SPEC §2 Royalties, §4 Withdrawal, §5, §8): an artist earns through a store report the admin
 * imports, then asks for a payout on the page: the 20 USD minimum is refused with its message, a payout to
 * their own UPI id is listed as pending, the admin's approval shows with its label, and once completed the
 * row says it was paid, with the payment's reference. The artist has an authenticator app and signs in with
 * it (docs/security.md); desktop and phone each have an artist of their own.
 */
test(
  'the artist sees earnings, is held to the minimum and requests a withdrawal',
  { tag: '@phone' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    // An artist of this test's own with an authenticator app: payouts ask for a recent sign-in with it.
    const artist = await steppedUpArtist(browser, testInfo, admin.api);
    const title = unique('Royal Blue');
    const release = await submitRelease(artist.api, { title, tracks: [title] });
    const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
      status: 'live',
    });
    await importRoyalties(admin.api, live.tracks[0]!.isrc!, '45.00');
    const upiId = `${unique('arlo').replace(/-/g, '.')}@okhdfc`;
    await artist.api.send('post', '/api/payment-methods', { type: 'upi', upiId });

    await page.goto('/api/login?returnTo=%2Froyalties');
    await signInWithCode(page, artist.person.email, artist.person.password, artist.app);
    await expect(page.getByRole('heading', { name: 'Royalties', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Royalties · Riffline');
    for (const id of ['royalty-total', 'royalty-month', 'royalty-available']) {
      await expect(page.getByTestId(`${id}-value`)).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    }
    const dollars = async (id: string) =>
      Number((await page.getByTestId(`${id}-value`).innerText()).replace(/[^\d.]/g, ''));
    expect(await dollars('royalty-total')).toBeGreaterThanOrEqual(45);
    const earnings = page.getByRole('region', { name: 'Earnings History' });
    await expect(
      earnings.getByRole('listitem').filter({ hasText: title }).filter({ hasText: '$45.00' }),
    ).toHaveCount(1);
    await expect(earnings.getByRole('listitem').filter({ hasText: title })).toContainText('January 2026');

    // This month's statement (credited today) downloads as CSV, with the release and its 45.00.
    const statement = page.getByRole('listitem', {
      name: `Statement for ${statementMonthLabel(new Date().toISOString().slice(0, 7))}`,
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      statement.getByRole('link', { name: 'CSV' }).click(),
    ]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(title);
    expect(csv).toContain('45.00');

    // SPEC §5: at least 20 USD.
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await chooseOption(
      dialog.getByRole('combobox', { name: 'Payment Method' }),
      page.getByRole('option', { name: new RegExp(upiId.replace(/\./g, '\\.')) }),
    );
    await dialog.getByLabel('Amount').fill('19.99');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Invalid Amount', 'Minimum withdrawal amount is $20.00');
    await expect(dialog.getByText('Minimum withdrawal amount is $20.00')).toBeVisible();
    await snap(page, testInfo, 'royalties-withdrawal-minimum');

    await dialog.getByLabel('Amount').fill('20');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Withdrawal Requested', '$20.00 is on its way for review.');
    await expect(dialog).toBeHidden();
    const history = page.getByRole('region', { name: 'Withdrawal History' });
    const payout = history.getByRole('listitem').filter({ hasText: `UPI ${upiId}` });
    await expect(payout).toHaveCount(1);
    await expect(payout).toContainText('$20.00');
    await expect(payout).toContainText('Pending');
    await snap(page, testInfo, 'royalties');

    // The admin approves: the artist reads SPEC §4's label and note.
    const [mine] = (
      await artist.api.get<Array<{ id: string; paymentMethod: { label: string } | null }>>(
        '/api/withdrawal-requests',
      )
    ).filter((w) => w.paymentMethod?.label === `UPI ${upiId}`);
    const review = (body: Record<string, string>) =>
      admin.api.send('patch', `/api/admin/withdrawal-requests/${mine!.id}`, body);
    await review({ status: 'approved' });
    await page.reload();
    await expect(payout).toContainText('Approved - Processing (24hr)');
    await expect(payout).toContainText('approved for processing, payment within 24 hours');

    // Paid: the row says so with the payment's reference, and no longer promises payment within 24 hours.
    await review({ status: 'processing' });
    await review({ status: 'completed', paymentReference: 'UTR 412345678901' });
    await admin.context.close();
    await artist.context.close();
    await page.reload();
    await expect(payout).toContainText('Completed');
    await expect(payout).toContainText('Paid, reference UTR 412345678901');
    await expect(payout).not.toContainText('payment within 24 hours');
  },
);
