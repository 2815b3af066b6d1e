import { splitsOfRelease } from '@riffline/db';
import { createSplit } from '../../../commands/splits/splitCreator.ts';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { presentSplits, presentSplitVersion } from '../../../presenters/split.ts';
import type { Handler } from '../../route.ts';
import type { CreateSplitInput, ReleaseSplitsInput } from './schema.ts';

/** The versions of the owner's release split, newest first, and what each payee earned or has held. */
export const list: Handler<ReleaseSplitsInput> = async (ctx, { db }) => {
  const release = await loadRelease(db, ctx.state.user!, ctx.state.input.params.id);
  return presentSplits(release.id, await splitsOfRelease(db, release.id));
};

export const create: Handler<CreateSplitInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  const split = await createSplit(db, ctx.state.user!, params.id, body);
  const { versions } = await splitsOfRelease(db, split.releaseId);
  return presentSplitVersion(versions.find((v) => v.id === split.id)!);
};
