import { expect, test } from '@playwright/test';
import { selectableStores, type StoreTargetResponse } from '@riffline/contracts';
import { chooseOption, expectToast, snap, unique } from '../../test/e2e/support.ts';
import {
  DEMO_ADMIN,
  DEMO_ARTIST,
  apiSession,
  createRelease,
  entry,
  signInToConsole,
} from '../../test/e2e/seed.ts';

/**
 * Stores (docs/delivery.md, docs/admin-console.md): an admin sets up an SFTP drop box with a password,
 * reads which credentials it keeps (never the password itself), switches it to Live without typing the
 * password again, reads the API's reason when an S3 drop box has no bucket, and deletes it. The drop box
 * is switched off from the start: the other suites approve releases, which must never go to a made-up host.
 */
test('an admin sets up a store, keeps its password through an edit, and deletes it', async ({
  browser,
  page,
}, testInfo) => {
  // One server per run, but the suites run two at a time: take a store nobody's drop box uses yet.
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const taken = new Set(
    (await admin.api.get<StoreTargetResponse[]>('/api/admin/store-targets')).map((t) => t.store),
  );
  const free = Object.keys(selectableStores).filter((id) => !taken.has(id as keyof typeof selectableStores));
  const store = free[Math.floor(Math.random() * free.length)] as keyof typeof selectableStores;
  const storeName = selectableStores[store];
  const password = unique('hunter');
  let id: string | undefined;

  try {
    await signInToConsole(page, '/admin/store-targets');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/admin\/store-targets\/create$/);
    await chooseOption(
      page.getByRole('combobox', { name: 'Store' }),
      page.getByRole('option', { name: storeName, exact: true }),
    );
    await expect(page.getByRole('radio', { name: 'SFTP' })).toBeChecked();
    await page.getByLabel('Host').fill('sftp.example.test');
    await page.getByLabel('Port').fill('2222');
    await page.getByLabel('Username').fill('riffline');
    await page.getByLabel('Folder').fill('inbox');
    await expect(page.getByTestId('credentials-help')).toContainText('never shown again');
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByLabel('DPID').fill('PADPIDA2014120301K');
    await expect(page.getByRole('radio', { name: 'Test' })).toBeChecked();
    await page.getByLabel('Enabled').uncheck();
    await expect(page.getByLabel('Enabled')).not.toBeChecked();
    await snap(page, testInfo, 'admin-store-create');
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Store Added', `The drop box of ${storeName} is saved.`);
    await expect(page).toHaveURL(/\/admin\/store-targets$/);
    const row = entry(page, storeName);
    await expect(row).toHaveCount(1);
    for (const text of ['SFTP', 'sftp.example.test:2222/inbox', 'PADPIDA2014120301K', 'Batch']) {
      await expect(row).toContainText(text);
    }
    await expect(row).toContainText('Test');
    await expect(row).toContainText('Off');
    await expect(row.getByRole('cell').last()).toHaveText('password');
    await expect(page.locator('body')).not.toContainText(password);
    await snap(page, testInfo, 'admin-stores');

    const saved = await admin.api.get<StoreTargetResponse[]>('/api/admin/store-targets');
    const target = saved.find((t) => t.store === store)!;
    id = target.id;
    expect(target).toMatchObject({ enabled: false, mode: 'test', credentialsSet: ['password'] });
    expect(JSON.stringify(target)).not.toContain(password);

    // Live, without typing the password again: the form says it is kept, and it is.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/store-targets/${id}$`));
    await expect(page.getByTestId('credentials-help')).toContainText(
      'Set: password. Leave these empty to keep them',
    );
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
    await expect(page.locator('body')).not.toContainText(password);
    await page.getByRole('radio', { name: 'Live' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Store Updated', `The drop box of ${storeName} is saved.`);
    await expect(page).toHaveURL(/\/admin\/store-targets$/);
    await expect(entry(page, storeName)).toContainText('Live');
    await expect(entry(page, storeName).getByRole('cell').last()).toHaveText('password');
    const live = await admin.api.get<StoreTargetResponse>(`/api/admin/store-targets/${id}`);
    expect(live).toMatchObject({ mode: 'live', enabled: false, credentialsSet: ['password'] });

    // S3 without a bucket: the API's reason, as it says it; nothing changes.
    await entry(page, storeName).click();
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText(storeName);
    await page.getByRole('radio', { name: 'S3' }).check();
    await expect(page.getByTestId('credentials-help')).toContainText('Another protocol needs its own');
    await expect(page.getByLabel('Bucket')).toBeVisible();
    await expect(page.getByLabel('Host')).toHaveCount(0);
    await page.getByLabel('Access key id').fill('AKIAEXAMPLE');
    await page.getByLabel('Secret access key').fill(unique('secret'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Save Failed', 'An S3 store needs a bucket');
    await snap(page, testInfo, 'admin-store-refused');
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    const kept = await admin.api.get<StoreTargetResponse>(`/api/admin/store-targets/${id}`);
    expect(kept).toMatchObject({ protocol: 'sftp', host: 'sftp.example.test', credentialsSet: ['password'] });

    // (A store releases were delivered to cannot be deleted: the API's 409, storeTargets.int.test.ts.)
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Delete the drop box of ${storeName}?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Store Deleted', `${storeName} has no drop box any more.`);
    await expect(page).toHaveURL(/\/admin\/store-targets$/);
    await expect(entry(page, storeName)).toHaveCount(0);
    const gone = await admin.api.request.get(`/api/admin/store-targets/${id}`);
    expect(gone.status()).toBe(404);
    id = undefined;
  } finally {
    // A test cut short leaves no drop box behind for the rest of the run.
    if (id) {
      await admin.api.request.delete(`/api/admin/store-targets/${id}`, {
        headers: { origin: admin.api.origin, connection: 'close' },
      });
    }
    await admin.context.close();
  }
});

/**
 * A release's page has its Deliveries: "Not delivered to any store" for a new release. (A delivered one
 * needs a store's drop box on loopback, which the workers' tests have: workers/src/delivery/.)
 */
test("a release's page lists its deliveries", async ({ browser, page }, testInfo) => {
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const title = unique('Delivered Single');
  const release = await createRelease(artist.api, { title, tracks: [title] });
  await artist.context.close();

  await signInToConsole(page, `/admin/releases/${release.id}/show`);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries).toContainText('Not delivered to any store');

  await snap(page, testInfo, 'admin-release-deliveries');
});
