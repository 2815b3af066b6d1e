import type { ExportKind } from '@riffline/contracts';
import { ownReleasesJson, tracksOf } from '@riffline/db';
import { requestReleaseExport } from '../../../commands/exports/exportRequester.ts';
import { createRelease } from '../../../commands/releases/releaseCreator.ts';
import { deleteRelease } from '../../../commands/releases/releaseDeleter.ts';
import { submitRelease } from '../../../commands/releases/releaseSubmitter.ts';
import { updateRelease } from '../../../commands/releases/releaseUpdater.ts';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { artworkUrl, audioUrls, signedRelease, signedReleaseWithTracks } from '../../../media/urls.ts';
import { exportPageUrl } from '../../../presenters/export.ts';
import { presentReleaseList, presentTrack } from '../../../presenters/release.ts';
import type { Handler } from '../../route.ts';
import type { CreateReleaseInput, ListReleasesInput, ReleaseIdInput, UpdateReleaseInput } from './schema.ts';

/**
 * The approved artist's own releases, newest first, with track count and cover: PostgreSQL presents each
 * release, the API signs the uploaded covers.
 */
export const list: Handler<ListReleasesInput> = async (ctx, { db, storage }) => {
  const { limit, offset } = ctx.state.input.query;
  const rows = await ownReleasesJson(db, ctx.state.user!.id, { limit, offset });
  const covers = await Promise.all(rows.map((row) => artworkUrl(storage, row)));
  ctx.type = 'json';
  return presentReleaseList(rows, covers);
};

export const create: Handler<CreateReleaseInput> = async (ctx, deps) => {
  const { release, tracks } = await createRelease(deps.db, ctx.state.user!, ctx.state.input.body);
  return signedReleaseWithTracks(deps, release, tracks);
};

/** One release with its tracks: its artist's, or any for an admin. */
export const show: Handler<ReleaseIdInput> = async (ctx, deps) => {
  const release = await loadRelease(deps.db, ctx.state.user!, ctx.state.input.params.id, { admins: true });
  return signedReleaseWithTracks(deps, release);
};

export const tracks: Handler<ReleaseIdInput> = async (ctx, { db, storage }) => {
  const release = await loadRelease(db, ctx.state.user!, ctx.state.input.params.id, { admins: true });
  const rows = await tracksOf(db, release.id);
  const audio = await audioUrls(storage, rows);
  return rows.map((t) => presentTrack(t, audio.get(t.id)));
};

export const update: Handler<UpdateReleaseInput> = async (ctx, deps) => {
  const { params, body } = ctx.state.input;
  return signedRelease(deps, await updateRelease(deps.db, ctx.state.user!, params.id, body));
};

export const remove: Handler<ReleaseIdInput> = async (ctx, { db, storage, logger }) => {
  await deleteRelease(db, storage, logger, ctx.state.user!, ctx.state.input.params.id);
  ctx.status = 204;
};

export const submit: Handler<ReleaseIdInput> = async (ctx, deps) => {
  return signedRelease(
    deps,
    await submitRelease(deps.db, ctx.state.user!, ctx.state.input.params.id, deps.clock()),
  );
};

/**
 * Export one release, as the admin's exports do for all of them: a folder (`drive`) or a .docx (`docs`),
 * built by the workers; `webViewLink` opens the export's page. Its artist's, or any for an admin.
 */
export const exportRelease =
  (kind: ExportKind): Handler<ReleaseIdInput> =>
  async (ctx, { db, config }) => {
    const job = await requestReleaseExport(db, ctx.state.user!, ctx.state.input.params.id, kind);
    return { webViewLink: exportPageUrl(config.publicUrl, job.id) };
  };
