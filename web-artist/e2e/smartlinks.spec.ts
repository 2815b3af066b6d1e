import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { artistOptInText, SLUG_RESERVED_MESSAGE, type SmartLinkResponse } from '@riffline/contracts';
import { DEMO_ADMIN, DEMO_ARTIST, apiSession, createRelease, submitRelease } from '../../test/e2e/seed.ts';
import { steppedUpArtist } from '../../test/e2e/secondFactor.ts';
import { expectToast, signIn, unique, uniqueSlug } from './support.ts';

/**
 * SmartLinks (docs/smartlinks.md), the artist's side: on a release's card in the Release Builder, Show
 * SmartLink opens its panel: the page's address (Copy Link, Edit Slug, checked as the server checks it),
 * Collect fan emails, the Numbers (none for a fresh release, then the visit the test makes, once the
 * workers counted it) and the fans with Export Fans (CSV), which asks for an authenticator app as payouts
 * do. Desktop and phone run at once as the same artist, so each test makes a release of its own.
 */

/** The card's SmartLink panel, opened. */
async function openPanel(card: Locator) {
  await card.getByRole('button', { name: 'Show SmartLink' }).click();
  const panel = card.getByRole('region', { name: 'SmartLink', exact: true });
  await expect(panel.getByTestId('smartlink-url')).toBeVisible();
  return panel;
}

/** The release's SmartLink as the API answers it to the signed-in artist of `page`. */
async function smartLinkOf(page: Page, releaseId: string) {
  const res = await page.request.get(`/api/releases/${releaseId}/smartlink`);
  expect(res.ok(), `GET smartlink: ${res.status()}`).toBe(true);
  return (await res.json()) as SmartLinkResponse;
}

test.describe('a SmartLink', () => {
  test('of a fresh release: its link, a new slug, fan emails, then the numbers of a visit', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    // A fresh release in review: its page is public and takes pre-saves until it is approved and out (a
    // draft's page is not public yet).
    const seeding = await apiSession(page.context().browser()!, testInfo, DEMO_ARTIST);
    const title = unique('Tide Pool');
    const { id } = await submitRelease(seeding.api, { title, tracks: [title] });
    await seeding.context.close();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto('/api/login?returnTo=%2Freleases');
    await signIn(page, DEMO_ARTIST.email, DEMO_ARTIST.password);
    await expect(page.getByRole('heading', { name: 'Release Builder', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: title, exact: true });
    const panel = await openPanel(card);
    const smartLink = await smartLinkOf(page, id);

    // The link, as the page's address; before release day, the page takes pre-saves.
    const link = panel.getByTestId('smartlink-url');
    expect(smartLink.url).toBe(`${baseURL}/l/${smartLink.slug}`);
    await expect(link).toHaveText(smartLink.url);
    await expect(link).toHaveAttribute('href', smartLink.url);
    await expect(panel.getByTestId('smartlink-mode')).toHaveText('Pre-save');
    await expect(panel.getByTestId('smartlink-not-public')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Link Copied', smartLink.url);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(smartLink.url);

    // Nobody opened it yet: the numbers say so.
    const numbers = panel.getByRole('region', { name: 'Numbers' });
    await expect(numbers.getByTestId('smartlink-no-visits')).toHaveText(/^No visits yet/);
    await expect(numbers.getByTestId('smartlink-chart')).toHaveCount(0);

    // A reserved word is refused in the contracts' words, before anything is sent.
    await panel.getByRole('button', { name: 'Edit Slug' }).click();
    const form = panel.getByRole('form', { name: 'Edit Slug' });
    const slugField = form.getByRole('textbox', { name: 'Slug' });
    await expect(slugField).toHaveValue(smartLink.slug);
    await slugField.fill('admin');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(SLUG_RESERVED_MESSAGE)).toBeVisible();
    expect((await smartLinkOf(page, id)).slug).toBe(smartLink.slug);

    // A slug of its own: saved, and the link shown changes.
    const slug = uniqueSlug('tide');
    await slugField.fill(slug);
    await expect(form.getByText(SLUG_RESERVED_MESSAGE)).toHaveCount(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Link Changed', `${baseURL}/l/${slug}`);
    await expect(form).toHaveCount(0);
    await expect(link).toHaveText(`${baseURL}/l/${slug}`);
    expect((await smartLinkOf(page, id)).slug).toBe(slug);

    // Collect fan emails: saved as it is switched.
    const emails = panel.getByRole('switch', { name: 'Collect fan emails' });
    await expect(emails).not.toBeChecked();
    await emails.click();
    await expectToast(page, 'SmartLink Saved', 'now asks fans');
    await expect(emails).toBeChecked();
    await expect(emails).toBeEnabled();
    expect((await smartLinkOf(page, id)).collectEmails).toBe(true);
    await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}/smartlink-panel.png` });

    // A visit to the page, in this browser: the workers count it, then the panel shows it.
    const visit = await page.context().newPage();
    const opened = await visit.goto(`/l/${slug}`);
    expect(opened?.status()).toBe(200);
    await expect(visit.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // Collect fan emails on: the pre-save form offers the artist's news too.
    await expect(visit.getByRole('checkbox', { name: artistOptInText('Arlo Artist') })).toBeVisible();
    await visit.close();

    await page.reload();
    const reopened = await openPanel(card);
    // Still on after the reload: the switch was saved.
    await expect(reopened.getByRole('switch', { name: 'Collect fan emails' })).toBeChecked();
    await expect(reopened.getByTestId('smartlink-url')).toHaveText(`${baseURL}/l/${slug}`);
    const counted = reopened.getByRole('region', { name: 'Numbers' });
    const views = counted.getByTestId('smartlink-views');
    await expect(async () => {
      if (!(await views.isVisible())) {
        await counted.getByRole('button', { name: 'Refresh numbers' }).click();
      }
      await expect(views).toHaveText('1', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(counted.getByTestId('smartlink-no-visits')).toHaveCount(0);
    await expect(counted.getByTestId('smartlink-clicks')).toHaveText('0');
    await expect(counted.getByRole('figure')).toHaveAccessibleName(
      'Views and store clicks per day: 1 view and 0 store clicks',
    );
    await reopened.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}/smartlink-numbers.png`,
    });

    // The fans export is a list of people's addresses: without an authenticator app, it says to set one up.
    await reopened.getByRole('button', { name: 'Export Fans (CSV)' }).click();
    const setUp = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await expect(setUp).toBeVisible();
    await setUp.getByRole('button', { name: 'Cancel' }).click();
    await expect(setUp).toBeHidden();
  });

  test('fans export: a CSV download for an artist signed in with their authenticator app', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    const artist = await steppedUpArtist(browser, testInfo, admin.api);
    await admin.context.close();
    const title = unique('Harbour Lights');
    await createRelease(artist.api, { title, tracks: [title] });

    const { page } = artist;
    await page.goto('/releases');
    await expect(page.getByRole('heading', { name: 'Release Builder', level: 1 })).toBeVisible();
    const panel = await openPanel(page.getByRole('article', { name: title, exact: true }));
    // A draft: its page opens to fans once it is submitted, and says so.
    await expect(panel.getByTestId('smartlink-not-public')).toHaveText(
      'Fans can open your SmartLink once you submit this release for review.',
    );
    await expect(panel.getByTestId('smartlink-fans')).toHaveText(/^No fans yet/);

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export Fans (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^riffline-fans-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.split('\n')[0]).toBe('email,artistOptIn,source,consentText,consentedAt,confirmedAt');
    await expectToast(page, 'Fans Exported', file.suggestedFilename());
    await artist.context.close();
  });
});
