import Router from '@koa/router';
import { PresaveForm } from '@riffline/contracts';
import { fanLinkPaths, isFanLinkToken, type Config, type Storage } from '@riffline/db';
import { isbot } from 'isbot';
import type { Context, Middleware } from 'koa';
import sharp from 'sharp';
import type { ApiDeps } from '../context.ts';
import { HttpError } from '../errors.ts';
import { rateLimit } from '../middleware/rateLimit.ts';
import {
  confirmFan,
  FAN_LINK_INVALID,
  forgetFan,
  loadPage,
  pageView,
  presave,
  recordClick,
  recordView,
  unsubscribeFan,
  type Visit,
} from '../commands/smartlinks/fans.ts';
import { fanLinkPage, messagePage, smartLinkPage, type SmartLinkPage } from './page.ts';

const COVER_PIXELS = 640;
const presaveNotices = {
  'check-email': 'Almost there: open the link we just emailed you to confirm your pre-save.',
  saved: 'You are on the list: we will email you on release day.',
} as const;

const html = (ctx: Context, status: number, body: string) => {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
};

/** An error on a public page answers as a page, with the error's status and words (never JSON, never 500 for bad input). */
const asPage: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const titles: Record<number, string> = {
      404: 'Page not found',
      410: 'This SmartLink is unavailable',
      429: 'Too many tries',
    };
    html(ctx, error.status, messagePage(titles[error.status] ?? 'Something is not right', error.message));
  }
};

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** The visit's country (from the configured CDN header, an ISO code) and UTM tags, where known. */
function visitOf(ctx: Context, config: Pick<Config, 'countryHeader'>): Visit {
  const country = config.countryHeader ? ctx.get(config.countryHeader).trim().toUpperCase() : '';
  return {
    country: /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : null,
    utmSource: text(ctx.query.utm_source, 100),
    utmCampaign: text(ctx.query.utm_campaign, 100),
  };
}

/** Only people count: a known crawler, a link preview or a request with no user agent is not a visit. */
const isPerson = (ctx: Context) => {
  const agent = ctx.get('User-Agent');
  return Boolean(agent) && !isbot(agent) && ctx.method === 'GET';
};

