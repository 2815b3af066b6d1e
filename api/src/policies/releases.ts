import type { Release, User } from '@riffline/db';
import { isAdmin } from './users.ts';

/**
 * Who may do what with a release. An artist reaches only their own releases; to anyone else a release they
 * may not see does not exist (404, never 403), so ids reveal nothing.
 */
export const mayView = (user: User, release: Pick<Release, 'userId'>) =>
  release.userId === user.id || isAdmin(user);

export const isOwner = (user: User, release: Pick<Release, 'userId'>) => release.userId === user.id;

/** Changes by the artist (edit, delete, upload, submit) only before review or after a rejection. */
export const isEditable = (release: Pick<Release, 'status'>) =>
  release.status === 'draft' || release.status === 'rejected';

export const EDIT_REFUSED = 'Only a draft or rejected release can be changed: this one is in review or live.';
export const DELETE_REFUSED = 'Only a draft or rejected release can be deleted.';
