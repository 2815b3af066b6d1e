import { expect, test } from '@playwright/test';
import { snap, unique } from '../../test/e2e/support.ts';
import { DEMO_ADMIN, apiSession, createRelease, signInToConsole } from '../../test/e2e/seed.ts';
import { steppedUpArtist } from '../../test/e2e/secondFactor.ts';

/**
 * A release's split on its page in the console (docs/splits.md), read-only: an artist (with the
 * authenticator app a split needs) shares a release of the test's own with a collaborator through the API, and the admin reads the version,
 * its shares and statuses, and what each payee was credited (a table on a desktop, cards on a phone).
 */
test(
  'an admin reads a release’s split on its page',
  { tag: '@phone' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    const owner = await steppedUpArtist(browser, testInfo, admin.api);
    const artist = owner.api;
    const title = unique('Shared Single');
    const release = await createRelease(artist, { title, tracks: [title] });
    const collaborator = `${unique('cal')}@example.test`.toLowerCase();
    await artist.send('post', `/api/releases/${release.id}/splits`, {
      effectiveFrom: '2031-03',
      shares: [
        { owner: true, percent: '62.5' },
        { email: collaborator, percent: '37.5', name: 'Cal Keys' },
      ],
    });
    await owner.context.close();
    await admin.context.close();

    await signInToConsole(page, `/admin/releases/${release.id}/show`);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    const splits = page.getByRole('region', { name: 'Splits' });
    const version = splits.getByTestId('split-version');
    await expect(version).toHaveCount(1);
    await expect(version.getByRole('heading')).toHaveText('From Mar 2031 · 2 payees (upcoming)');
    await expect(version).toContainText(owner.person.email);
    await expect(version).toContainText('62.50%');
    await expect(version).toContainText('Owner');
    await expect(version).toContainText('Cal Keys');
    await expect(version).toContainText(collaborator);
    await expect(version).toContainText('37.50%');
    await expect(version).toContainText('Invited — share held');
    await expect(splits.getByRole('heading', { name: 'Credited so far, all versions' })).toBeVisible();
    await expect(splits).toContainText('$0.00');
    await splits.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'release-splits');
  },
);
