import { slugify } from '@riffline/contracts';
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
      slug: slugify(unique('smartlink')),
      ...fields,
    })
    .returning('*');
}
