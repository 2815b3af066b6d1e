import { expect, test } from '@playwright/test';
import { createAccount, expectToast, fillApplication, unique } from './support.ts';

test.describe('applying (issue 33)', () => {
  test('"Continue with" on /apply opens the create-account form; an unapproved artist is sent to their application', async ({
    page,
  }) => {
    await page.goto('/apply');
    await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
    await expect(page).toHaveURL(/\/oidc\/interaction\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeVisible();
    // The person can still switch to sign in.
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await createAccount(page, {
      firstName: 'Lena',
      lastName: 'Okafor',
      email: `${unique('lena')}@example.com`,
      password: 'correct horse battery',
    });
    await expect(page).toHaveURL(/\/apply$/);

    // Not approved yet, and no application: the artist area sends them to finish it.
    await page.goto('/releases');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Finish your application' })).toBeVisible();

    // Links typed without https:// are taken.
    await page.goto('/apply');
    await fillApplication(page, {
      legalName: 'Lena Okafor',
      artistName: 'Lena O',
      age: '23',
      genre: 'Afrobeats',
      instagram: 'instagram.com/lenao',
      youtube: 'youtube.com/@lenao',
      story: 'Afrobeats from Lagos, two singles out on my own.',
    });
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    await expectToast(page, 'Application Submitted!');

    // Waiting for review: an artist-area page shows the application's status, not 'Page Not Found'.
    await page.goto('/releases');
    await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
  });
});
