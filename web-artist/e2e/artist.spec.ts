import { expect, test } from '@playwright/test';
import { chooseOption, createAccount, expectToast, fillApplication, snap, unique } from './support.ts';

test.describe('an artist', () => {
  test(
    'creates an account through "Continue with", applies, and waits for review',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const person = {
        firstName: 'Maya',
        lastName: 'Rivers',
        email: `${unique('maya')}@example.com`,
        password: 'correct horse battery',
      };
      await page.goto('/apply');
      await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
      await snap(page, testInfo, 'identity-create-account');
      await createAccount(page, person);
      await expect(page).toHaveURL(/\/apply$/);
      await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
      await snap(page, testInfo, 'apply-form');

      // Nothing filled in: every rule speaks, the terms rule included.
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByText('Legal name is required')).toBeVisible();
      await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();

      await fillApplication(page, {
        legalName: 'Maya Rivers',
        artistName: 'Maya R',
        age: '12',
        genre: 'R&B',
        instagram: 'https://instagram.com/mayar',
        youtube: 'https://youtube.com/@mayar',
        story: 'Singer-songwriter from Pune with two EPs out on my own.',
      });
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByText('Must be at least 13 years old')).toBeVisible();
      await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
      await snap(page, testInfo, 'apply-errors');

      await page.getByLabel('Age').fill('19');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
      await expectToast(page, 'Application Submitted!');
      await snap(page, testInfo, 'apply-submitted');

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
      await expect(page.getByText('24-48 hours')).toBeVisible();
      const today = new Date().toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      });
      await expect(page.getByText(today)).toBeVisible();
      await snap(page, testInfo, 'under-review');

      // Opens a ticket from the help center.
      await page.goto('/support');
      await page.getByLabel('Subject').fill('Claim my video channel');
      await page.getByLabel('Message').fill('Please connect my official artist channel to my releases.');
      await chooseOption(page.getByLabel('Priority'), page.getByRole('option', { name: 'High' }));
      await snap(page, testInfo, 'support-signed-in');
      await page.getByRole('button', { name: 'Submit Ticket' }).click();
      await expect(page.getByRole('heading', { name: 'Ticket Submitted!' })).toBeVisible();
      await page.getByRole('button', { name: 'Create Another Ticket' }).click();
      await expect(page.getByLabel('Subject')).toHaveValue('');

      // Signs out: a same-origin POST, then back to the landing page through the provider's sign-out.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('menuitem', { name: 'Logout' })
        .or(page.getByRole('button', { name: 'Logout' }))
        .first()
        .click();
      await expect(page.getByRole('link', { name: 'Apply Now' }).first()).toBeVisible();
    },
  );

  test('a second application, sent from another tab, is refused with why', async ({ page, context }) => {
    await page.goto('/apply');
    await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
    await createAccount(page, {
      firstName: 'Tomas',
      lastName: 'Vale',
      email: `${unique('tomas')}@example.com`,
      password: 'correct horse battery',
    });
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
    const second = await context.newPage();
    await second.goto('/apply');
    for (const tab of [page, second]) {
      await fillApplication(tab, {
        legalName: 'Tomas Vale',
        artistName: 'Vale',
        age: '24',
        genre: 'Rock',
        instagram: 'https://instagram.com/vale',
        youtube: 'https://youtube.com/@vale',
        story: 'Garage rock from Porto.',
      });
      await tab.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    await second.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(second, 'Submission Failed', 'You already have an application under review');
  });
});
