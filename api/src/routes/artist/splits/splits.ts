import { splitsOfRelease } from '@riffline/db';
import { createSplit } from '../../../commands/splits/splitCreator.ts';
import { resendInvite, withdrawInvite } from '../../../commands/splits/invites.ts';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { presentSplits, presentSplitVersion } from '../../../presenters/split.ts';
import type { Handler } from '../../route.ts';
import type { CreateSplitInput, PayeeInviteInput, ReleaseSplitsInput } from './schema.ts';

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

/** Mails the invited payee a fresh link (the worker does, after the commit); answers the release's split. */
export const resend: Handler<PayeeInviteInput> = async (ctx, { db }) => {
  const { id, payeeId } = ctx.state.input.params;
  await resendInvite(db, ctx.state.user!, id, payeeId);
  return presentSplits(id, await splitsOfRelease(db, id));
};

/** Takes back an unaccepted invite: what was held is the owner's; answers the release's split. */
export const withdraw: Handler<PayeeInviteInput> = async (ctx, { db, clock }) => {
  const { id, payeeId } = ctx.state.input.params;
  await withdrawInvite(db, ctx.state.user!, id, payeeId, clock());
  return presentSplits(id, await splitsOfRelease(db, id));
};
