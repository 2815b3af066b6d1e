import { expect, test, type Page } from '@playwright/test';
import { chooseOption, createAccount, expectToast, snap, unique } from '../../test/e2e/support.ts';
import { entry, signInToConsole } from '../../test/e2e/seed.ts';

/** A new account signs up in the artist app and applies (SPEC §5); it stays pending. */
async function applyAsNewArtist(page: Page, email: string, artistName: string) {
  await page.goto('/apply');
  await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
  await createAccount(page, {
    firstName: 'Kofi',
    lastName: 'Mensah',
    email,
    password: 'a long enough password',
  });
  await page.getByLabel('Legal Name').fill('Kofi Mensah');
  await page.getByLabel('Artist Name').fill(artistName);
  await page.getByLabel('Age').fill('27');
  await chooseOption(page.getByLabel('Genre'), page.getByRole('option', { name: 'Jazz' }));
  await page.getByLabel('Instagram URL').fill('https://instagram.com/kofi');
  await page.getByLabel('YouTube URL').fill('https://youtube.com/@kofi');
  await page.getByLabel('Your Artist Story').fill('Saxophone lines over Accra street rhythms.');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
}

/**
 * Users (SPEC §2 Users, §6): an admin finds a new applicant, opens their page (profile, application,
 * releases, tickets, payouts), makes them an admin and an artist again, approves them (their application
 * with them) and takes the approval back; every change is confirmed first and answered by a toast.
 */
test('an admin changes a user’s role and approval from the user’s page', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `${unique('kofi')}@example.com`;
  const artistName = unique('KOFI').toUpperCase();
  const artist = await browser.newContext();
  await applyAsNewArtist(await artist.newPage(), email, artistName);
  await artist.close();

  await signInToConsole(page, '/admin/users');
  await page.getByPlaceholder('Search').fill(email);
  // The search reaches the address after a debounce: wait for it, or it would take us back to the list.
  await expect(page).toHaveURL((url) => decodeURIComponent(url.search).includes(email));
  await expect(entry(page, email)).toHaveCount(1);
  await expect(entry(page, email)).toContainText('Pending');
  await entry(page, email).click();

  // The show page: who they are, the application under review, nothing else yet.
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('Kofi Mensah')).toBeVisible();
  await expect(profile.getByText(email).first()).toBeVisible();
  await expect(profile.getByText('0.00 coins')).toBeVisible();
  const application = page.getByRole('region', { name: /^Application/ });
  await expect(application.getByRole('link', { name: artistName })).toBeVisible();
  await expect(application.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Releases/ }).getByText('No releases found')).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Support Tickets/ }).getByText('No support tickets found'),
  ).toBeVisible();
  await snap(page, testInfo, 'admin-user-show');

  const act = async (button: string, dialog: string, toast: string) => {
    await profile.getByRole('button', { name: button }).click();
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: button }).click();
    await expectToast(page, 'User Updated', toast);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };

  // Admin and back, each asked first.
  await profile.getByRole('button', { name: 'Make Admin' }).click();
  await page
    .getByRole('dialog', { name: `Make ${email} an admin?` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(profile.getByText('Artist', { exact: true })).toBeVisible();
  await act('Make Admin', `Make ${email} an admin?`, `${email} is now an admin.`);
  await expect(profile.getByText('Admin', { exact: true })).toBeVisible();
  await act('Make Artist', `Make ${email} an artist?`, `${email} is now an artist.`);
  await expect(profile.getByText('Artist', { exact: true })).toBeVisible();

  // Approval opens the artist area and approves the pending application with it; revoking closes both.
  await act('Approve', `Approve ${email}?`, `${email} is approved.`);
  await expect(profile.getByText('Approved', { exact: true })).toBeVisible();
  await expect(application.getByText('Approved', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'admin-user-approved');
  await act('Revoke Approval', `Revoke the approval of ${email}?`, `${email} is no longer approved.`);
  await expect(profile.getByText('Pending', { exact: true })).toBeVisible();
  await expect(application.getByText('Rejected', { exact: true })).toBeVisible();

  // The admin's own page offers neither demotion nor un-approval.
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search').fill('admin@riffline.local');
  await expect(page).toHaveURL((url) => decodeURIComponent(url.search).includes('admin@riffline.local'));
  await entry(page, 'admin@riffline.local').click();
  await expect(profile.getByRole('button', { name: 'Make Artist' })).toBeDisabled();
  await expect(profile.getByRole('button', { name: 'Revoke Approval' })).toBeDisabled();
});
