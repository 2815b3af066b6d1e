import { expect, type Page, type TestInfo } from '@playwright/test';

/** Saves a full-page screenshot as an artifact: test-results/screenshots/<project>/<name>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header belongs at the top of the picture
  await page.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}/${name}.png`,
    fullPage: true,
  });
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** Expects the single visible toast to show this title (and text). */
export async function expectToast(page: Page, title: string, text?: string) {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(title);
  if (text) await expect(toast).toContainText(text);
}

/** 'Continue with Riffline ID' → the embedded provider → create an account → back in the app. */
export async function createAccount(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in on the embedded provider's page (the browser is already there). */
export async function signIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
