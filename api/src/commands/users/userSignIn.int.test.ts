import { describe, expect } from 'vitest';
import { Event } from '@riffline/db';
import { dbTest, unique } from '#test/support/db.ts';
import type { SignInClaims } from '../../session/relyingParty.ts';
import { userSignIn } from './userSignIn.ts';

const claims = (fields: Partial<SignInClaims> = {}): SignInClaims => ({
  sub: unique('sub'),
  email: `${unique('person')}@example.test`,
  emailVerified: false,
  firstName: 'Noor',
  lastName: 'Haddad',
  picture: null,
  username: null,
  idToken: null,
  amr: [],
  authTime: null,
  ...fields,
});

describe('userSignIn', () => {
  dbTest('an ADMIN_EMAILS address the issuer has not verified stays an artist', async ({ db }) => {
    const c = claims();
    const user = await userSignIn(db, c, [c.email!]);
    expect(user).toMatchObject({ role: 'artist', isApproved: false, emailVerified: false });
  });

  dbTest('becomes admin at the first sign-in with a verified address, with the events', async ({ db }) => {
    const c = claims();
    const first = await userSignIn(db, c, [c.email!]);
    expect(first.role).toBe('artist');

    const again = await userSignIn(db, { ...c, emailVerified: true }, [c.email!]);
    expect(again).toMatchObject({ role: 'admin', isApproved: true, emailVerified: true });
    const types = (await Event.query(db).where({ aggregateId: c.sub }).orderBy('id')).map((e) => e.type);
    expect(types).toEqual(['user.signedUp', 'user.emailVerified', 'user.roleChanged']);

    // Follows the issuer: verified once, it says so until the issuer says otherwise.
    const later = await userSignIn(db, { ...c, emailVerified: false }, []);
    expect(later).toMatchObject({ role: 'admin', emailVerified: false });
  });

  dbTest('a verified new user is verified from the start', async ({ db }) => {
    const c = claims({ emailVerified: true });
    expect(await userSignIn(db, c, [c.email!])).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
