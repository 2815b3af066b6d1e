import { TrackResponse, TrackUpdateBody, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { updateTrackTitle } from '../../../commands/releases/releaseUpdater.ts';
import { removeTrack } from '../../../commands/releases/trackRemover.ts';
import { presentTrack } from '../../../presenters/release.ts';
import { defineRoute } from '../../route.ts';

const UpdateTrackSchema = z.object({ params: uuidParam, body: TrackUpdateBody });
const TrackIdSchema = z.object({ params: uuidParam });

export const trackRoutes = [
  defineRoute({
    method: 'patch',
    path: '/tracks/:id',
    summary: "Rename a track of the artist's draft or rejected release (sent on blur)",
    tag: 'Releases',
    audience: 'approved',
    request: UpdateTrackSchema,
    response: TrackResponse,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params, body } = ctx.state.input as z.infer<typeof UpdateTrackSchema>;
      return presentTrack(await updateTrackTitle(db, ctx.state.user!, params.id, body.title));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/tracks/:id',
    summary:
      "Remove a track from the artist's draft or rejected release; the others are renumbered 1..n (answers them in order)",
    tag: 'Releases',
    audience: 'approved',
    request: TrackIdSchema,
    response: z.array(TrackResponse),
    errors: [409],
    handler: async (ctx, { db, storage, logger }) => {
      const { params } = ctx.state.input as z.infer<typeof TrackIdSchema>;
      const remaining = await removeTrack(db, storage, logger, ctx.state.user!, params.id);
      return remaining.map((t) => presentTrack(t));
    },
  }),
];
