import type { LogoutResponse, UserResponse } from '@riffline/contracts';

/** Who is signed in, as the API says (`GET /api/auth/user`: 401 when signed out). */
export type SessionUser = UserResponse;

export type Visitor =
  { state: 'anonymous' } | { state: 'denied'; user: SessionUser } | { state: 'admin'; user: SessionUser };

export async function fetchVisitor(): Promise<Visitor> {
  const res = await fetch('/api/auth/user', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (res.status === 401) return { state: 'anonymous' };
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const user = (await res.json()) as SessionUser;
  return user.role === 'admin' ? { state: 'admin', user } : { state: 'denied', user };
}

/** Where sign-in brings the admin back: the console page asked for (a deep link survives signing in). */
const here = () => {
  const path = `${window.location.pathname}${window.location.search}`;
  return path.startsWith('/admin') ? path : '/admin';
};

export const navigate = {
  login: () => window.location.assign(`/api/login?returnTo=${encodeURIComponent(here())}`),
  /** Sign-out is a same-origin POST; then wherever the server says (the issuer's sign-out, or /). */
  logout: async () => {
    const res = await fetch('/api/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const { redirectTo } = res.ok ? ((await res.json()) as LogoutResponse) : { redirectTo: '/' };
    window.location.assign(redirectTo);
  },
  home: () => window.location.assign('/'),
};

/** SPEC §2: a non-admin sees 'Access Denied' and is sent to / after 500 ms. */
export const ACCESS_DENIED_REDIRECT_MS = 500;
