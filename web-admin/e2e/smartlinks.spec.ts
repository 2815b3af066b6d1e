import { expect, test, type Page } from '@playwright/test';
import type { AdminSmartLinkResponse } from '@riffline/contracts';
import { expectToast, snap } from '../../test/e2e/support.ts';
import { DEMO_ADMIN, DEMO_ARTIST, apiSession, entry, signInToConsole } from '../../test/e2e/seed.ts';
import { liveRelease } from './s3Store.ts';

/**
 * SmartLinks in the console (issue 37: "a SmartLink can be disabled for abuse; the page then says it is
 * unavailable"). The demo artist's release gets its SmartLink when it is made (POST /api/releases), and is
 * approved so that its page is public; the admin finds it in the list (sortable by its numbers), disables it (a reason is required)
 * and its page answers 410 saying it is unavailable; enabled again, the page answers 200.
 */

const REASON_REQUIRED = 'Please give a reason for disabling the SmartLink';
const UNAVAILABLE = 'This SmartLink is unavailable';

/**
 * The public page as a visitor fetches it, on a connection of its own (as test/e2e/seed.ts's calls: an idle
 * kept-alive one races the server closing it).
 */
const visit = (page: Page, url: string) => page.request.get(url, { headers: { connection: 'close' } });

test('an admin disables a SmartLink for abuse with a reason, its page says it is unavailable, and enables it again', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const release = await liveRelease(artist.api, admin.api, 'Neon Harbour');
  const { title } = release;
  await artist.context.close();

  // The release's SmartLink, as the console's list reads it (searched by the release's title).
  const filter = encodeURIComponent(JSON.stringify({ q: title }));
  const found = await admin.api.get<AdminSmartLinkResponse[]>(`/api/admin/smartlinks?filter=${filter}`);
  const smartLink = found.find((s) => s.releaseId === release.id)!;
  expect(smartLink, `the SmartLink of ${release.id}`).toBeTruthy();
  expect(smartLink).toMatchObject({ releaseTitle: title, disabledAt: null, disabledReason: null });
  expect(smartLink.url).toMatch(new RegExp(`/l/${smartLink.slug}$`));
  expect((await visit(page, smartLink.url)).status()).toBe(200);

  // The list: the slug opens the page in a new tab, with the release, its artist, its numbers, Active.
  await signInToConsole(page, '/admin/smartlinks');
  await expect(page.getByRole('menuitem', { name: 'SmartLinks' })).toBeVisible();
  await page.getByPlaceholder('Search').fill(title);
  const row = entry(page, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(smartLink.slug);
  await expect(row).toContainText(smartLink.artist);
  await expect(row).toContainText('Active');
  const slugLink = row.getByRole('link', { name: smartLink.slug });
  await expect(slugLink).toHaveAttribute('href', smartLink.url);
  await expect(slugLink).toHaveAttribute('target', '_blank');
  await expect(row.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/admin/releases/${release.id}/show`,
  );
  await expect(page.getByRole('columnheader')).toHaveText([
    'Slug',
    'Release',
    'Artist',
    'Views',
    'Clicks',
    'Status',
  ]);
  await snap(page, testInfo, 'admin-smartlinks');
  // Its numbers sort the list, the busiest first; the release and artist sort too.
  await page.getByRole('columnheader', { name: 'Views' }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=views(&|$)/);
  await expect(page).toHaveURL(/[?&]order=DESC(&|$)/);
  await expect(row).toHaveCount(1);
  await page.getByRole('columnheader', { name: 'Artist' }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=artist(&|$)/);
  await expect(row).toHaveCount(1);

  // The release's page links to its SmartLink's page in the console.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/releases/${release.id}/show$`));
  await page.getByRole('link', { name: smartLink.slug, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/smartlinks/${smartLink.id}/show$`));
  await expect(page.getByText(smartLink.url, { exact: true })).toBeVisible();

  // Disable: a reason is asked, and none is refused, by the console and by the API alike.
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  const disable = page.getByRole('dialog', { name: `Disable the SmartLink “${smartLink.slug}”?` });
  await expect(disable).toBeVisible();
  await disable.getByRole('button', { name: 'Disable SmartLink' }).click();
  await expect(disable.getByText(REASON_REQUIRED)).toBeVisible();
  const refused = await admin.api.request.patch(`/api/admin/smartlinks/${smartLink.id}`, {
    data: { disabled: true },
    headers: { origin: admin.api.origin, connection: 'close' },
  });
  expect(refused.status()).toBe(400);
  const refusal = (await refused.json()) as { message: string; issues?: { path: string; message: string }[] };
  expect(refusal.message).toBe(REASON_REQUIRED);
  expect(refusal.issues).toContainEqual(
    expect.objectContaining({ path: 'body.reason', message: REASON_REQUIRED }),
  );
  expect((await visit(page, smartLink.url)).status()).toBe(200);

  // With the reason, it is disabled: its page answers 410 and says it is unavailable.
  const reason = 'Phishing: the page was shared with a fake store login.';
  await disable.getByLabel(/Reason/).fill(reason);
  await snap(page, testInfo, 'admin-smartlink-disable');
  await disable.getByRole('button', { name: 'Disable SmartLink' }).click();
  await expectToast(
    page,
    'SmartLink Disabled',
    `The page of “${smartLink.slug}” now says it is unavailable.`,
  );
  await expect(disable).toBeHidden();
  await expect(page.getByTestId('smartlink-disabled')).toContainText(reason);
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toHaveCount(0);
  await snap(page, testInfo, 'admin-smartlink-disabled');
  const gone = await visit(page, smartLink.url);
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain(UNAVAILABLE);
  const stored = await admin.api.get<AdminSmartLinkResponse>(`/api/admin/smartlinks/${smartLink.id}`);
  expect(stored.disabledReason).toBe(reason);
  expect(stored.disabledAt).not.toBeNull();

  // The list says so too, among the disabled ones.
  await page.getByRole('menuitem', { name: 'SmartLinks' }).click();
  await page.getByPlaceholder('Search').fill(title);
  await expect(entry(page, title)).toContainText('Disabled');

  // Enabled again (asked first): the page shows the release again.
  await entry(page, title).getByText(smartLink.artist).click();
  await expect(page).toHaveURL(new RegExp(`/admin/smartlinks/${smartLink.id}/show$`));
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  const enable = page.getByRole('dialog');
  await expect(enable).toContainText(`Enable the SmartLink “${smartLink.slug}”?`);
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expectToast(page, 'SmartLink Enabled', `The page of “${smartLink.slug}” shows the release again.`);
  await expect(page.getByTestId('smartlink-disabled')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
  const back = await visit(page, smartLink.url);
  expect(back.status()).toBe(200);
  expect(await back.text()).not.toContain(UNAVAILABLE);
  await admin.context.close();
});
