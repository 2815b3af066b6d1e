import { expect } from 'vitest';
import type { Browser } from './browser.ts';
import { formOf, type Page } from './browser.ts';
import { unique } from './db.ts';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const newPerson = (fields: Partial<Person> = {}): Person => ({
  firstName: 'Maya',
  lastName: 'Rivers',
  email: `${unique('maya')}@example.test`,
  password: 'correct horse battery',
  ...fields,
});

/** `/api/login` → the embedded provider's sign-in page (what 'Continue with …' opens). */
export async function openSignIn(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await browser.get(`${baseUrl}/api/login`);
  expect(page.status, page.body.slice(0, 300)).toBe(200);
  expect(page.url).toMatch(/\/oidc\/interaction\/[^/]+$/);
  return page;
}

/** The whole authorization-code + PKCE flow through the create-account page; returns the final page. */
export async function signUp(browser: Browser, baseUrl: string, person: Person): Promise<Page> {
  const signIn = await openSignIn(browser, baseUrl);
  const createPage = await browser.get(`${signIn.url}/signup`);
  expect(createPage.body).toContain('Create your account');
  return browser.submit(createPage, formOf(createPage), {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    password: person.password,
  });
}

/** The flow through the sign-in page with an existing account. */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<Page> {
  const page = await openSignIn(browser, baseUrl);
  return browser.submit(page, formOf(page), { email, password });
}

/**
 * Signs out as the web apps do: a same-origin POST to /api/logout; `redirectTo` is where the browser goes
 * next (the issuer's sign-out, or the landing page).
 */
export async function signOut(
  browser: Browser,
  appUrl: string,
): Promise<{ status: number; redirectTo: string }> {
  const res = await browser.request(`${appUrl}/api/logout`, {
    method: 'POST',
    headers: { origin: appUrl, accept: 'application/json' },
  });
  const { redirectTo } = res.json<{ redirectTo: string }>();
  return { status: res.status, redirectTo: new URL(redirectTo, appUrl).href };
}
