import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, unique } from './support.ts';

/** Issue 33: every page says where you are, an unknown one says so, and a keyboard user sees where they are. */

const SITE_TITLE = 'Riffline: music distribution for independent artists';

interface HelpCategory {
  slug: string;
  title: string;
  articles: { id: string; title: string }[];
}

async function helpCategory(page: Page, slug: string): Promise<HelpCategory> {
  const res = await page.request.get(`/api/help/categories/${slug}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as HelpCategory;
}

/** Presses Tab until `target` has the focus (the page's tab order, as a keyboard user goes). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

/** The focus ring as drawn: an outline (or a box-shadow) on the focused element while it is :focus-visible. */
const focusRing = (target: ReturnType<Page['locator']>) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      drawn:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        (style.boxShadow !== 'none' && style.boxShadow !== ''),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  });

test.describe('where you are', () => {
  test("each public page has its own title in the browser's tab", { tag: '@phone' }, async ({ page }) => {
    const gettingStarted = await helpCategory(page, 'getting-started');
    const article = gettingStarted.articles[0]!;
    for (const [path, title] of [
      ['/', SITE_TITLE],
      ['/about', 'About · Riffline'],
      ['/support', 'Help Center · Riffline'],
      ['/contact', 'Contact Us · Riffline'],
      ['/apply', 'Apply to Join · Riffline'],
      ['/privacy', 'Privacy Policy · Riffline'],
      ['/terms', 'Terms of Service · Riffline'],
      ['/cookies', 'Cookie Policy · Riffline'],
      ['/articles/getting-started', `${gettingStarted.title} · Riffline`],
      [`/articles/getting-started/${article.id}`, `${article.title} · Riffline`],
      ['/articles/nope', 'Category Not Found · Riffline'],
      ['/articles/getting-started/nope', 'Article Not Found · Riffline'],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    // Moving between pages in the app changes it too, and back to the landing's own.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveTitle('About · Riffline');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support Center' }).click();
    await expect(page).toHaveTitle('Help Center · Riffline');
    await page.goBack();
    await expect(page).toHaveTitle('About · Riffline');
  });

  test(
    "each page of the artist area has its own title, the dashboard's included",
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/api/login');
      await signIn(page, 'artist@riffline.local', 'riffline-artist');
      await expect(page.getByRole('heading', { name: 'Welcome back, Arlo' })).toBeVisible();
      await expect(page).toHaveTitle('Dashboard · Riffline');
      for (const [path, title] of [
        ['/releases', 'Release Builder · Riffline'],
        ['/wallet', 'Coin Wallet · Riffline'],
        ['/royalties', 'Royalties · Riffline'],
        ['/analytics', 'Analytics · Riffline'],
        ['/tickets', 'Support Tickets · Riffline'],
        ['/settings', 'Settings · Riffline'],
        ['/no/such/page', 'Page Not Found · Riffline'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page, path).toHaveTitle(title);
      }
    },
  );

  test(
    'an unknown path answers 404 with Page Not Found; every page answers 200',
    { tag: '@phone' },
    async ({ page }) => {
      const missing = await page.goto('/no/such/page');
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Page Not Found · Riffline');
      for (const path of ['/', '/about', '/support', '/articles/x/y', '/releases', '/settings', '/cookies']) {
        const res = await page.request.get(path);
        expect(res.status(), path).toBe(200);
      }
      // The console routes its own pages (its resources): /admin/… stays the console's.
      expect((await page.request.get('/admin/anything')).status()).toBe(200);
    },
  );

  test('an article opens at its top', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/support');
    const popular = page.getByRole('list', { name: 'Popular articles' }).getByRole('link');
    await expect(popular).toHaveCount(3);
    // The footer's end, so that the page is well scrolled when its link is followed.
    await page.getByText('© 2024').scrollIntoViewIfNeeded();
    await popular.last().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const href = (await popular.last().getAttribute('href'))!;
    const article = (await (
      await page.request.get(`/api/help/articles/${href.split('/').pop()}`)
    ).json()) as {
      title: string;
    };
    await popular.last().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('no link goes nowhere', { tag: '@phone' }, async ({ page }) => {
    for (const path of ['/', '/about', '/support']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
      await expect(page.locator('a[href="#"], a[href=""]'), path).toHaveCount(0);
    }
  });
});

test.describe('the keyboard focus ring', () => {
  test("shows on the hero's buttons, on the dark band", { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('main');
    for (const button of [
      hero.getByRole('link', { name: 'Apply Now' }).first(),
      hero.getByRole('link', { name: 'Login' }),
    ]) {
      await tabTo(page, button);
      const ring = await focusRing(button);
      expect(ring, ring.outline).toMatchObject({ focusVisible: true, drawn: true });
    }
  });

  test('shows on the light pages, on links and buttons alike', async ({ page }) => {
    await page.goto('/contact');
    const send = page.getByRole('button', { name: /Send/ });
    await tabTo(page, send);
    const ring = await focusRing(send);
    expect(ring, ring.outline).toMatchObject({ focusVisible: true, drawn: true });
  });
});

test.describe('signing out by a navigation to /api/logout (SPEC §2)', () => {
  const person = () => ({
    firstName: 'Nova',
    lastName: 'Quinn',
    email: `${unique('nova')}@example.test`,
    password: 'correct horse battery',
  });
  const signedIn = async (page: Page) =>
    (await page.request.get('/api/auth/user', { headers: { accept: 'application/json' } })).status();

  test('from this site signs out and lands on the landing page', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/api/login');
    await createAccount(page, person());
    await expect(
      page.getByRole('heading', { name: /Finish your application|Application/ }).first(),
    ).toBeVisible();
    expect(await signedIn(page)).toBe(200);
    // A link on one of our pages (Sec-Fetch-Site: same-origin).
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/api/logout';
      link.textContent = 'Leave';
      document.querySelector('main')!.prepend(link);
    });
    await page.getByRole('link', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(SITE_TITLE);
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await signedIn(page)).toBe(401);
  });

  test('from another site asks first, and its button signs out', async ({ page, baseURL }) => {
    await page.goto('/api/login');
    await createAccount(page, person());
    await expect(
      page.getByRole('heading', { name: /Finish your application|Application/ }).first(),
    ).toBeVisible();
    // A page on another site linking to ours.
    await page.route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/api/logout">Win a prize</a>`,
      }),
    );
    await page.goto('http://elsewhere.test/');
    await page.getByRole('link', { name: 'Win a prize' }).click();
    await expect(page.getByRole('heading', { name: 'Sign out of Riffline?' })).toBeVisible();
    await expect(page).toHaveTitle('Sign out · Riffline');
    expect(await signedIn(page)).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await signedIn(page)).toBe(401);
  });
});
