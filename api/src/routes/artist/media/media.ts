import type { Context } from 'koa';
import { uploadArtwork, uploadProposedArtwork } from '../../../commands/releases/artworkUploader.ts';
import { uploadTrackAudio } from '../../../commands/releases/audioUploader.ts';
import type { IncomingFile } from '../../../media/receive.ts';
import { artworkUrl, audioUrl, signedRelease } from '../../../media/urls.ts';
import { presentTrack } from '../../../presenters/release.ts';
import type { Handler } from '../../route.ts';
import type { UploadInput } from './schema.ts';

/** The request body as a stream, with its declared length (none for a chunked upload). */
const incomingFile = (ctx: Context): IncomingFile => ({
  body: ctx.req,
  declaredSize: ctx.request.length ?? null,
});

/** PUT /api/tracks/{id}/audio: the track, `ready`, with its signed audio URL. */
export const audio: Handler<UploadInput> = async (ctx, deps) => {
  const track = await uploadTrackAudio(deps, ctx.state.user!, ctx.state.input.params.id, incomingFile(ctx));
  return presentTrack(track, await audioUrl(deps.storage, track));
};

/** PUT /api/releases/{id}/artwork: the release, its cover now the uploaded artwork (signed). */
export const artwork: Handler<UploadInput> = async (ctx, deps) => {
  const release = await uploadArtwork(deps, ctx.state.user!, ctx.state.input.params.id, incomingFile(ctx));
  return signedRelease(deps, release);
};

/** PUT /api/releases/{id}/corrections/artwork: the cover kept aside, its key and a link to look at it. */
export const proposedArtwork: Handler<UploadInput> = async (ctx, deps) => {
  const art = await uploadProposedArtwork(
    deps,
    ctx.state.user!,
    ctx.state.input.params.id,
    incomingFile(ctx),
  );
  const url = await artworkUrl(deps.storage, {
    artworkKey: art.key,
    artworkFormat: art.format,
    title: 'New cover',
  });
  return {
    artworkKey: art.key,
    format: art.format,
    size: art.size,
    width: art.width,
    height: art.height,
    url: url!,
  };
};
