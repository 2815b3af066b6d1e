import { appendEvent, User, type Db } from '@riffline/db';
import type { SignInClaims } from '../../auth/relyingParty.ts';
import { ConflictError } from '../../errors.ts';
import { isConfiguredAdmin } from '../../policies/users.ts';

/**
 * Creates or refreshes the user an issuer vouched for (`id` is the issuer's subject). Profile fields follow
 * the issuer; ADMIN_EMAILS promotes to admin (never demotes). One transaction with its events.
 */
export async function userSignIn(db: Db, claims: SignInClaims, adminEmails: string[]): Promise<User> {
  const admin = isConfiguredAdmin(claims.email, adminEmails);
  try {
    return await db.transaction(async (trx) => {
      const existing = await User.query(trx).findById(claims.sub).forUpdate();
      const profile = {
        email: claims.email,
        firstName: claims.firstName,
        lastName: claims.lastName,
        profileImageUrl: claims.picture ?? existing?.profileImageUrl ?? null,
      };
      if (!existing) {
        const user = await User.query(trx)
          .insert({
            id: claims.sub,
            username: claims.username ?? claims.email,
            ...profile,
            role: admin ? 'admin' : 'artist',
            isApproved: admin,
          })
          .returning('*');
        await appendEvent(trx, {
          type: 'user.signedUp',
          aggregateId: user.id,
          actorId: user.id,
          payload: { email: user.email, role: user.role },
        });
        return user;
      }
      const promote = admin && existing.role !== 'admin';
      const user = await User.query(trx).patchAndFetchById(existing.id, {
        ...profile,
        ...(promote ? { role: 'admin', isApproved: true } : {}),
      });
      if (promote) {
        await appendEvent(trx, {
          type: 'user.roleChanged',
          aggregateId: user.id,
          actorId: user.id,
          payload: { from: existing.role, to: 'admin', reason: 'ADMIN_EMAILS' },
        });
      }
      return user;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw ConflictError('This email address is already used by another Riffline account');
    }
    throw error;
  }
}
