import { describe, expect, it } from 'vitest';
import { becomesAdminAtSignIn } from './users.ts';

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
