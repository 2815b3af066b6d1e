import { Release, type DbTransaction, type Db, type User } from '@riffline/db';
import { NotFoundError } from '../../errors.ts';
import { isOwner, mayView } from '../../policies/releases.ts';

export const RELEASE_NOT_FOUND = 'Release not found';

/**
 * The release `id` as `user` may act on it: their own (or, with `admins`, any for an admin). Anything else
 * is a 404, so another artist's release cannot be told from one that does not exist. `lock` takes the row
 * for the rest of the transaction.
 */
export async function loadRelease(
  db: Db | DbTransaction,
  user: User,
  id: string,
  { admins = false, lock = false }: { admins?: boolean; lock?: boolean } = {},
): Promise<Release> {
  const query = Release.query(db).findById(id);
  if (lock) query.forUpdate();
  const release = await query;
  if (!release || !(admins ? mayView(user, release) : isOwner(user, release))) {
    throw NotFoundError(RELEASE_NOT_FOUND);
  }
  return release;
}
