import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviderResponse, LogoutResponse, UserResponse } from '@riffline/contracts';
import { api, ApiError } from './client.ts';

export type CurrentUser = UserResponse;

/** The signed-in user, or null when the server answers 401; cached 5 minutes (SPEC §7). */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await api<CurrentUser>('/api/auth/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
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

/** Who is looking: drives the route table of SPEC §2. */
export function useVisitor(): { state: VisitorState; user: CurrentUser | null; error: unknown } {
  const { data, isPending, error } = useQuery(currentUserQuery);
  if (isPending) return { state: 'loading', user: null, error };
  if (!data) return { state: 'anonymous', user: null, error };
  if (data.role === 'admin') return { state: 'admin', user: data, error };
  return { state: data.isApproved ? 'approved' : 'pending', user: data, error };
}

export const hasArtistArea = (state: VisitorState) => state === 'approved' || state === 'admin';

/**
 * Login is a full-page navigation. Sign-out is a same-origin POST (a link could be followed from any
 * site), then a navigation to where the server says: the issuer's sign-out, or the landing page.
 */
export const navigate = {
  login: () => window.location.assign('/api/login'),
  logout: async () => {
    const { redirectTo } = await api<LogoutResponse>('/api/logout', { method: 'POST' });
    window.location.assign(redirectTo);
  },
};

/** The banner's 'Resend link': a new verification link to the signed-in user's address. */
export const sendVerificationEmail = () =>
  api<{ message: string }>('/api/auth/verification-email', { method: 'POST' });
