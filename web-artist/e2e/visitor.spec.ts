import { expect, test, type Page } from '@playwright/test';
import { expectToast, snap, unique } from './support.ts';

/** Holds the sign-in check (`/api/auth/user`) until the returned function lets it through. */
async function holdSignInCheck(page: Page): Promise<() => void> {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue().catch(() => undefined); // the page may have moved on
  });
  return answer;
}

test.describe('a visitor', () => {
  test('reads the landing page', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply Now' }).first()).toHaveAttribute('href', '/apply');
    const login = page.getByRole('main').getByRole('link', { name: 'Login' });
    await expect(login).toHaveAttribute('href', '/api/login');
    for (const title of [
      'Global Distribution',
      'Real-Time Analytics',
      'Transparent Royalties',
      'Fast Release Process',
      '24/7 Support',
      'Rights Protection',
      'Official Video Channel Artist Claim',
      'Streaming Store Artist Verification',
    ]) {
      await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    // The SmartLink example names this site (whichever port the suite's server has).
    await expect(page.getByText(`${new URL(page.url()).host}/yourtrack`)).toBeVisible();
    for (const feature of ['Pre-save campaigns', 'Email collection', 'All platforms']) {
      await expect(page.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Get Your SmartLink' })).toHaveAttribute('href', '/apply');
    await expect(page.getByText('© 2024')).toBeVisible();
    const site = page.getByRole('contentinfo').getByRole('navigation', { name: 'Riffline' });
    await expect(site.getByRole('link', { name: 'Apply to Join' })).toHaveAttribute('href', '/apply');
    await expect(site.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/login');
    // The tab shows the Riffline mark, served by the site itself.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const served = await page.request.get(icon!);
    expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
    await snap(page, testInfo, 'landing');
  });

  test('reads About and goes on to apply', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Riffline', level: 1 })).toBeVisible();
    for (const value of [
      'Artists First',
      'Transparency',
      'Speed',
      'Fairness',
      'Global Reach',
      'Real Support',
    ]) {
      await expect(page.getByRole('heading', { name: value })).toBeVisible();
    }
    await snap(page, testInfo, 'about');
    await page.getByRole('main').getByRole('link', { name: 'Apply to Join' }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByRole('heading', { name: 'Apply to Join', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Riffline ID' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fapply&screen=signup',
    );
    await snap(page, testInfo, 'apply-signed-out');
  });

  test('searches the help center and reads an article', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();
    for (const category of ['Getting Started', 'Uploading Music', 'Royalties & Payments']) {
      await expect(page.getByRole('heading', { name: category, level: 3 })).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Popular articles' }).getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Login to Continue' })).toHaveAttribute('href', '/api/login');
    await snap(page, testInfo, 'support');

    await page
      .getByRole('searchbox', { name: 'Search help articles' })
      .or(page.getByLabel('Search help articles'))
      .fill('artwork size');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link').first()).toContainText('Artwork');
    await results.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/articles\/uploading-music\/preparing-artwork$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Artwork');
    await expect(page.getByText(/3000/).first()).toBeVisible();
    await snap(page, testInfo, 'article');

    await page.getByRole('link', { name: 'Uploading Music' }).click();
    await expect(page).toHaveURL(/\/articles\/uploading-music$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(4);
    await snap(page, testInfo, 'category');
    await page.getByRole('link', { name: 'Back to Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('meets missing categories, articles and pages', async ({ page }, testInfo) => {
    await page.goto('/articles/nope');
    await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
    await page.goto('/articles/uploading-music/nope');
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Support' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await snap(page, testInfo, 'not-found');
    // The artist area is not for visitors: it sends them to sign in.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
  });

  test('reads the privacy, terms and cookie pages', async ({ page }, testInfo) => {
    for (const [path, title] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookie Policy'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await snap(page, testInfo, path.slice(1));
    }
  });

  test('subscribes to the newsletter', async ({ page }) => {
    await page.goto('/about');
    const input = page.getByLabel('Email for the newsletter');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await input.fill(`${unique('fan')}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscribed!', 'Thank you for subscribing to our newsletter.');
    await expect(input).toHaveValue('');
  });

  test('sends a contact message', async ({ page }, testInfo) => {
    await page.goto('/contact');
    await expect(page.getByText('Mon-Fri 9am-6pm EST').first()).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await snap(page, testInfo, 'contact-errors');
    await page.getByLabel('Name', { exact: true }).fill('Jo Lane');
    // An address that is not one says so; an empty one said it is required.
    await page.getByLabel('Email', { exact: true }).fill('jo@example');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill('jo@example.com');
    await page.getByLabel('Subject').fill('Label partnership');
    await page.getByLabel('Message').fill('Short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await page.getByLabel('Message').fill('We would love to talk about a partnership.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
    await snap(page, testInfo, 'contact-sent');
    // The confirmation shows for 5 seconds, then the (empty) form returns.
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 8000 });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await snap(page, testInfo, 'contact');
  });

  test('sees the public pages at once, while the sign-in check is still out, and nothing moves', async ({
    page,
  }) => {
    // The check is held until the pages have been read: nothing on them may wait behind it.
    const answer = await holdSignInCheck(page);
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput) w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/apply');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Riffline ID' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Keep 100% of your rights/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Apply Now' }).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // The check answers (signed out): the page stays as it is, its layout did not shift.
    const checked = page.waitForResponse('**/api/auth/user');
    answer();
    expect((await checked).status()).toBe(401);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main').getByRole('link', { name: 'Apply Now' }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.05);
  });

  test('a browser signed in last time waits for its own view instead of glimpsing the landing', async ({
    page,
  }) => {
    const answer = await holdSignInCheck(page);
    await page.addInitScript(() => window.localStorage.setItem('riffline.signedIn', '1'));
    await page.goto('/');
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    // Signed out after all: the landing, and the browser forgets it was signed in.
    answer();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Keep 100% of your rights/);
    expect(await page.evaluate(() => window.localStorage.getItem('riffline.signedIn'))).toBeNull();
  });
});
