import { expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ARTIST, apiSession, submitRelease } from '../../test/e2e/seed.ts';
import { signIn, unique } from './support.ts';

/**
 * A live release of the demo artist's and its card, for the suites of what happens after a release goes
 * out (takedowns, corrections). Desktop and phone run at once as the same artist, so each test makes a live
 * release of its own.
 */

/**
 * A release of the demo artist's (its tracks named `tracks`, else one named as the release), submitted
 * and approved by the demo admin: live. The admin's API session stays open for the test.
 */
export async function liveRelease(page: Page, testInfo: TestInfo, name: string, tracks?: string[]) {
  const artist = await apiSession(page.context().browser()!, testInfo, DEMO_ARTIST);
  const admin = await apiSession(page.context().browser()!, testInfo, DEMO_ADMIN);
  const title = unique(name);
  const release = await submitRelease(artist.api, { title, tracks: tracks ?? [title] });
  await admin.api.send('patch', `/api/admin/releases/${release.id}`, { status: 'live' });
  await artist.context.close();
  return { title, id: release.id, tracks: release.tracks, admin };
}

/** The Release Builder, signed in as the demo artist, with the release's card in view. */
export async function openCard(page: Page, title: string) {
  await page.goto('/api/login?returnTo=%2Freleases');
  await signIn(page, DEMO_ARTIST.email, DEMO_ARTIST.password);
  await expect(page.getByRole('heading', { name: 'Release Builder', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card.getByTestId('release-status')).toHaveText('Live');
  return card;
}
