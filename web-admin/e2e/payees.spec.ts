import { expect, test } from '@playwright/test';
import { snap, unique } from '../../test/e2e/support.ts';
import { DEMO_ADMIN, apiSession, createRelease, signInToConsole } from '../../test/e2e/seed.ts';
import { steppedUpArtist } from '../../test/e2e/secondFactor.ts';

/**
 * The console's Payees (docs/admin-console.md): an artist (with the authenticator app a split needs)
 * shares a release with a collaborator through the API and records an expense; the admin finds the
 * invited payee in Payees, with nothing held yet, opens them, and sees the release's expenses on its page.
 */
test('an admin finds an invited payee in Payees and opens them', async ({ browser, page }, testInfo) => {
  test.setTimeout(150_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const owner = await steppedUpArtist(browser, testInfo, admin.api);
  const artist = owner.api;
  const title = unique('Payee Single');
  const release = await createRelease(artist, { title, tracks: [title] });
  const collaborator = `${unique('dee')}@example.test`.toLowerCase();
  await artist.send('post', `/api/releases/${release.id}/splits`, {
    effectiveFrom: '2031-03',
    shares: [
      { owner: true, percent: '60' },
      { email: collaborator, percent: '40', name: 'Dee Strings' },
    ],
  });
  await artist.send('post', `/api/releases/${release.id}/expenses`, {
    amountUsd: '120.00',
    paidBy: 'owner',
    note: 'Mixing',
  });
  await owner.context.close();
  await admin.context.close();

  await signInToConsole(page, '/admin/payees');
  await page.getByRole('textbox', { name: 'Search' }).fill(collaborator);
  // The click must land on the filtered list, not on the unfiltered one the search is replacing.
  await expect(page).toHaveURL(/filter=%7B%22q%22/);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const row = page.getByRole('row').filter({ hasText: collaborator });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dee Strings');
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('cell').nth(7)).toHaveText('$0.00');
  await snap(page, testInfo, 'payees');

  await row.click();
  await expect(page).toHaveURL(/\/admin\/payees\/[0-9a-f-]+\/show$/);
  const releases = page.getByRole('table', { name: 'Releases and shares' });
  await expect(releases).toContainText(title);
  await expect(releases).toContainText('40.00% from 2031-03');

  await releases.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  const expenses = page.getByRole('region', { name: 'Expenses' });
  await expect(expenses).toContainText('$120.00');
  await expect(expenses).toContainText('Mixing');
  await expect(expenses).toContainText('Left to recoup: $120.00');
  await snap(page, testInfo, 'release-expenses');
});
