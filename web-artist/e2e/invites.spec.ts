import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, apiSession, importRoyalties, submitRelease } from '../../test/e2e/seed.ts';
import { INVITE_LINK, mailedLink, signInWithCode, steppedUpArtist } from '../../test/e2e/secondFactor.ts';
import { createAccount, snap, unique } from './support.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/** The month the store report below credits (importRoyalties' default). */
const CREDITED = '2026-01';

/**
 * A collaborator's invite (docs/splits.md, "Invites, accepting, withdrawing"): an owner with an
 * authenticator app splits a live release 70/30 with a new address from the month a store report then
 * credits, so 30% of it is held. The invite mail reaches the address; its link opens, for a visitor, who
 * shares what and what is held; they create an account from there, come back to the invite, accept, and the
 * held amount is theirs: Royalties shows it and the menu opens Royalties and Settings, not the artist area.
 * The owner's release then reads the collaborator as accepted.
 */
test('an invited collaborator creates an account, accepts, and the held share is theirs', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const owner = await steppedUpArtist(browser, testInfo, admin.api);
  const ownerName = `${owner.person.firstName} ${owner.person.lastName}`;
  const title = unique('Shared Night');
  const release = await submitRelease(owner.api, { title, tracks: [title] });
  const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
    status: 'live',
  });
  // The split first, from the month the report credits: a split never starts at a month already credited.
  const collaborator = {
    firstName: 'Bea',
    lastName: 'Lyric',
    email: `${unique('bea')}@example.test`.toLowerCase(),
    password: 'a long password of the collaborator',
  };
  await owner.api.send('post', `/api/releases/${release.id}/splits`, {
    effectiveFrom: CREDITED,
    shares: [
      { owner: true, percent: '70' },
      { email: collaborator.email, name: 'Bea Lyric', percent: '30' },
    ],
  });
  await importRoyalties(admin.api, live.tracks[0]!.isrc!, '45.00', { period: CREDITED });
  await admin.context.close();
  // 30% of 45.00, held until the collaborator accepts.
  const held = '$13.50';

  // The mail reaches the new address with its accept link.
  const link = await mailedLink(
    page,
    collaborator.email,
    `${ownerName} shares “${title}” with you on Riffline`,
    INVITE_LINK,
  );
  const invitePath = new URL(link).pathname;

  // A visitor opens it: who shares what, and what is held for them.
  await page.goto(invitePath);
  await expect(page.getByRole('heading', { name: 'Your share of a release', level: 1 })).toBeVisible();
  const invite = page.getByRole('region', { name: 'Invite' });
  await expect(invite).toContainText(`${ownerName} shares with ${collaborator.email}`);
  await expect(invite.getByRole('list', { name: 'Releases' }).getByRole('listitem')).toHaveText([
    `“${title}”: 30.00% of what it earns`,
  ]);
  await expect(invite.getByTestId('invite-held')).toHaveText(held);
  await expect(invite).toContainText('stays held until you accept');
  await snap(page, testInfo, 'invite');

  // An account made from the invite comes back to it.
  await invite.getByRole('button', { name: 'Sign in or create an account to accept' }).click();
  await createAccount(page, collaborator);
  await expect(page).toHaveURL(new RegExp(`${invitePath}$`));
  await invite.getByRole('button', { name: 'Accept' }).click();
  await expect(invite.getByRole('status')).toHaveText(
    `You’ve accepted ${ownerName}’s invite: the ${held} held for you is now yours. Go to Royalties`,
  );
  await expect(invite).not.toContainText('stays held until you accept');
  await snap(page, testInfo, 'invite-accepted');
  // A reload of the spent link says it was accepted, not that it is not valid.
  await page.reload();
  await expect(invite.getByRole('status')).toContainText('This invite was accepted on');
  await expect(page.getByText('This invite link is not valid.')).toHaveCount(0);

  // Royalties shows it as earnings.
  await invite.getByRole('link', { name: 'Go to Royalties' }).click();
  await expect(page.getByRole('heading', { name: 'Royalties', level: 1 })).toBeVisible();
  await expect(page.getByTestId('royalty-total-value')).toHaveText(held);
  const earnings = page.getByRole('region', { name: 'Earnings History' });
  await expect(
    earnings.getByRole('listitem').filter({ hasText: title }).filter({ hasText: held }),
  ).toHaveCount(1);
  await snap(page, testInfo, 'collaborator-royalties');

  // Their menu: their earnings and settings, not the artist area.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Royalties' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Release Builder' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'My Application' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await snap(page, testInfo, 'collaborator-settings');
  // Home points them at their earnings, and lets them apply as an artist.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Artist Application' }).click();
  await expect(page.getByRole('heading', { name: 'Your earnings are in Royalties', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply to Join' })).toBeVisible();
  await expect(page.getByText('Finish your application')).toHaveCount(0);

  // The owner's release reads the collaborator as accepted, with what they earned.
  const ownerPage = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL })).newPage();
  await ownerPage.goto('/api/login?returnTo=%2Freleases');
  await signInWithCode(ownerPage, owner.person.email, owner.person.password, owner.app);
  const card = ownerPage.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Show Splits' }).click();
  const splits = card.getByRole('region', { name: 'Splits' });
  const shares = splits.getByTestId('split-share');
  await expect(shares.nth(1)).toContainText(collaborator.email);
  await expect(shares.nth(1)).toContainText('Accepted');
  await expect(splits.getByTestId('split-payee').nth(1)).toContainText(`Earned ${held} · Held $0.00`);
  await expect(splits.getByRole('button', { name: 'Resend invite' })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await snap(ownerPage, testInfo, 'release-split-accepted');
  await ownerPage.context().close();
  await owner.context.close();
});