/** The page's UTM tags, to carry to its buttons and form. */
function utmQuery(visit: Visit): string {
  const params = new URLSearchParams();
  if (visit.utmSource) params.set('utm_source', visit.utmSource);
  if (visit.utmCampaign) params.set('utm_campaign', visit.utmCampaign);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A small JPEG of the release's artwork for the page and its previews, made once and kept in storage. */
async function coverOf(storage: Storage, artworkKey: string, size: number | null): Promise<Buffer> {
  const key = `${artworkKey}.${size ?? 0}.${COVER_PIXELS}.jpg`;
  if (await storage.exists(key)) return storage.get(key);
  const small = await sharp(await storage.get(artworkKey))
    .resize(COVER_PIXELS, COVER_PIXELS, { fit: 'cover' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  await storage.put(key, small, 'image/jpeg');
  return small;
}

/**
 * The public SmartLink pages (`/l/{slug}`) and the fans' emailed links (`/fans/…`), outside `/api`: HTML
 * forms, no script. A GET of a fan's link only shows a button, so a mail scanner that opens links
 * confirms or unsubscribes no one.
 */
export function smartLinkRouter(deps: ApiDeps): Router {
  const { db, config, storage, clock } = deps;
  const router = new Router();
  const today = () => clock().toISOString().slice(0, 10);
  const presaveLimit = rateLimit(db, clock, {
    name: `${deps.rateLimitNamespace ?? ''}presave`,
    limit: 20,
    windowMs: 60 * 60_000,
    key: (ctx) => ctx.ip,
    message: 'Too many pre-saves from this connection: please try again in an hour.',
  });

  const render = async (ctx: Context, slug: string, extra: Partial<SmartLinkPage> = {}, status = 200) => {
    const { smartLink, release } = await loadPage(db, slug);
    const visit = visitOf(ctx, config);
    const view = await pageView(db, release, today());
    html(
      ctx,
      status,
      smartLinkPage({
        release,
        slug: smartLink.slug,
        publicUrl: config.publicUrl,
        today: today(),
        ...view,
        collectEmails: smartLink.collectEmails,
        hasCover: Boolean(release.artworkKey),
        utm: utmQuery(visit),
        ...extra,
      }),
    );
    return { smartLink, view, visit };
  };

  router.get('/l/:slug', asPage, async (ctx) => {
    const notice = presaveNotices[String(ctx.query.presave) as keyof typeof presaveNotices];
    const { smartLink, visit } = await render(ctx, ctx.params.slug!.toLowerCase(), {
      ...(notice && { notice: { text: notice } }),
    });
    if (isPerson(ctx) && !notice) await recordView(db, smartLink, visit);
  });

  router.post('/l/:slug', asPage, presaveLimit, async (ctx) => {
    const slug = ctx.params.slug!.toLowerCase();
    const parsed = PresaveForm.safeParse(ctx.request.body ?? {});
    const email = text((ctx.request.body as Record<string, unknown> | undefined)?.email, 254) ?? '';
    if (!parsed.success) {
      await render(ctx, slug, { notice: { text: parsed.error.issues[0]!.message, error: true }, email }, 400);
      return;
    }
    const { confirmed } = await presave(db, slug, parsed.data, {
      ip: ctx.ip,
      visit: visitOf(ctx, config),
      now: clock(),
    });
    ctx.status = 303;
    ctx.redirect(`/l/${slug}?presave=${confirmed ? 'saved' : 'check-email'}`);
  });

  router.get('/l/:slug/go/:store', asPage, async (ctx) => {
    const { smartLink, release } = await loadPage(db, ctx.params.slug!.toLowerCase());
    const store = (await pageView(db, release, today())).stores.find((s) => s.store === ctx.params.store);
    if (!store) throw new HttpError(404, 'This release is not on that store (yet).');
    if (isPerson(ctx)) await recordClick(db, smartLink, store.store, visitOf(ctx, config));
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(store.url);
  });

  router.get('/l/:slug/cover.jpg', asPage, async (ctx) => {
    const { release } = await loadPage(db, ctx.params.slug!.toLowerCase());
    if (!release.artworkKey) throw new HttpError(404, 'This release has no cover yet.');
    ctx.type = 'image/jpeg';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = await coverOf(storage, release.artworkKey, release.artworkSize);
  });

  // A fan's link: the GET shows what the link does, its form's POST does it.
  const linkParams = (ctx: Context) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const fan = text(body.fan ?? ctx.query.fan, 100);
    const token = text(body.token ?? ctx.query.token, 200);
    if (!fan || !token || !/^[0-9a-f-]{36}$/i.test(fan)) throw new HttpError(400, FAN_LINK_INVALID);
    return { fan, token };
  };
  const checkLink = async (ctx: Context, purpose: 'confirm' | 'unsubscribe') => {
    const link = linkParams(ctx);
    if (!(await isFanLinkToken(db, link.fan, purpose, link.token)))
      throw new HttpError(404, FAN_LINK_INVALID);
    return link;
  };

  router.get(fanLinkPaths.confirm, asPage, async (ctx) => {
    const { fan, token } = await checkLink(ctx, 'confirm');
    html(
      ctx,
      200,
      fanLinkPage('Confirm your email', 'One more step: confirm that this address is yours.', [
        { action: fanLinkPaths.confirm, fan, token, label: 'Confirm my email' },
      ]),
    );
  });
  router.post(fanLinkPaths.confirm, asPage, async (ctx) => {
    const { fan, token } = linkParams(ctx);
    const confirmed = await confirmFan(db, fan, token, clock());
    if (confirmed.status === 'unsubscribed') {
      html(
        ctx,
        200,
        messagePage('You unsubscribed', 'This address asked for no more mail; pre-save again to come back.'),
      );
      return;
    }
    html(ctx, 200, messagePage('You are confirmed', 'Thank you: we will email you on release day.'));
  });

  router.get(fanLinkPaths.unsubscribe, asPage, async (ctx) => {
    const { fan, token } = await checkLink(ctx, 'unsubscribe');
    html(
      ctx,
      200,
      fanLinkPage(
        'Unsubscribe',
        'Stop all mail from this artist to this address, or delete what we keep of you.',
        [
          { action: fanLinkPaths.unsubscribe, fan, token, label: 'Unsubscribe' },
          { action: '/fans/forget', fan, token, label: 'Delete my data', secondary: true },
        ],
      ),
    );
  });
  // Also the one-click unsubscribe of RFC 8058 (`List-Unsubscribe=One-Click`, the link's own query).
  router.post(fanLinkPaths.unsubscribe, asPage, async (ctx) => {
    const { fan, token } = linkParams(ctx);
    await unsubscribeFan(db, fan, token, clock());
    html(
      ctx,
      200,
      messagePage('You are unsubscribed', 'This address will get no more mail from this artist.'),
    );
  });
  router.post('/fans/forget', asPage, async (ctx) => {
    const { fan, token } = linkParams(ctx);
    await forgetFan(db, fan, token);
    html(ctx, 200, messagePage('Your data is deleted', 'We no longer keep this address or your pre-saves.'));
  });

  return router;
}
