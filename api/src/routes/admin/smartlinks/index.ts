import { AdminSmartLinkBody, AdminSmartLinkResponse, uuidParam } from '@riffline/contracts';
import {
  isSmartLinkFigure,
  Release,
  releaseOfSmartLink,
  SmartLink,
  smartLinkFigures,
  smartLinksWithFigure,
  smartLinkTotals,
  type Db,
} from '@riffline/db';
import { z } from 'zod';
import { pageView } from '../../../commands/smartlinks/fans.ts';
import { moderateSmartLink, SMARTLINK_NOT_FOUND } from '../../../commands/smartlinks/smartLinks.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentSmartLink } from '../../../presenters/smartLink.ts';
import { defineRoute } from '../../route.ts';
import { containsPattern, listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: SmartLinks';
const ListSchema = z.object({
  query: listQuery(['createdAt', 'updatedAt', 'slug', 'disabledAt', ...smartLinkFigures], {
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    disabled: z.enum(['true', 'false'], { error: 'Disabled must be true or false' }),
    userId: z.string().min(1, 'userId must not be empty'),
    releaseId: z.uuid({ error: 'Release id must be a UUID' }),
  }),
});
const IdSchema = z.object({ params: uuidParam });
const ModerateSchema = z.object({ params: uuidParam, body: AdminSmartLinkBody });

/** SmartLinks as the console shows them: the page, its release and artist, its views and clicks. */
async function presentForAdmin(db: Db, rows: SmartLink[], publicUrl: string, today: string) {
  const totals = await smartLinkTotals(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (smartLink) => {
      const release = (await releaseOfSmartLink(db, smartLink))!;
      return {
        ...presentSmartLink(smartLink, await pageView(db, release, today), publicUrl),
        releaseTitle: release.title,
        artist: release.artist,
        userId: smartLink.userId,
        views: totals.get(smartLink.id)?.views ?? 0,
        clicks: totals.get(smartLink.id)?.clicks ?? 0,
      };
    }),
  );
}

const today = (date: Date) => date.toISOString().slice(0, 10);

/** Every release's SmartLink, and disabling one for abuse (docs/smartlinks.md). */
export const adminSmartLinkRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/smartlinks',
    summary:
      "Every release's SmartLink, newest first (ra-data-simple-rest: sort, also by release title, artist, views or clicks; range; filter q on the slug, release title or artist, disabled, userId, releaseId, id), with its views and clicks",
    tag,
    audience: 'admin',
    list: true,
    request: ListSchema,
    response: z.array(AdminSmartLinkResponse),
    handler: async (ctx, { db, config, clock }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ListSchema>).query;
      const query =
        sort && isSmartLinkFigure(sort.field) ? smartLinksWithFigure(db, sort.field) : SmartLink.query(db);
      if (filter.disabled === 'true') query.whereNotNull('disabledAt');
      if (filter.disabled === 'false') query.whereNull('disabledAt');
      if (filter.userId) query.where('userId', filter.userId);
      if (filter.releaseId) query.where('releaseId', filter.releaseId);
      if (filter.q) {
        const like = containsPattern(filter.q);
        query.where((q) =>
          q.whereILike('slug', like).orWhereIn(
            'releaseId',
            Release.query(db)
              .select('id')
              .where((r) => r.whereILike('title', like).orWhereILike('artist', like)),
          ),
        );
      }
      const page = await pageOf(
        ctx,
        'smartlinks',
        query,
        { sort, range, filter, dates },
        { field: 'createdAt', order: 'desc' },
      );
      return presentForAdmin(db, page, config.publicUrl, today(clock()));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/smartlinks/:id',
    summary: 'One SmartLink with its release, artist, views and clicks',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminSmartLinkResponse,
    handler: async (ctx, { db, config, clock }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const smartLink = await SmartLink.query(db).findById(params.id);
      if (!smartLink) throw NotFoundError(SMARTLINK_NOT_FOUND);
      return (await presentForAdmin(db, [smartLink], config.publicUrl, today(clock())))[0];
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/smartlinks/:id',
    summary:
      'Disable a SmartLink for abuse, with a reason (its page then says it is unavailable), or enable it again',
    tag,
    audience: 'admin',
    request: ModerateSchema,
    response: AdminSmartLinkResponse,
    handler: async (ctx, { db, config, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof ModerateSchema>;
      const smartLink = await moderateSmartLink(db, ctx.state.user!, params.id, body);
      return (await presentForAdmin(db, [smartLink], config.publicUrl, today(clock())))[0];
    },
  }),
];
