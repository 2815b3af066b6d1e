import {
  storeName,
  type FanResponse,
  type SmartLinkMode,
  type SmartLinkResponse,
  type SmartLinkStatsResponse,
  type SmartLinkStore,
} from '@riffline/contracts';
import type { Fan, SmartLink, smartLinkStats } from '@riffline/db';

const iso = (date: Date | string) => new Date(date).toISOString();

export const smartLinkUrl = (publicUrl: string, slug: string) => `${publicUrl}/l/${slug}`;

export function presentSmartLink(
  smartLink: SmartLink,
  view: { mode: SmartLinkMode; stores: SmartLinkStore[] },
  publicUrl: string,
): SmartLinkResponse {
  return {
    id: smartLink.id,
    releaseId: smartLink.releaseId,
    slug: smartLink.slug,
    url: smartLinkUrl(publicUrl, smartLink.slug),
    collectEmails: smartLink.collectEmails,
    mode: view.mode,
    stores: view.stores,
    disabledAt: smartLink.disabledAt ? iso(smartLink.disabledAt) : null,
    disabledReason: smartLink.disabledReason,
    createdAt: iso(smartLink.createdAt),
    updatedAt: iso(smartLink.updatedAt),
  };
}

const zero = { views: 0, clicks: 0, presaves: 0, fans: 0 };

/** The numbers of a window of days: every day present (zeros where nothing happened), totals summed. */
export function presentSmartLinkStats(
  stats: Awaited<ReturnType<typeof smartLinkStats>>,
  from: string,
  to: string,
): SmartLinkStatsResponse {
  const byDay = new Map(stats.days.map((d) => [d.day, d]));
  const days: SmartLinkStatsResponse['days'] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    iso(day).slice(0, 10) <= to;
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    const key = iso(day).slice(0, 10);
    const d = byDay.get(key);
    days.push({
      day: key,
      ...zero,
      ...(d && { views: d.views, clicks: d.clicks, presaves: d.presaves, fans: d.fans }),
    });
  }
  const totals = { ...zero };
  for (const d of days) for (const k of Object.keys(zero) as (keyof typeof zero)[]) totals[k] += d[k];
  return {
    from,
    to,
    totals,
    days,
    stores: stats.stores.map((s) => ({ ...s, storeName: storeName(s.store) })),
    countries: stats.countries,
    campaigns: stats.campaigns,
  };
}

export function presentFan(fan: Fan & { source: string | null }): FanResponse {
  return {
    id: fan.id,
    email: fan.email,
    status: fan.status,
    artistOptIn: fan.artistOptIn,
    source: fan.source,
    consentText: fan.consentText,
    consentedAt: iso(fan.consentedAt),
    confirmedAt: fan.confirmedAt ? iso(fan.confirmedAt) : null,
  };
}
