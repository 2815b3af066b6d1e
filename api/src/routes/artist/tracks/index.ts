import { TrackResponse, TrackUpdateBody, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { updateTrackTitle } from '../../../commands/releases/releaseUpdater.ts';
import { presentTrack } from '../../../presenters/release.ts';
import { defineRoute } from '../../route.ts';

const UpdateTrackSchema = z.object({ params: uuidParam, body: TrackUpdateBody });

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
];
