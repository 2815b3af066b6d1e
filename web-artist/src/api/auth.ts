import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviderResponse, LogoutResponse, UserResponse } from '@riffline/contracts';
import { api, ApiError } from './client.ts';

export type CurrentUser = UserResponse;

const SIGNED_IN_HINT = 'riffline.signedIn';

/**
 * Whether this browser was signed in when the app last asked (or set off to sign in since). Only a guess
 * for what to show while `/api/auth/user` is pending, never a grant: visitors without it see the public
 * pages at once instead of a spinner; signed-in people with it wait for their own view instead of
 * glimpsing the landing page.
 */
export function signedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false; // storage blocked: behave as a visitor
  }
}

function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage blocked: nothing to remember
  }
}

/** Following any link to the sign-in (header, landing, footer, 'Continue with…') sets the hint. */
export function watchSignInLinks() {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link?.getAttribute('href')?.startsWith('/api/login')) rememberSignedIn(true);
    },
    true,
  );
}

/** The signed-in user, or null when the server answers 401; cached 5 minutes (SPEC §7). */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      const user = await api<CurrentUser>('/api/auth/user');
      rememberSignedIn(true);
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        rememberSignedIn(false);
        return null;
      }
      throw error;
    }
  },
  staleTime: 300_000,
});

export const providerQuery = queryOptions({
  queryKey: ['auth', 'provider'],
  queryFn: () => api<AuthProviderResponse>('/api/auth/provider'),
});

export type VisitorState = 'loading' | 'anonymous' | 'pending' | 'approved' | 'admin';

export interface Visitor {
  state: VisitorState;
  /**
   * What a public page shows: `state`, except that while the check is pending a browser without the
   * signed-in hint counts as a visitor, so the landing, /apply and the header render at once.
   */
  shown: VisitorState;
  user: CurrentUser | null;
  error: unknown;
}

/** Who is looking: drives the route table of SPEC §2. */
export function useVisitor(): Visitor {
  const { data, isPending, error } = useQuery(currentUserQuery);
  if (isPending)
    return { state: 'loading', shown: signedInHint() ? 'loading' : 'anonymous', user: null, error };
  const state: VisitorState = !data
    ? 'anonymous'
    : data.role === 'admin'
      ? 'admin'
      : data.isApproved
        ? 'approved'
        : 'pending';
  return { state, shown: state, user: data ?? null, error };
}

export const hasArtistArea = (state: VisitorState) => state === 'approved' || state === 'admin';

/**
 * Has earnings to see and take (Royalties, payouts, payment methods): the artist area, or a collaborator
 * who accepted a share of someone's release split without being an artist.
 */
export const hasEarnings = ({ state, user }: Pick<Visitor, 'state' | 'user'>) =>
  hasArtistArea(state) || (state === 'pending' && Boolean(user?.isPayee));

/**
 * Login is a full-page navigation. Sign-out is a same-origin POST (a link could be followed from any
 * site), then a navigation to where the server says: the issuer's sign-out, or the landing page.
 */
export const navigate = {
  login: (returnTo?: string) => {
    rememberSignedIn(true);
    window.location.assign(returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login');
  },
  logout: async () => {
    const { redirectTo } = await api<LogoutResponse>('/api/logout', { method: 'POST' });
    rememberSignedIn(false);
    window.location.assign(redirectTo);
  },
};

/** The banner's 'Resend link': a new verification link to the signed-in user's address. */
export const sendVerificationEmail = () =>
  api<{ message: string }>('/api/auth/verification-email', { method: 'POST' });
