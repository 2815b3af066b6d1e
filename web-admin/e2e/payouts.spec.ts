import { expect, test, type Page } from '@playwright/test';
import { expectToast, snap, unique } from '../../test/e2e/support.ts';
import { steppedUpArtist } from '../../test/e2e/secondFactor.ts';
import {
  DEMO_ADMIN,
  apiSession,
  entry,
  importRoyalties,
  signInToConsole,
  submitRelease,
} from '../../test/e2e/seed.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/**
 * What scrolls sideways: the page, or the table or any box around it whose content is wider than it is
 * (none should at 1280 px: every column is read without scrolling).
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const wider = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (wider(root)) found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    let el: Element | null = document.querySelector('table');
    for (; el && el !== document.body; el = el.parentElement) {
      if (wider(el)) found.push(`${el.tagName} ${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return found;
  });

/**
 * Payouts (SPEC §2, §4, §8): the artist earns royalties through a store report, adds a UPI id and asks
 * for two payouts; the admin approves one and takes it through processing to completed (with the UTR,
 * which the artist is emailed), and declines the other with the reason the artist reads. At 1280 px the
 * table fits without scrolling sideways.
 */
test('an admin approves a payout through to completed and declines another with a reason', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  // An artist of this test's own, signed in with an authenticator app: payouts need it (docs/security.md).
  const artist = await steppedUpArtist(browser, testInfo, admin.api);

  // Royalties of $45.00 on a live release of the artist's own.
  const release = await submitRelease(artist.api, { title: unique('Payday'), tracks: ['Payday'] });
  const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
    status: 'live',
  });
  await importRoyalties(admin.api, live.tracks[0]!.isrc!, '45.00');
  await admin.context.close();

  // Two requests to a UPI id of this test's own: $20.00 and $21.00.
  const upiId = `${unique('arlo').replace(/-/g, '.')}@okaxis`;
  const method = await artist.api.send<{ id: string }>('post', '/api/payment-methods', {
    type: 'upi',
    upiId,
  });
  for (const amount of ['20.00', '21.00']) {
    await artist.api.send('post', '/api/withdrawal-requests', { paymentMethodId: method.id, amount });
  }

  await signInToConsole(page, '/admin/withdrawal-requests');
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  const payout = (amount: string) => entry(page, upiId).filter({ hasText: amount });
  await expect(payout('$20.00')).toContainText(`UPI ${upiId}`);
  await expect(payout('$20.00')).toContainText(artist.person.email);
  await expect(payout('$21.00')).toContainText(artist.person.email);
  expect(await overflowing(page)).toEqual([]);
  await snap(page, testInfo, 'admin-payouts');

  // Approve → processing → completed, each confirmed.
  await payout('$20.00').getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve the payout of $20.00?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expectToast(page, 'Withdrawal Request Updated', 'The payout of $20.00 is now approved.');
  await expect(payout('$20.00')).toHaveCount(0);

  await page.getByRole('tab', { name: /^Approved/ }).click();
  await payout('$20.00').getByRole('button', { name: 'Mark Processing' }).click();
  await page
    .getByRole('dialog', { name: 'Start paying $20.00?' })
    .getByRole('button', { name: 'Mark Processing' })
    .click();
  await expectToast(page, 'Withdrawal Request Updated', 'The payout of $20.00 is now processing.');

  // Completed records the payment's reference: the dialog asks for it, and will not go on without it.
  await page.getByRole('tab', { name: /^Processing/ }).click();
  await payout('$20.00').getByRole('button', { name: 'Mark Completed' }).click();
  const complete = page.getByRole('dialog', { name: 'Mark the payout of $20.00 completed?' });
  await expect(complete).toContainText(`UPI ${upiId}`);
  await complete.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(complete.getByText('Payment reference is required to mark a payout completed')).toBeVisible();
  const utr = `4${Date.now().toString().slice(-11)}`;
  await complete.getByLabel('Payment reference').fill(utr);
  await complete.getByRole('button', { name: 'Mark Completed' }).click();
  await expectToast(page, 'Withdrawal Request Updated', 'The payout of $20.00 is now completed.');

  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(payout('$20.00')).toContainText(`Paid, reference ${utr}`);
  await expect(payout('$20.00')).not.toContainText('payment within 24 hours');
  await expect(payout('$20.00').getByRole('button')).toHaveCount(0);
  await expect(payout('$20.00')).toContainText(artist.person.email);
  expect(await overflowing(page)).toEqual([]);
  await snap(page, testInfo, 'admin-payouts-completed');

  // The artist is emailed that the money was sent, with the reference (the local outbox of `make start`).
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(artist.person.email)}`);
      const { messages } = (await res.json()) as { messages: Array<{ subject: string; text: string }> };
      return messages.find((m) => m.text.includes(utr))?.subject ?? null;
    })
    .toBe('Your payout of $20.00 was sent');

  // Decline with a reason.
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await payout('$21.00').getByRole('button', { name: 'Decline' }).click();
  const decline = page.getByRole('dialog', { name: 'Decline the payout of $21.00?' });
  await decline.getByLabel('Reason').fill('The UPI id does not match the name on the account.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expectToast(page, 'Withdrawal Request Updated', 'The payout of $21.00 is now declined.');
  await page.getByRole('tab', { name: /^Declined/ }).click();
  await expect(payout('$21.00')).toContainText('The UPI id does not match the name on the account.');
  await snap(page, testInfo, 'admin-payouts-declined');

  // The artist sees both decisions, and the reference of the payment.
  const mine =
    await artist.api.get<
      Array<{ amount: string; status: string; adminNotes: string | null; paymentReference: string | null }>
    >('/api/withdrawal-requests');
  expect(mine.filter((r) => r.amount === '20.00' || r.amount === '21.00').map((r) => r.status)).toEqual(
    expect.arrayContaining(['completed', 'declined']),
  );
  expect(mine.find((r) => r.status === 'completed' && r.amount === '20.00')?.paymentReference).toBe(utr);
  await artist.context.close();
});
