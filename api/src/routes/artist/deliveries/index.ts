import {
  CorrectionBody,
  DeliveryResponse,
  earliestReleaseDate,
  ReleaseChangeResponse,
  takedownBody,
  uuidParam,
} from '@riffline/contracts';
import { changesOfRelease, deliveriesOfRelease } from '@riffline/db';
import { z } from 'zod';
import {
  requestCorrection,
  requestTakedown,
  withdrawCorrection,
} from '../../../commands/delivery/releaseChanges.ts';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { presentDelivery, presentReleaseChange } from '../../../presenters/delivery.ts';
import { defineRoute } from '../../route.ts';

const ReleaseDeliveriesSchema = z.object({ params: uuidParam });
const CorrectionSchema = z.object({ params: uuidParam, body: CorrectionBody });
const CorrectionOfReleaseSchema = z.object({
  params: z.object({ id: uuidParam.shape.id, changeId: uuidParam.shape.id }),
});
const TakedownSchema = z.object({ params: uuidParam, body: takedownBody(() => earliestReleaseDate()) });

/** Where the owner's release stands at each store it was delivered to (docs/delivery.md). */
export const deliveryRoutes = [
  defineRoute({
    method: 'get',
    path: '/releases/:id/deliveries',
    summary:
      "The owner's release at each store it was delivered to: the latest delivery per store, with its state (delivered, then as the store acknowledges it) and the store's link once live",
    tag: 'Releases',
    audience: 'approved',
    request: ReleaseDeliveriesSchema,
    response: z.array(DeliveryResponse),
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof ReleaseDeliveriesSchema>;
      const release = await loadRelease(db, ctx.state.user!, params.id);
      return (await deliveriesOfRelease(db, release.id, { latestPerStore: true })).map(presentDelivery);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/takedowns',
    summary:
      "Take the owner's live release down: from the stores named (else every store), in the countries named (else everywhere), from a date (else at once); 409 when it is not live",
    tag: 'Releases',
    audience: 'approved',
    request: TakedownSchema,
    response: ReleaseChangeResponse,
    status: 201,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params, body } = ctx.state.input as z.infer<typeof TakedownSchema>;
      const change = await requestTakedown(db, ctx.state.user!, params.id, body);
      return presentReleaseChange(change);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/releases/:id/changes',
    summary: "The owner's release's takedowns (and purge), newest first, each with where it stands per store",
    tag: 'Releases',
    audience: 'approved',
    request: ReleaseDeliveriesSchema,
    response: z.array(ReleaseChangeResponse),
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof ReleaseDeliveriesSchema>;
      const release = await loadRelease(db, ctx.state.user!, params.id);
      return (await changesOfRelease(db, release.id)).map((c) =>
        presentReleaseChange(c.change, c.deliveries),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/corrections',
    summary:
      "Propose a correction of the owner's live release (title, release artists, genre, track titles, a cover uploaded first): kept for review, one at a time; 409 when it is not live or one is waiting",
    tag: 'Releases',
    audience: 'approved',
    request: CorrectionSchema,
    response: ReleaseChangeResponse,
    status: 201,
    errors: [409],
    handler: async (ctx, { db, storage }) => {
      const { params, body } = ctx.state.input as z.infer<typeof CorrectionSchema>;
      return presentReleaseChange(await requestCorrection({ db, storage }, ctx.state.user!, params.id, body));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/corrections/:changeId/withdraw',
    summary:
      "Withdraw the owner's correction while it waits for review: kept as withdrawn, the release unchanged, and another can be proposed at once; 409 once it was reviewed or withdrawn",
    tag: 'Releases',
    audience: 'approved',
    request: CorrectionOfReleaseSchema,
    response: ReleaseChangeResponse,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof CorrectionOfReleaseSchema>;
      return presentReleaseChange(await withdrawCorrection(db, ctx.state.user!, params.id, params.changeId));
    },
  }),
];
