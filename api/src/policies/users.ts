import type { User } from '@riffline/db';

/** Who may do what, in one place. Gates (middleware/auth.ts) and handlers ask these. */
export const isAdmin = (user: Pick<User, 'role'>) => user.role === 'admin';

/** Approved artists and admins have the artist area (SPEC §2 route table). */
export const hasArtistArea = (user: Pick<User, 'role' | 'isApproved'>) => user.isApproved || isAdmin(user);

/** Admins listed in ADMIN_EMAILS are admins from their first sign-in on. */
export const isConfiguredAdmin = (email: string | null, adminEmails: string[]) =>
  Boolean(email && adminEmails.includes(email.toLowerCase()));

/**
 * An ADMIN_EMAILS address becomes admin at sign-in only when the issuer vouches that the person signing in
 * owns it: anyone can create an account under an address they do not own.
 */
export const becomesAdminAtSignIn = (
  claims: { email: string | null; emailVerified: boolean },
  adminEmails: string[],
) => claims.emailVerified && isConfiguredAdmin(claims.email, adminEmails);
