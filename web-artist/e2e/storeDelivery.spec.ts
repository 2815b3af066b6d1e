import { expect, test } from '@playwright/test';
import type { DeliveryResponse } from '@riffline/contracts';
import { DEMO_ADMIN, DEMO_ARTIST, apiSession, submitRelease } from '../../test/e2e/seed.ts';
import { signIn, unique } from './support.ts';

/**
 * The demo store `make start` runs (docs/delivery.md, "The demo store in `make start`"), which the suite's
 * server runs too: a release the admin approves is delivered to Deezer's drop box on loopback, and the
 * artist's card shows it sent (or received), then live with the store's link, whose page answers. The
 * store and the workers each look every 2 s, and the card reads its deliveries when the page loads.
 */
test('an approved release goes to the demo store: Sent, then Live on Deezer with its page', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = unique('Harbour Lights');
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const release = await submitRelease(artist.api, { title, tracks: [title] });
  const delivery = async () =>
    (await artist.api.get<DeliveryResponse[]>(`/api/releases/${release.id}/deliveries`))[0]?.status;

  // Sent is a state of a few seconds, shorter than a page load on a busy machine. So the Release Builder
  // loads while the release is in review, its list of releases held back until the admin approved it, and
  // the card's request for its deliveries held until the store has the release and has not put it out yet
  // (the API, polled, says so). Each request then goes to the server as it was: the card shows what the
  // server says at that moment, however slowly the page loaded.
  let approve!: () => void;
  const approved = new Promise<void>((resolve) => (approve = resolve));
  await page.route(
    (url) => url.pathname === '/api/releases',
    async (route) => {
      await approved;
      await route.continue();
    },
  );
  await page.route(
    (url) => url.pathname === `/api/releases/${release.id}/deliveries`,
    async (route) => {
      await expect
        .poll(delivery, { timeout: 30_000, intervals: [100] })
        .toMatch(/^(delivered|ingested)$/)
        .catch(() => undefined); // the card then shows what it is instead, and the test says so
      await route.continue();
    },
  );
  const listAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/releases');
  await page.goto('/api/login?returnTo=%2Freleases');
  await signIn(page, DEMO_ARTIST.email, DEMO_ARTIST.password);
  await listAsked;

  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  await admin.api.send('patch', `/api/admin/releases/${release.id}`, { status: 'live' });
  await admin.context.close();
  approve();

  await expect(page.getByRole('heading', { name: 'Release Builder', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card.getByTestId('release-status')).toHaveText('Live');
  const deezer = card
    .getByRole('region', { name: 'Stores' })
    .getByTestId('store-status')
    .filter({ hasText: 'Deezer' });
  await expect(deezer).toContainText(/^(Sent to Deezer|Received by Deezer) · /);
  await expect(deezer.getByRole('link')).toHaveCount(0);
  await card.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}/release-sent-to-store.png`,
  });
  await page.unrouteAll({ behavior: 'wait' });
  await artist.context.close();

  /** The Deezer row once the page is loaded again ('' while there is none). */
  const rowAfterReload = async () => {
    await page.reload();
    await expect(card.getByTestId('release-status')).toHaveText('Live', { timeout: 30_000 });
    return (await deezer.count()) ? await deezer.innerText() : '';
  };

  // Then live, with the store's link.
  await expect.poll(rowAfterReload, { timeout: 90_000, intervals: [1_000] }).toMatch(/^Live on Deezer · /);
  const link = deezer.getByRole('link', { name: 'Open on Deezer' });
  await expect(link).toBeVisible();
  await card.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}/release-live-on-store.png`,
  });

  // The store's page for the release answers, with its title.
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/releases\/\d{12,13}$/);
  const store = await page.request.get(href!);
  expect(store.status()).toBe(200);
  expect(await store.text()).toContain(`<title>${title}</title>`);
});
