import { User, type Db } from '../../db/src/index.ts';
import type { TestServer } from './api.ts';
import { Browser, type Page } from './browser.ts';
import { enrolAuthenticator, stepUp, type TestAuthenticator } from './secondFactor.ts';
import { newPerson, signUp, type Person } from './signIn.ts';

export type ActorKind = 'artist' | 'approved' | 'admin';

export interface Actor {
  browser: Browser;
  person: Person;
  user: User;
  get(path: string): Promise<Page>;
  /** A same-origin JSON request, as the web apps send it. */
  send(method: string, path: string, body?: unknown): Promise<Page>;
  /** The authenticator app, for an actor made with `{ secondFactor: true }`. */
  authenticator?: TestAuthenticator;
}

/**
 * A browser signed in through the real provider flow, then given the role the test needs. With
 * `secondFactor`, the account sets up an authenticator app and signs in again with it (the step-up the
 * routes moving money ask for, good for 10 minutes).
 */
export async function actor(
  app: TestServer,
  db: Db,
  kind: ActorKind,
  fields: Partial<Person> = {},
  { secondFactor = false }: { secondFactor?: boolean } = {},
): Promise<Actor> {
  const browser = new Browser();
  const person = newPerson(fields);
  await signUp(browser, app.url, person);
  const me = (await browser.get(`${app.url}/api/auth/user`)).json<{ id: string }>();
  const patch =
    kind === 'admin' ? { role: 'admin' as const, isApproved: true } : { isApproved: kind === 'approved' };
  const user = await User.query(db).patchAndFetchById(me.id, patch);
  const signedIn: Actor = {
    browser,
    person,
    user,
    get: (path) => browser.get(`${app.url}${path}`),
    send: (method, path, body) =>
      browser.request(`${app.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: app.url },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
  if (secondFactor) {
    signedIn.authenticator = await enrolAuthenticator(signedIn);
    await stepUp(browser, app.url, person, signedIn.authenticator);
  }
  return signedIn;
}

/** A visitor who is not signed in, sending same-origin requests. */
export function visitor(app: TestServer) {
  const browser = new Browser();
  return {
    browser,
    get: (path: string) => browser.get(`${app.url}${path}`),
    send: (method: string, path: string, body?: unknown) =>
      browser.request(`${app.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: app.url },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}
