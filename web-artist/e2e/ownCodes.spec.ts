import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { buildIsrc, buildUpc, formatIsrc, type ReleaseInput } from '@riffline/contracts';
import { cover } from '../../test/e2e/seed.ts';
import { chooseOption, expectToast, signIn, unique } from './support.ts';

/**
 * Bring your own codes in the Release Builder: with Previously released on, the wizard asks for the
 * release's UPC and each track's ISRC, checks them as the server does, and sends them; off, it neither
 * shows nor sends them.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Codes nobody in this run's catalogue has: a registrant and a company prefix of their own. */
const freshIsrc = () =>
  buildIsrc(
    `QZ${Array.from({ length: 3 }, () => letters[randomInt(letters.length)]).join('')}`,
    19,
    1 + randomInt(99_999),
  );
const freshUpc = () => buildUpc(String(600_000 + randomInt(300_000)), 1 + randomInt(99_999));

async function choose(page: Page, field: Locator, option: string) {
  await chooseOption(field, page.getByRole('option', { name: option, exact: true }));
}

test('a previously released EP brings its UPC and ISRCs through the wizard', async ({ page }, testInfo) => {
  const title = unique('Harbour Lights');
  const [upc, isrc] = [freshUpc(), freshIsrc()];
  await page.goto('/api/login');
  await signIn(page, 'artist@riffline.local', 'riffline-artist');
  await expect(page.getByRole('heading', { name: 'Welcome back, Arlo' })).toBeVisible();
  await page.goto('/releases');
  await page.getByRole('button', { name: 'New Release' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Release' });
  const step = dialog.getByTestId('wizard-step');
  const next = dialog.getByRole('button', { name: 'Next' });

  // Release info, two tracks, the checklist.
  await dialog.getByLabel('Release Title').fill(title);
  await dialog.locator('#release-artist').fill('Arlo');
  await choose(page, dialog.getByLabel('Primary Genre'), 'Electronic');
  await choose(page, dialog.getByLabel('Release Type'), 'EP (2-5 tracks)');
  await dialog.getByLabel('Release Date').fill(inDays(60));
  await dialog
    .locator('input[aria-label="Cover art file"]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover() });
  await expect(dialog.getByTestId('cover-file')).toContainText('cover.png');
  await next.click();
  await expect(step).toHaveText('Step 2 of 5: Tracks & Metadata');
  const track = (n: number) => dialog.getByRole('group', { name: `Track ${n}`, exact: true });
  await dialog.getByRole('button', { name: 'Add Track' }).click();
  await track(1).getByLabel('Track Title').fill('Coastline');
  await dialog.getByRole('button', { name: 'Add Track' }).click();
  await track(2).getByLabel('Track Title').fill('Low Tide');
  await next.click();
  await expect(step).toHaveText('Step 3 of 5: Distribution Checklist');
  await dialog.getByLabel(/Explicit content is labelled/).check();
  await dialog.getByLabel('I am authorised to distribute this music').check();
  await dialog.getByLabel("I am not using another artist's name without permission").check();
  await next.click();

  // The codes show only while Previously released is on.
  await expect(step).toHaveText('Step 4 of 5: Release Settings');
  const upcField = dialog.getByLabel('UPC', { exact: true });
  const isrcField = (n: number) => dialog.getByLabel(new RegExp(`^ISRC of track ${n}\\b`));
  await expect(upcField).toHaveCount(0);
  await expect(isrcField(1)).toHaveCount(0);
  await dialog.getByLabel('Previously Released').check();
  await expect(upcField).toBeVisible();
  await expect(dialog.getByLabel('ISRC of track 1 (Coastline)')).toBeVisible();
  await expect(dialog.getByLabel('ISRC of track 2 (Low Tide)')).toBeVisible();
  await dialog.getByLabel('Original Release Date').fill('2021-03-05');

  // Checked as the server checks them, in its words, on their fields.
  await upcField.fill('036000291453');
  await isrcField(1).fill('QZ-ABC-2-00001');
  await next.click();
  await expect(dialog.getByText('UPC 036000291453 has a wrong check digit')).toBeVisible();
  await expect(dialog.getByText('ISRC QZ-ABC-2-00001 is not a valid ISRC (CC-XXX-YY-NNNNN)')).toBeVisible();
  await expect(step).toHaveText('Step 4 of 5: Release Settings');
  await upcField.fill(upc);
  await isrcField(1).fill(formatIsrc(isrc).toLowerCase());
  await expect(dialog.getByText('has a wrong check digit')).toHaveCount(0);
  await expect(dialog.getByText('is not a valid ISRC')).toHaveCount(0);
  await page.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}/release-wizard-own-codes.png`,
  });
  await next.click();

  await expect(step).toHaveText('Step 5 of 5: Review');
  const review = dialog.getByRole('form', { name: 'Review' });
  await expect(review).toContainText(`UPC${upc}`);
  await expect(review).toContainText(`ISRC ${formatIsrc(isrc).toLowerCase()}`);

  // Sent with the release, and kept: the ISRC without its hyphens, upper-cased; the other track has none
  // until approval gives it one.
  const [request, response] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/releases'),
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/releases',
    ),
    dialog.getByRole('button', { name: 'Create Release' }).click(),
  ]);
  const sent = request.postDataJSON() as ReleaseInput;
  expect(sent.upc).toBe(upc);
  expect(sent.tracks.map((t) => t.isrc)).toEqual([formatIsrc(isrc).toLowerCase(), undefined]);
  expect(response.status()).toBe(201);
  const created = (await response.json()) as {
    id: string;
    upc: string;
    tracks: Array<{ isrc: string | null }>;
  };
  expect([created.upc, ...created.tracks.map((t) => t.isrc)]).toEqual([upc, isrc, null]);
  await expectToast(page, 'Release Created!');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});

test('with Previously released off, codes typed before are neither shown nor sent', async ({ page }) => {
  const title = unique('Fresh Start');
  await page.goto('/api/login');
  await signIn(page, 'artist@riffline.local', 'riffline-artist');
  await expect(page.getByRole('heading', { name: 'Welcome back, Arlo' })).toBeVisible();
  await page.goto('/releases');
  await page.getByRole('button', { name: 'New Release' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Release' });
  const next = dialog.getByRole('button', { name: 'Next' });
  await dialog.getByLabel('Release Title').fill(title);
  await dialog.locator('#release-artist').fill('Arlo');
  await choose(page, dialog.getByLabel('Primary Genre'), 'Electronic');
  await dialog.getByLabel('Release Date').fill(inDays(60));
  await dialog
    .locator('input[aria-label="Cover art file"]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover() });
  await next.click();
  await dialog.getByRole('button', { name: 'Add Track' }).click();
  await dialog.getByRole('group', { name: 'Track 1', exact: true }).getByLabel('Track Title').fill('One');
  await next.click();
  await next.click();

  await dialog.getByLabel('Previously Released').check();
  await dialog.getByLabel('UPC', { exact: true }).fill('not a code');
  await dialog.getByLabel(/^ISRC of track 1\b/).fill('nor this');
  await dialog.getByLabel('Previously Released').uncheck();
  await expect(dialog.getByLabel('UPC', { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel(/^ISRC of track 1\b/)).toHaveCount(0);
  await next.click();
  await expect(dialog.getByTestId('wizard-step')).toHaveText('Step 5 of 5: Review');
  await expect(dialog.getByRole('form', { name: 'Review' })).not.toContainText('UPC');

  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/releases'),
    dialog.getByRole('button', { name: 'Create Release' }).click(),
  ]);
  const sent = request.postDataJSON() as Record<string, unknown> & { tracks: Array<Record<string, unknown>> };
  expect(sent).not.toHaveProperty('upc');
  expect(sent.tracks[0]).not.toHaveProperty('isrc');
  await expectToast(page, 'Release Created!');
});
