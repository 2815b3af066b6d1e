import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, expectToast, signIn, snap, unique } from './support.ts';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The links of this subject sent to `to`, newest first, read from the local outbox (GET /api/dev/mail). */
async function mailedLinks(request: APIRequestContext, to: string, subject: string, count = 1) {
  let links: string[] = [];
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      links = messages
        .filter((m) => m.subject === subject)
        .map((m) => m.text.match(/https?:\/\/\S+\?token=[A-Za-z0-9_-]+/)?.[0] ?? '');
      return links.length;
    })
    .toBeGreaterThanOrEqual(count);
  return links;
}

const person = (name: string) => ({
  firstName: 'Noor',
  lastName: 'Haddad',
  email: `${unique(name)}@example.com`,
  password: 'my first password',
});

test.describe('email verification', () => {
  test('the banner asks to verify, resends the link, and goes once the emailed link is opened', async ({
    page,
  }, testInfo) => {
    const noor = person('noor');
    await page.goto('/api/login');
    await createAccount(page, noor);
    const banner = page.getByText(`Please verify your email address. We sent a link to ${noor.email}.`);
    await expect(banner).toBeVisible();
    await snap(page, testInfo, 'verify-email-banner');

    await page.getByRole('button', { name: 'Resend link' }).click();
    await expectToast(page, 'Verification email sent', `We sent a new link to ${noor.email}.`);
    const [newest, older] = await mailedLinks(page.request, noor.email, 'Verify your email address', 2);

    await page.goto(newest!);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await expect(page.getByText(`Thank you: ${noor.email} is verified.`)).toBeVisible();
    await snap(page, testInfo, 'email-verified');
    await page.getByRole('link', { name: 'Back to Riffline' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
    await expect(banner).toBeHidden();

    // The first link was used up by the newer one.
    await page.goto(older!);
    await expect(page.getByText('This verification link has expired or was already used.')).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('from "Forgot your password?" on the sign-in page to signing in with the new password', async ({
    page,
    context,
  }, testInfo) => {
    const ines = person('ines');
    await page.goto('/api/login');
    await createAccount(page, ines);
    await expect(page.getByRole('button', { name: 'Resend link' })).toBeVisible();
    await context.clearCookies(); // signed out everywhere: this browser remembers nothing

    await page.goto('/api/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(ines.email);
    await snap(page, testInfo, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that address, we sent a link to reset its password.'),
    ).toBeVisible();
    await snap(page, testInfo, 'reset-requested');

    const [link] = await mailedLinks(page.request, ines.email, 'Reset your Riffline password');
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password (at least 8 characters)').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password (at least 8 characters)').fill('my second password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await snap(page, testInfo, 'password-changed');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, ines.email, ines.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await signIn(page, ines.email, 'my second password');
    await expect(page).not.toHaveURL(/\/oidc\//);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
    const me = await page.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({ email: ines.email, emailVerified: true });
    // The reset link reached the address, so it counts as verified: no banner.
    await expect(page.getByRole('button', { name: 'Resend link' })).toBeHidden();

    // The link is single-use.
    await page.goto(link!);
    await expect(
      page.getByText('This reset link has expired or was already used. Ask for a new one.'),
    ).toBeVisible();
  });
});
