import {
  FansResponse,
  SmartLinkBody,
  SmartLinkResponse,
  SmartLinkStatsQuery,
  SmartLinkStatsResponse,
  toCsv,
  uuidParam,
} from '@riffline/contracts';
import { fansOfArtist, smartLinkStats } from '@riffline/db';
import { z } from 'zod';
import { viewOf } from '../../../commands/smartlinks/fans.ts';
import { loadSmartLink, updateSmartLink } from '../../../commands/smartlinks/smartLinks.ts';
import { presentFan, presentSmartLink, presentSmartLinkStats } from '../../../presenters/smartLink.ts';
import { defineRoute } from '../../route.ts';

const tag = 'SmartLinks';
const ReleaseParams = z.object({ params: uuidParam });
const UpdateSchema = z.object({ params: uuidParam, body: SmartLinkBody });
const StatsSchema = z.object({ params: uuidParam, query: SmartLinkStatsQuery });

const day = (date: Date) => date.toISOString().slice(0, 10);

/** What the export holds of each confirmed fan: the address and the consent on record. */
const fanCsvColumns = [
  'email',
  'artistOptIn',
  'source',
  'consentText',
  'consentedAt',
  'confirmedAt',
] as const;

/** The owner's SmartLink of a release, its numbers, and their fans (docs/smartlinks.md). */
export const smartLinkRoutes = [
  defineRoute({
    method: 'get',
    path: '/releases/:id/smartlink',
    summary:
      "The owner's release's SmartLink: its address, whether it takes pre-saves or links to stores now, each store's link",
    tag,
    audience: 'approved',
    request: ReleaseParams,
    response: SmartLinkResponse,
    handler: async (ctx, { db, config, clock }) => {
      const { params } = ctx.state.input as z.infer<typeof ReleaseParams>;
      const smartLink = await loadSmartLink(db, ctx.state.user!, params.id);
      return presentSmartLink(smartLink, await viewOf(db, smartLink, day(clock())), config.publicUrl);
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/releases/:id/smartlink',
    summary:
      "Change the owner's SmartLink: its slug (the old address stops answering; 409 when another page has it) or whether it collects fans' emails for the artist",
    tag,
    audience: 'approved',
    request: UpdateSchema,
    response: SmartLinkResponse,
    errors: [409],
    handler: async (ctx, { db, config, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof UpdateSchema>;
      const smartLink = await updateSmartLink(db, ctx.state.user!, params.id, body);
      return presentSmartLink(smartLink, await viewOf(db, smartLink, day(clock())), config.publicUrl);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/releases/:id/smartlink/stats',
    summary:
      "The SmartLink's numbers over the last `days` days (UTC): views, store clicks, pre-saves and confirmed fans per day, per store, per country and per UTM source and campaign; known bots are not counted",
    tag,
    audience: 'approved',
    request: StatsSchema,
    response: SmartLinkStatsResponse,
    handler: async (ctx, { db, clock }) => {
      const { params, query } = ctx.state.input as z.infer<typeof StatsSchema>;
      const smartLink = await loadSmartLink(db, ctx.state.user!, params.id);
      const to = clock();
      const from = new Date(to.getTime() - (query.days - 1) * 86_400_000);
      const stats = await smartLinkStats(db, smartLink.id, day(from), day(to));
      return presentSmartLinkStats(stats, day(from), day(to));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/fans',
    summary:
      "The signed-in artist's fans from their SmartLinks, newest first: address, whether confirmed, the consent they gave",
    tag,
    audience: 'approved',
    response: FansResponse,
    handler: async (ctx, { db }) => {
      const fans = (await fansOfArtist(db, ctx.state.user!.id)).map(presentFan);
      return {
        fans,
        confirmed: fans.filter((f) => f.status === 'confirmed').length,
        pending: fans.filter((f) => f.status === 'pending').length,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/fans/export',
    summary:
      "The signed-in artist's confirmed fans as CSV (address and consent on record); needs a recent second factor",
    tag,
    audience: 'approved',
    stepUp: true,
    handler: async (ctx, { db, clock }) => {
      const fans = (await fansOfArtist(db, ctx.state.user!.id))
        .filter((fan) => fan.status === 'confirmed')
        .map(presentFan);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="riffline-fans-${day(clock())}.csv"`);
      return toCsv(fans, fanCsvColumns);
    },
  }),
];
