import type { Role } from '@riffline/contracts';
import { appendEvent, User, type Db } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

export const OWN_ADMIN_ROLE = 'You cannot remove your own admin role';
export const LAST_ADMIN = 'The last admin cannot be demoted';

/**
 * An admin makes a user an admin or an artist; `user.roleChanged` only when the role changes (the same role
 * again answers the user as it is). Nobody demotes themselves, and the platform always keeps an admin: the
 * admins' rows are locked (in id order, so two demotions cannot deadlock) before they are counted, so two
 * admins demoting each other at once leave one of them an admin. Approval is not touched. Refusals are 409
 * (the state forbids it), never 403: the console reads a 403 from an admin call as its own role taken away.
 */
export async function changeRole(db: Db, admin: User, id: string, role: Role): Promise<User> {
  return db.transaction(async (trx) => {
    // Lock the target and every admin together, in one order.
    const locked = await User.query(trx).where('id', id).orWhere('role', 'admin').orderBy('id').forUpdate();
    const user = locked.find((u) => u.id === id);
    if (!user) throw NotFoundError('User not found');
    if (user.role === role) return user;
    if (role !== 'admin') {
      if (user.id === admin.id) throw ConflictError(OWN_ADMIN_ROLE);
      if (locked.filter((u) => u.role === 'admin').length <= 1) throw ConflictError(LAST_ADMIN);
    }
    const updated = await User.query(trx).patchAndFetchById(id, { role });
    await appendEvent(trx, {
      type: 'user.roleChanged',
      aggregateId: id,
      actorId: admin.id,
      payload: { from: user.role, to: role, reason: 'admin', isApproved: updated.isApproved },
    });
    return updated;
  });
}
