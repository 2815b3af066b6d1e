import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, apiSession, importRoyalties, submitRelease } from '../../test/e2e/seed.ts';
import { mailedLink, signInWithCode, TestAuthenticator } from '../../test/e2e/secondFactor.ts';
import { createAccount, expectToast, snap, unique } from './support.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/**
 * A second factor for money (docs/security.md): a new artist (address verified, approved by the admin,
 * royalties of their own) cannot add a payment method before setting up an authenticator app and is sent
 * to Settings; there they set one up (the QR code, the secret in text, the app's first code; the recovery
 * codes shown once). Their payout is then refused until they confirm it's them: signing in again with the
 * password and the app's code brings them back to the Withdraw form, and the payout goes through.
 */
test('an artist sets up an authenticator app, and a payout asks for it again before it goes', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const noor = {
    firstName: 'Noor',
    lastName: 'Haddad',
    email: `${unique('noor')}@example.com`,
    password: 'a long password of noor',
  };
  await page.goto('/api/login?screen=signup');
  await createAccount(page, noor);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
  await page.goto(await mailedLink(page, noor.email, 'Verify your email address'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  await admin.api.send('patch', `/api/admin/users/${me.id}/approval`, { isApproved: true });

  // Earnings of $45.00, seeded from a second browser signed in with the password alone.
  const seeding = await apiSession(browser, testInfo, noor);
  const title = unique('Second Sight');
  const release = await submitRelease(seeding.api, { title, tracks: [title] });
  const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
    status: 'live',
  });
  await importRoyalties(admin.api, live.tracks[0]!.isrc!, '45.00');

  // Without an authenticator app, a payment method cannot be added: Settings is where to set one up.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const addForm = page.getByRole('dialog', { name: 'Add Payment Method' });
  await addForm.getByLabel('UPI ID').fill('noor@okhdfc');
  await addForm.getByRole('button', { name: 'Add Method' }).click();
  const setUp = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(setUp).toContainText('Set up two-factor authentication (an authenticator app) in Settings');
  await setUp.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(setUp).toBeHidden();
  await addForm.getByRole('button', { name: 'Cancel' }).click();

  // Setting it up: the secret in text (as an app that cannot scan takes it), then the app's first code.
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByTestId('two-factor-status')).toContainText('Off.');
  await card.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const app = new TestAuthenticator(await card.getByTestId('totp-secret').innerText());
  await card.getByLabel('Code from your app').fill('000000');
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByText('That code is not right.')).toBeVisible();
  await card.getByLabel('Code from your app').fill(await app.nextCode());
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByTestId('recovery-code')).toHaveCount(10);
  await expect(card.getByRole('button', { name: 'Copy Codes' })).toBeVisible();
  await snap(page, testInfo, 'two-factor-recovery-codes');
  await card.getByRole('button', { name: 'I Saved Them' }).click();
  await expect(card.getByTestId('two-factor-status')).toContainText('10 recovery codes left');

  // The seeding browser confirms it's Noor and adds a UPI id.
  const seedingPage = seeding.context.pages()[0]!;
  await seedingPage.goto('/api/login?stepUp=1');
  await signInWithCode(seedingPage, noor.email, noor.password, app);
  await expect(seedingPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const upiId = `${unique('noor').replace(/-/g, '.')}@okhdfc`;
  await seeding.api.send('post', '/api/payment-methods', { type: 'upi', upiId });

  // This browser signed in with the password only: the payout asks to confirm it's Noor.
  await page.goto('/royalties');
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Request Withdrawal' });
  await expect(withdraw.getByRole('combobox', { name: 'Payment Method' })).toContainText(upiId);
  await withdraw.getByLabel('Amount').fill('25');
  await withdraw.getByRole('button', { name: 'Submit Request' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toContainText('sign-in with your authenticator app within the last 10 minutes');
  await snap(page, testInfo, 'confirm-its-you');
  await confirm.getByRole('link', { name: 'Sign in again' }).click();
  await signInWithCode(page, noor.email, noor.password, app);

  // Back on the same form, as it was left; now it goes through.
  await expect(page).toHaveURL(/\/royalties\?withdraw=1$/);
  await expect(withdraw).toBeVisible();
  await expect(withdraw.getByLabel('Amount')).toHaveValue('25');
  await withdraw.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(page, 'Withdrawal Requested', '$25.00 is on its way for review.');
  const history = page.getByRole('region', { name: 'Withdrawal History' });
  await expect(history.getByText(`UPI ${upiId}`)).toBeVisible();
  await seeding.context.close();
  await admin.context.close();
});
