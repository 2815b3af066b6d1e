import { appendEvent, User, type Db, type DbTransaction } from '@riffline/db';
import type { SignInClaims } from '../../session/relyingParty.ts';
import { ConflictError } from '../../errors.ts';
import { becomesAdminAtSignIn } from '../../policies/users.ts';

/**
 * Creates or refreshes the user an issuer vouched for (`id` is the issuer's subject). Profile fields and
 * `emailVerified` follow the issuer; an ADMIN_EMAILS address the issuer says is verified promotes to admin
 * (never demotes). One transaction with its events.
 */
export async function userSignIn(db: Db, claims: SignInClaims, adminEmails: string[]): Promise<User> {
  const admin = becomesAdminAtSignIn(claims, adminEmails);
  try {
    return await db.transaction(async (trx) => {
      const existing = await User.query(trx).findById(claims.sub).forUpdate();
      const profile = {
        email: claims.email,
        emailVerified: claims.emailVerified,
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
          payload: { email: user.email, role: user.role, isApproved: user.isApproved },
        });
        if (user.emailVerified && user.email) await emailVerified(trx, user.id, user.email);
        return user;
      }
      const promote = admin && existing.role !== 'admin';
      const user = await User.query(trx).patchAndFetchById(existing.id, {
        ...profile,
        ...(promote ? { role: 'admin', isApproved: true } : {}),
      });
      const newlyVerified =
        user.emailVerified && user.email && (!existing.emailVerified || existing.email !== user.email);
      if (newlyVerified) await emailVerified(trx, user.id, user.email!);
      if (promote) {
        await appendEvent(trx, {
          type: 'user.roleChanged',
          aggregateId: user.id,
          actorId: user.id,
          payload: { from: existing.role, to: 'admin', reason: 'ADMIN_EMAILS', isApproved: user.isApproved },
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

const emailVerified = (trx: DbTransaction, userId: string, email: string) =>
  appendEvent(trx, { type: 'user.emailVerified', aggregateId: userId, actorId: userId, payload: { email } });
