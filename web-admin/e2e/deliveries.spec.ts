import { expect, test } from '@playwright/test';
import {
  PURGE_TWICE,
  REDELIVER_NEWER,
  type AdminDeliveryResponse,
  type DeliveryAcknowledgementResponse,
} from '@riffline/contracts';
import { expectToast, snap, unique } from '../../test/e2e/support.ts';
import {
  DEMO_ADMIN,
  DEMO_ARTIST,
  apiSession,
  entry,
  signInToConsole,
  type Api,
} from '../../test/e2e/seed.ts';
import { deliveryOf, liveRelease, openS3Store } from './s3Store.ts';

/**
 * The delivery log, the stores' acknowledgements and the purge (docs/admin-console.md, "Stores and
 * deliveries"), against a real store (./s3Store.ts).
 */

/** What the test store says when told a message is invalid while the schema finds it valid. */
const STORE_ERROR = 'The release has no territory the store sells in.';

const list = (api: Api, resource: string, filter: Record<string, string>) =>
  api.get<unknown[]>(`/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`);

test('the delivery log lists a store’s error and redelivers it; an unreadable acknowledgement is shown as it came; a live release is purged from its page', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  // A store whose drop box is a bucket on loopback, switched on: approved releases go to it.
  const drop = await openS3Store(admin.api);
  const { store, storeName, shop } = drop;
  try {
    // The release goes to the store, which refuses it in its words (no automatic resend: it asks for a
    // manual check), and writes a file that is no acknowledgement.
    const { id: releaseId, title } = await liveRelease(artist.api, admin.api, 'Harbour Lights');
    const first = await deliveryOf(admin.api, releaseId, store, (d) => d.kind === 'new');
    expect(await shop.acknowledge('invalid')).toBeGreaterThanOrEqual(1);
    const garbage = `ACK_${unique('garbage')}.xml`;
    await shop.writeGarbage(garbage);
    await expect
      .poll(
        async () => (await admin.api.get<AdminDeliveryResponse>(`/api/admin/deliveries/${first.id}`)).status,
        {
          timeout: 60_000,
        },
      )
      .toBe('error');
    let unreadable: DeliveryAcknowledgementResponse | undefined;
    await expect
      .poll(
        async () => {
          const rows = (await list(admin.api, 'delivery-acknowledgements', {
            store,
            unreadable: 'true',
          })) as DeliveryAcknowledgementResponse[];
          unreadable = rows.find((a) => a.fileName === garbage);
          return Boolean(unreadable);
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    // Needs attention: the delivery in error, with the store's words.
    await signInToConsole(page, '/admin/deliveries');
    const attention = page.getByRole('button', { name: /^Needs attention/ });
    await attention.click();
    await expect(attention).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/status/);
    const refused = entry(page, title);
    await expect(refused).toHaveCount(1);
    for (const text of [storeName, 'New release', 'Error', STORE_ERROR, first.batchId, first.messageId]) {
      await expect(refused).toContainText(text);
    }
    await snap(page, testInfo, 'admin-deliveries-attention');

    // Redeliver, asked first: the store gets a new batch.
    await refused.getByRole('button', { name: `Redeliver “${title}” to ${storeName}` }).click();
    const ask = page.getByRole('dialog');
    await expect(ask).toContainText(`Send “${title}” to ${storeName} again?`);
    await ask.getByRole('button', { name: 'Redeliver' }).click();
    await expectToast(page, 'Sent Again', `${storeName} gets “${title}” again in a new batch.`);
    await expect(ask).toBeHidden();
    const second = await deliveryOf(
      admin.api,
      releaseId,
      store,
      (d) => d.kind === 'new' && d.id !== first.id,
    );
    expect(second).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(second.messageId).not.toBe(first.messageId);
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();

    // The refused one again: the API's 409 in its words, now that a newer delivery went to the store.
    await refused.getByRole('button', { name: `Redeliver “${title}” to ${storeName}` }).click();
    await ask.getByRole('button', { name: 'Redeliver' }).click();
    await expectToast(page, 'Redelivery Failed', REDELIVER_NEWER);
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();

    // The whole log: both tries, newest first; the new one waits for the store's answer.
    await attention.click();
    await expect(attention).toHaveAttribute('aria-pressed', 'false');
    const tries = entry(page, title);
    await expect(tries).toHaveCount(2);
    await expect(tries.first()).toContainText(second.batchId);
    await expect(tries.first()).toContainText('Delivered');
    await expect(tries.last()).toContainText(first.batchId);

    // A delivery's page: the store's words first, and Redeliver.
    await tries.last().getByText(STORE_ERROR).click();
    await expect(page).toHaveURL(new RegExp(`/admin/deliveries/${first.id}/show$`));
    await expect(page.getByRole('alert')).toContainText(`${storeName} said`);
    await expect(page.getByRole('alert')).toContainText(STORE_ERROR);
    await expect(page.getByText(first.messageId)).toBeVisible();
    await expect(page.getByRole('button', { name: `Redeliver “${title}” to ${storeName}` })).toBeVisible();
    await snap(page, testInfo, 'admin-delivery');

    // Acknowledgements: the unreadable file is kept and listed with its problem; its body shows as it came.
    await page.goto('/admin/delivery-acknowledgements');
    await expect(entry(page, storeName).first()).toBeVisible();
    await page.getByRole('button', { name: /^Unreadable only/ }).click();
    const file = entry(page, garbage);
    await expect(file).toHaveCount(1);
    await expect(file).toContainText(storeName);
    await expect(file).toContainText(unreadable!.problem!);
    await snap(page, testInfo, 'admin-acknowledgements-unreadable');
    await file.click();
    await expect(page).toHaveURL(new RegExp(`/admin/delivery-acknowledgements/${unreadable!.id}/show$`));
    await expect(page.getByRole('alert')).toContainText(unreadable!.problem!);
    await expect(page.getByTestId('acknowledgement-body')).toHaveText(
      '<html><body>Service Unavailable</body></html>',
    );
    await snap(page, testInfo, 'admin-acknowledgement');

    // The release's page, from the log: Purge from All Stores asks first, says it is for good, and the
    // purge is listed with where it stands at the store.
    await page.goto('/admin/deliveries');
    await entry(page, title).first().getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/releases/${releaseId}/show$`));
    const changes = page.getByRole('region', { name: 'Takedowns, purge and corrections' });
    await expect(changes).toContainText('No takedown, purge or correction');
    await changes.getByRole('button', { name: 'Purge from All Stores' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(`Purge “${title}” from all stores?`);
    await expect(confirm).toContainText('This is permanent: it cannot be undone');
    await snap(page, testInfo, 'admin-release-purge-confirm');
    await confirm.getByRole('button', { name: 'Purge' }).click();
    await expectToast(page, 'Purge Requested', `“${title}” is being removed from every store for good.`);
    const purge = changes.getByTestId('release-change');
    await expect(purge).toHaveCount(1);
    await expect(purge).toContainText('Purge');
    await expect(purge).toContainText('All stores · for good');
    await expect(changes.getByRole('button', { name: 'Purge from All Stores' })).toHaveCount(0);

    const purgeSent = await deliveryOf(admin.api, releaseId, store, (d) => d.kind === 'purge');
    const atStore = purge.getByTestId('change-store');
    await expect(atStore).toContainText(storeName);
    await expect(atStore).toContainText('Delivered');
    expect(await shop.acknowledge()).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          (await admin.api.get<AdminDeliveryResponse>(`/api/admin/deliveries/${purgeSent.id}`)).status,
        { timeout: 60_000 },
      )
      .toBe('taken_down');
    await expect(atStore).toContainText('Taken down');
    await snap(page, testInfo, 'admin-release-purged');
  } finally {
    await drop.close();
    await admin.context.close();
    await artist.context.close();
  }
});

test('a purge refused by the API (purged meanwhile) says why, and the page then lists the purge', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const { id, title } = await liveRelease(artist.api, admin.api, 'Tidal Flats');
  await artist.context.close();

  await signInToConsole(page, `/admin/releases/${id}/show`);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Takedowns, purge and corrections' });
  await expect(changes).toContainText('No takedown, purge or correction');
  await changes.getByRole('button', { name: 'Purge from All Stores' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Purge “${title}” from all stores?`);

  // Meanwhile another admin purges it.
  await admin.api.send('post', `/api/admin/releases/${id}/purge`);
  await admin.context.close();

  await confirm.getByRole('button', { name: 'Purge' }).click();
  await expectToast(page, 'Purge Failed', PURGE_TWICE);
  await expect(confirm).toBeHidden();
  await expect(changes.getByTestId('release-change')).toContainText('All stores · for good');
  await expect(changes.getByRole('button', { name: 'Purge from All Stores' })).toHaveCount(0);
});
