import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Saves a full-page screenshot as an artifact: test-results/screenshots/<project>/<name>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header belongs at the top of the picture
  await page.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}/${name}.png`,
    fullPage: true,
  });
}

/**
 * Opens a select (`field`) and picks `option` in its list, until the list has closed on the choice: on a
 * busy machine a click can land while the list is still opening and be ignored (seen in CI: the list stayed
 * open with the option active but not chosen), so the pick is tried again while the list is still there.
 */
export async function chooseOption(field: Locator, option: Locator) {
  const list = field.page().getByRole('listbox');
  await expect(async () => {
    if (!(await list.isVisible())) await field.click({ timeout: 5_000 });
    await option.click({ timeout: 5_000 });
    await expect(list).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/**
 * A unique SmartLink slug the API takes: its unique part written in consonants alone, since random letters
 * and digits now and then spell a word the slug filter refuses (an `fk`, an `a5s`), failing the test.
 */
export function uniqueSlug(prefix: string): string {
  const letters = 'bdghjmnpqrvwxz';
  let n = BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000));
  let part = '';
  for (; n > 0n; n /= 14n) part = letters[Number(n % 14n)] + part;
  return `${prefix}-${part}`;
}

/** Expects the single visible toast to show this title (and text). */
export async function expectToast(page: Page, title: string, text?: string) {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(title);
  if (text) await expect(toast).toContainText(text);
}

/**
 * 'Continue with Riffline ID' → the embedded provider → create an account → back in the app. The provider
 * opens on its create-account form ('Continue with' on /apply) or on sign-in (Login), which links to it.
 */
export async function createAccount(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  const createForm = page.getByRole('heading', { name: 'Create your account' });
  await expect(createForm.or(page.getByRole('heading', { name: 'Sign in' }))).toBeVisible();
  if (!(await createForm.isVisible())) await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(createForm).toBeVisible();
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
