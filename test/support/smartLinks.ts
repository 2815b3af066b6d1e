import { SmartLink, type Db, type Release } from '@riffline/db';
import { unique } from './db.ts';

/** A release's SmartLink as creating the release through the API makes it (factories insert releases bare). */
export async function buildSmartLink(
  db: Db,
  release: Pick<Release, 'id' | 'userId'>,
  fields: Partial<SmartLink> = {},
) {
  return SmartLink.query(db)
    .insert({
      releaseId: release.id,
      userId: release.userId,
      slug: unique('smartlink')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 40)
        .replace(/-+$/, ''),
      ...fields,
    })
    .returning('*');
}
