import { expect, test } from '@playwright/test';
import { createAccount, expectToast, unique } from './support.ts';

/** The failure toasts of SPEC §8, with the API answering an error (intercepted) or the session gone. */
test.describe('when things go wrong', () => {
  test('the newsletter says "Subscription Failed" and keeps the address', async ({ page }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({ status: 500, body: '{"message":"down"}' }),
    );
    await page.goto('/');
    const input = page.getByLabel('Email for the newsletter');
    await input.fill('fan@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(
      page,
      'Subscription Failed',
      'There was an error subscribing to our newsletter. Please try again.',
    );
    await expect(input).toHaveValue('fan@example.com');
  });

  test('the contact form says "Failed to Send Message" and keeps what was typed', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Jo Lane');
    await page.getByLabel('Email', { exact: true }).fill('jo@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('A message that is long enough.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(
      page,
      'Failed to Send Message',
      'There was an error sending your message. Please try again.',
    );
    await expect(page.getByLabel('Subject')).toHaveValue('Hello');
  });

  test('a ticket after the session ended says "Please Login"; a server error says "Submission Failed"', async ({
    page,
    context,
  }) => {
    await page.goto('/api/login');
    await createAccount(page, {
      firstName: 'Tess',
      lastName: 'Ortiz',
      email: `${unique('tess')}@example.com`,
      password: 'a long enough password',
    });
    await page.goto('/support');
    await page.getByLabel('Subject').fill('Royalty question');
    await page.getByLabel('Message').fill('When will March streams show up?');

    await page.route('**/api/support-tickets', (route) =>
      route.fulfill({ status: 500, body: '{"message":"boom"}' }),
    );
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expectToast(
      page,
      'Submission Failed',
      'There was an error creating your support ticket. Please try again.',
    );
    await page.unroute('**/api/support-tickets');

    await context.clearCookies();
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expectToast(page, 'Please Login', 'You need to be logged in to create a support ticket.');
  });
});
