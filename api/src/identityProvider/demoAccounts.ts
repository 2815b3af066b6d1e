import { appendEvent, findIdentityAccount, User, type Config, type Db } from '@riffline/db';
import { proveAddress } from '../commands/users/emailVerifier.ts';
import { createAccount } from './accounts.ts';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
  role: 'admin' | 'artist';
}

/** What `make start` signs you in with on the embedded provider (never in production). */
export const demoAccounts: DemoAccount[] = [
  { label: 'Demo admin', email: 'admin@riffline.local', password: 'riffline-admin', role: 'admin' },
  { label: 'Demo artist', email: 'artist@riffline.local', password: 'riffline-artist', role: 'artist' },
];

/** The demo users' ids (their identity accounts share them). */
export const demoIds: Record<DemoAccount['role'], string> = { admin: 'demo-admin', artist: 'demo-artist' };

/**
 * Creates the demo accounts and their users once (an approved artist and an admin, their addresses
 * verified); idempotent. Demo accounts made before email verification existed are marked verified.
 */
export async function seedDemoAccounts(db: Db, config: Config): Promise<DemoAccount[]> {
  if (config.identity.mode !== 'embedded' || config.env === 'production') return [];
  return createDemoAccounts(db);
}

/**
 * The accounts themselves, whatever the environment: for `make stack` (infra/stack), a production-shaped
 * topology on this machine that a developer signs in to as on `make start`.
 */
export async function createDemoAccounts(db: Db): Promise<DemoAccount[]> {
  for (const demo of demoAccounts) {
    const id = demoIds[demo.role];
    const existing = await findIdentityAccount(db, id);
    if (existing) {
      if (!existing.emailVerified) {
        await db.transaction((trx) => proveAddress(trx, { accountId: id, email: existing.email }));
      }
      continue;
    }
    const [firstName, lastName] = demo.role === 'admin' ? ['Ada', 'Admin'] : ['Arlo', 'Artist'];
    await db.transaction(async (trx) => {
      await createAccount(trx, {
        id,
        email: demo.email,
        password: demo.password,
        firstName,
        lastName,
        emailVerified: true,
      });
      const user = await User.query(trx)
        .insert({
          id,
          email: demo.email,
          username: demo.email,
          firstName,
          lastName,
          role: demo.role,
          isApproved: true,
          emailVerified: true,
        })
        .onConflict('id')
        .ignore()
        .returning('*');
      if (user) {
        await appendEvent(trx, {
          type: 'user.signedUp',
          aggregateId: id,
          actorId: id,
          payload: { email: demo.email, role: demo.role, isApproved: true },
        });
      }
    });
  }
  return demoAccounts;
}
