import { expect, test } from '@playwright/test';
import { Api, DEMO_ADMIN, apiSession, createRelease } from '../../test/e2e/seed.ts';
import {
  enrolAuthenticator,
  signInWithCode,
  steppedUpArtist,
  verifiedArtist,
} from '../../test/e2e/secondFactor.ts';
import { expectToast, signInAsDemoArtist, snap, unique } from './support.ts';

/**
 * Collaborator splits on the Release Builder (docs/splits.md): the owner opens a release's split, shares it
 * 70/30 with a collaborator from next month on (Save waits for exactly 100%), and reads the new version
 * with the collaborator's share held; a second version for the same month is refused in the server's words;
 * the release's track then gets a split of its own.
 * Who is paid what needs a recent sign-in with an authenticator app (docs/security.md): the owner is an
 * artist of the test's own who has one, and the demo artist, who has none, is sent to set one up.
 */

/** `YYYY-MM` of the month `offset` months from now, as the browser on this machine counts it. */
const month = (offset: number) => {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() + offset, 1);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
};

/** "2027-01" → "Jan 2027", as the app writes a sale month. */
const monthLabel = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

test(
  'the owner splits a release 70/30 from next month; the collaborator’s share reads held',
  { tag: '@phone' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    const owner = await steppedUpArtist(browser, testInfo, admin.api);
    const title = unique('Split Single');
    await createRelease(owner.api, { title, tracks: [title] });
    const collaborator = `${unique('bea')}@example.test`.toLowerCase();
    const next = month(1);

    await page.goto('/api/login?returnTo=%2Freleases');
    await signInWithCode(page, owner.person.email, owner.person.password, owner.app);
    await expect(page.getByRole('heading', { name: 'Release Builder', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Show Splits' }).click();
    const splits = card.getByRole('region', { name: 'Splits' });
    await expect(splits).toContainText('No split: everything this release earns is yours.');

    await splits.getByRole('button', { name: 'Change Split' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Split' });
    await expect(dialog).toContainText('their share is held for them until they accept');
    await expect(dialog.getByLabel('Applies from')).toHaveValue(next);
    const total = dialog.getByTestId('split-total');
    const save = dialog.getByRole('button', { name: 'Save Split' });
    await expect(dialog.getByLabel('Your share')).toHaveValue('100');
    await expect(total).toContainText('Total 100.00%');

    await dialog.getByLabel('Your share').fill('70');
    await dialog.getByRole('button', { name: 'Add Collaborator' }).click();
    const row = dialog.getByRole('group', { name: 'Collaborator 1' });
    await row.getByLabel('Collaborator 1 email').fill(collaborator);
    await row.getByLabel('Collaborator 1 name (optional)').fill('Bea Lyric');
    await row.getByLabel('Collaborator 1 share').fill('20');
    await expect(total).toContainText('Total 90.00%');
    await expect(save).toBeDisabled();
    await row.getByLabel('Collaborator 1 share').fill('30');
    await expect(total).toContainText('Total 100.00%');
    await expect(save).toBeEnabled();
    await snap(page, testInfo, 'change-split');
    await save.click();
    await expectToast(page, 'Split Saved', `“${title}” is split 2 ways from ${monthLabel(next)}.`);
    await expect(dialog).toBeHidden();
    // Closed by hand: on a phone the toast sits over where the dialog's buttons come next.
    await page.getByTestId('toast').locator('button').click();
    await expect(page.getByTestId('toast')).toBeHidden();

    await expect(splits).toContainText(`From ${monthLabel(next)} (upcoming)`);
    const shares = splits.getByTestId('split-share');
    await expect(shares).toHaveCount(2);
    await expect(shares.nth(0)).toContainText('70.00%');
    await expect(shares.nth(0)).toContainText('You');
    await expect(shares.nth(1)).toContainText('Bea Lyric');
    await expect(shares.nth(1)).toContainText(collaborator);
    await expect(shares.nth(1)).toContainText('30.00%');
    await expect(shares.nth(1)).toContainText('Invited — share held');
    // Nothing credited yet (in whatever currency the demo artist reads money).
    await expect(splits.getByTestId('split-payee').nth(1)).toContainText(
      /Earned \D*0[.,]00 · Held \D*0[.,]00/,
    );
    await expect(splits.getByTestId('split-version')).toHaveText([
      `From ${monthLabel(next)} · 2 payees (upcoming)`,
    ]);
    await card.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'release-split');

    // The form starts from the version just saved, a month later; the same month again is refused.
    await splits.getByRole('button', { name: 'Change Split' }).click();
    await expect(dialog.getByLabel('Applies from')).toHaveValue(month(2));
    await expect(dialog.getByLabel('Collaborator 1 email')).toHaveValue(collaborator);
    await expect(total).toContainText('Total 100.00%');
    await dialog.getByLabel('Applies from').fill(next);
    await save.click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `This release already has a split from ${next}: a version applies from a sale month no other starts at.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(splits.getByTestId('split-version')).toHaveCount(1);

    // The track gets a split of its own, which overrides the release's for what the track earns.
    await splits.getByRole('button', { name: 'Change Split' }).click();
    await dialog.getByRole('combobox', { name: 'Applies to' }).click();
    await page.getByRole('option', { name: `Track 1: ${title}` }).click();
    await expect(dialog).toContainText('Only this track’s earnings, instead of the release’s split');
    // It starts from the release's version, from next month (the track has none of its own yet).
    await expect(dialog.getByLabel('Applies from')).toHaveValue(next);
    await expect(dialog.getByLabel('Collaborator 1 email')).toHaveValue(collaborator);
    await dialog.getByLabel('Your share').fill('50');
    await dialog.getByLabel('Collaborator 1 share').fill('50');
    await save.click();
    await expectToast(page, 'Split Saved', `“${title}” is split 2 ways from ${monthLabel(next)}.`);
    await expect(dialog).toBeHidden();
    await page.getByTestId('toast').locator('button').click();
    await expect(splits.getByTestId('split-version')).toHaveText([
      `From ${monthLabel(next)} · 2 payees (upcoming)`,
      `Track “${title}”: From ${monthLabel(next)} · 2 payees (upcoming)`,
    ]);
    // The release's own shares stay as they were.
    await expect(shares.nth(0)).toContainText('70.00%');

    // An expense the owner paid is recorded, to be repaid from the release's earnings before the split.
    await splits.getByRole('button', { name: 'Add Expense' }).click();
    const expense = page.getByRole('dialog', { name: 'Add Expense' });
    await expense.getByLabel('Amount (USD)').fill('100');
    await expense.getByLabel('Note').fill('Mastering');
    await expense.getByRole('button', { name: 'Save' }).click();
    await expectToast(
      page,
      'Expense Recorded',
      'It is repaid from this release’s earnings before any split.',
    );
    await expect(expense).toBeHidden();
    const recorded = splits.getByTestId('release-expense');
    await expect(recorded).toHaveCount(1);
    await expect(recorded).toContainText('paid by you');
    await expect(recorded).toContainText('Mastering');
    await expect(splits).toContainText(/Left to recoup \D*100[.,]00/);
  },
);

test('an artist without an authenticator app is sent to set one up before a split is saved', async ({
  page,
}, testInfo) => {
  await signInAsDemoArtist(page);
  const title = unique('Split Gate');
  await createRelease(new Api(page.request, testInfo.project.use.baseURL!), { title, tracks: [title] });
  await page.goto('/releases');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Show Splits' }).click();
  await card.getByRole('region', { name: 'Splits' }).getByRole('button', { name: 'Change Split' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Split' });
  await dialog.getByLabel('Your share').fill('50');
  await dialog.getByRole('button', { name: 'Add Collaborator' }).click();
  await dialog.getByLabel('Collaborator 1 email').fill(`${unique('cal')}@example.test`.toLowerCase());
  await dialog.getByLabel('Collaborator 1 share').fill('50');
  await dialog.getByRole('button', { name: 'Save Split' }).click();
  const gate = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(gate).toContainText('payouts, payment methods and splits need it');
  await gate.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('Add Expense asks to confirm it’s you, and comes back to the form as it was', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  // Signed in with the password before the app is set up: this browser's sign-in has no second factor.
  const { api, person } = await verifiedArtist(page, admin.api, testInfo.project.use.baseURL!, 'rae');
  await admin.context.close();
  const { app } = await enrolAuthenticator(api);
  const title = unique('Costly Single');
  await createRelease(api, { title, tracks: [title] });

  await page.goto('/releases');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Show Splits' }).click();
  const splits = card.getByRole('region', { name: 'Splits' });
  await splits.getByRole('button', { name: 'Add Expense' }).click();
  const expense = page.getByRole('dialog', { name: 'Add Expense' });
  await expense.getByLabel('Amount (USD)').fill('250.50');
  await expense.getByLabel('Note').fill('Music video');
  await expense.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByRole('link', { name: 'Sign in again' }).click();
  await signInWithCode(page, person.email, person.password, app);

  // Back on the same release, the form open as it was left; now it is recorded.
  await expect(page).toHaveURL(/\/releases\?split=[0-9a-f-]+&expense=1$/);
  await expect(expense.getByLabel('Amount (USD)')).toHaveValue('250.50');
  await expect(expense.getByLabel('Note')).toHaveValue('Music video');
  await expense.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Expense Recorded', 'It is repaid from this release’s earnings before any split.');
  await expect(page.getByTestId('release-expense')).toContainText('Music video');
});
