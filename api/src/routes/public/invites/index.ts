import { InviteAcceptanceResponse, InviteResponse } from '@riffline/contracts';
import { z } from 'zod';
import { acceptInvite, showInvite } from '../../../commands/splits/invites.ts';
import { defineRoute, type Handler } from '../../route.ts';

const tag = 'Splits';

// Any text: a token that is not one of ours is answered 404 like an unknown one, saying the link is not valid.
const InviteSchema = z.object({
  params: z.object({ token: z.string().max(200, 'This invite link is not valid.') }),
});
type InviteInput = z.infer<typeof InviteSchema>;

const show: Handler<InviteInput> = (ctx, { db, clock }) =>
  showInvite(db, ctx.state.input.params.token, clock());

const accept: Handler<InviteInput> = (ctx, { db, clock }) =>
  acceptInvite(db, ctx.state.user!, ctx.state.input.params.token, clock());

export const inviteRoutes = [
  defineRoute({
    method: 'get',
    path: '/invites/:token',
    summary:
      "An invite to a release split, by its link's token: the owner's name, the releases and shares, what is held so far (USD, rounded down). 404 for a link that is not valid, 410 once it has expired",
    tag,
    audience: 'public',
    request: InviteSchema,
    response: InviteResponse,
    errors: [404, 410],
    handler: show,
  }),
  defineRoute({
    method: 'post',
    path: '/invites/:token/acceptance',
    summary:
      'Accept an invite as the signed-in account (no artist application needed): its shares and what was held for it are the caller’s at once. 409 for your own invite or a second address of the same owner, 410 once expired',
    tag,
    audience: 'user',
    request: InviteSchema,
    response: InviteAcceptanceResponse,
    status: 201,
    errors: [404, 409, 410],
    handler: accept,
  }),
];
