import type { VisitorState } from '../../api/auth.ts';

export interface NavItem {
  label: string;
  /** A client route, or a full-page navigation (`/api/...`). */
  to: string;
  external?: boolean;
  /** Not a link: sign-out is a same-origin POST (see `navigate.logout`). */
  signOut?: boolean;
}

const signedOut: NavItem[] = [
  { label: 'Apply to Join', to: '/apply' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Support', to: '/support' },
  { label: 'Login', to: '/api/login', external: true },
];

const artistArea: NavItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Release Builder', to: '/releases' },
  { label: 'Coin Wallet', to: '/wallet' },
  { label: 'Royalties', to: '/royalties' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Support Tickets', to: '/tickets' },
  { label: 'Help Center', to: '/support' },
  { label: 'Settings', to: '/settings' },
  { label: 'Logout', to: '/api/logout', signOut: true },
];

/** Awaiting approval: only what such a user can open (the artist area waits for approval). */
const awaitingApproval: NavItem[] = [
  { label: 'My Application', to: '/' },
  { label: 'Help Center', to: '/support' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'About Us', to: '/about' },
  { label: 'Logout', to: '/api/logout', signOut: true },
];

/**
 * Awaiting approval, or never applied, with a share of someone's split accepted: their earnings first; `/`
 * says where their money is and how to apply as an artist (or how their application stands).
 */
const payee: NavItem[] = [
  { label: 'Royalties', to: '/royalties' },
  { label: 'Settings', to: '/settings' },
  { label: 'Artist Application', to: '/' },
  ...awaitingApproval.slice(1),
];

export function navItems(state: VisitorState, isPayee = false): NavItem[] {
  if (state === 'pending' && isPayee) return payee;
  if (state === 'approved') return artistArea;
  if (state === 'admin')
    return [
      ...artistArea.slice(0, -1),
      { label: 'Admin Panel', to: '/admin', external: true },
      artistArea.at(-1)!,
    ];
  if (state === 'pending') return awaitingApproval;
  return signedOut;
}
