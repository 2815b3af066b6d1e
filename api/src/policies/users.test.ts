import { describe, expect, it } from 'vitest';
import { becomesAdminAtSignIn, mayRequestPayout } from './users.ts';

describe('mayRequestPayout', () => {
  it('needs the artist area and a verified address', () => {
    expect(mayRequestPayout({ role: 'artist', isApproved: true, emailVerified: true })).toBe(true);
    expect(mayRequestPayout({ role: 'artist', isApproved: true, emailVerified: false })).toBe(false);
    expect(mayRequestPayout({ role: 'artist', isApproved: false, emailVerified: true })).toBe(false);
    expect(mayRequestPayout({ role: 'admin', isApproved: true, emailVerified: false })).toBe(false);
  });
});

describe('becomesAdminAtSignIn', () => {
  const admins = ['boss@riffline.test'];
  it('needs an ADMIN_EMAILS address the issuer says is verified', () => {
    expect(becomesAdminAtSignIn({ email: 'boss@riffline.test', emailVerified: true }, admins)).toBe(true);
    expect(becomesAdminAtSignIn({ email: 'BOSS@riffline.test', emailVerified: true }, admins)).toBe(true);
    expect(becomesAdminAtSignIn({ email: 'boss@riffline.test', emailVerified: false }, admins)).toBe(false);
    expect(becomesAdminAtSignIn({ email: 'other@riffline.test', emailVerified: true }, admins)).toBe(false);
    expect(becomesAdminAtSignIn({ email: null, emailVerified: true }, admins)).toBe(false);
  });
});
