import { expect, test } from '@playwright/test';
import { createAccount, fillApplication, unique } from './support.ts';

test.describe('the logged-out flow (SPEC §6)', () => {
  test('a submit after the session ended shows "Unauthorized" and goes to sign in after 500 ms', async ({
    page,
    context,
  }) => {
    const toasts: string[] = [];
    await page.exposeFunction('reportToast', (text: string) => toasts.push(text));
    await page.addInitScript(() => {
      // The toast shows for the 500 ms before the browser leaves, too short to poll for under load:
      // the page reports every toast it renders as it renders it.
      new MutationObserver(() => {
        const toast = document.querySelector('[data-testid="toast"]');
        if (toast?.textContent)
          (window as unknown as { reportToast(t: string): void }).reportToast(toast.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });
      // The browser's own monotonic clock (the one its timers run on; not this busy test process's) times
      // the wait, all in the one document that refuses, shows and leaves: when the refusal arrived, when the
      // toast entered the page (stamped as it is inserted: an observer runs only once the inserting task
      // ends, which on a busy machine can be after the app has started its timer) and when the page began
      // to leave, kept in sessionStorage across the same-origin navigation.
      const now = () => String(performance.now());
      const stampToast = (node: Node) => {
        if (sessionStorage.getItem('toastAt') || !(node instanceof Element)) return;
        if (node.matches('[data-testid="toast"]') || node.querySelector('[data-testid="toast"]'))
          sessionStorage.setItem('toastAt', now());
      };
      const { appendChild, insertBefore } = Node.prototype;
      Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
        const added = appendChild.call(this, node) as T;
        stampToast(node);
        return added;
      };
      Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
        const added = insertBefore.call(this, node, child) as T;
        stampToast(node);
        return added;
      };
      const fetch = window.fetch.bind(window);
      window.fetch = async (...args) => {
        const res = await fetch(...args);
        if (res.status === 401 && res.url.endsWith('/api/applications'))
          sessionStorage.setItem('refusedAt', now());
        return res;
      };
      window.addEventListener('beforeunload', () => sessionStorage.setItem('leftAt', now()));
    });
    // The toast's own chunk (loaded when the page is idle) is held back until well after the refusal, as
    // on a slow device: the page must still show its toast, and leave only 500 ms after it showed.
    let releaseToastView!: () => void;
    const toastViewHeld = new Promise<void>((resolve) => (releaseToastView = resolve));
    let toastViewAsked!: () => void;
    const toastViewRequested = new Promise<void>((resolve) => (toastViewAsked = resolve));
    await page.route(/\/assets\/ToastView-[^/]*\.js$/, async (route) => {
      toastViewAsked();
      await toastViewHeld;
      await route.continue();
    });
    await page.goto('/apply');
    await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
    await createAccount(page, {
      firstName: 'Ines',
      lastName: 'Park',
      email: `${unique('ines')}@example.com`,
      password: 'a long enough password',
    });
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();

    await fillApplication(page, {
      legalName: 'Ines Park',
      artistName: 'INES',
      age: '24',
      genre: 'Indie',
      instagram: 'https://instagram.com/ines',
      youtube: 'https://youtube.com/@ines',
      story: 'Bedroom pop from Seoul.',
    });
    await page.getByRole('checkbox').check();

    // The session ends (signed out in another tab, or expired).
    await context.clearCookies();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/applications') && r.status() === 401);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await refused;
    // Refused, and the toast's chunk asked for and held: the page stays until its toast has shown.
    await toastViewRequested;
    await expect(page).toHaveURL(/\/apply/);
    releaseToastView();
    await expect.poll(() => toasts.join(' | ')).toContain('Unauthorized');
    expect(toasts.join(' | ')).toContain('You are logged out. Logging in again...');
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    const times = await page.evaluate(() => ({
      refusedAt: Number(sessionStorage.getItem('refusedAt')),
      toastAt: Number(sessionStorage.getItem('toastAt')),
      leftAt: Number(sessionStorage.getItem('leftAt')),
    }));
    expect(times.refusedAt).toBeGreaterThan(0);
    expect(times.toastAt).toBeGreaterThan(times.refusedAt);
    expect(times.leftAt - times.toastAt).toBeGreaterThanOrEqual(500);
  });
});

test.describe('keyboard use', () => {
  test('opens the menu, moves through it and closes it without a mouse', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Open menu' });
    // The menu button stays disabled until the visitor's state is known.
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu').or(page.getByRole('navigation', { name: 'Main' }));
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });
});
