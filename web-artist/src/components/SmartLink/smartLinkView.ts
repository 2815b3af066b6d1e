import { Slug, type SmartLinkStatsResponse } from '@riffline/contracts';

export type SmartLinkTotals = SmartLinkStatsResponse['totals'];

/** The slug as the server takes it (trimmed, lower case), or the first of the contracts' refusals. */
export function checkSlug(text: string): { slug: string } | { error: string } {
  const parsed = Slug.safeParse(text);
  if (parsed.success) return { slug: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? 'This slug cannot be used' };
}

/** The figures of the Numbers section, in the order they show. */
export const totalLabels: ReadonlyArray<{ key: keyof SmartLinkTotals; label: string }> = [
  { key: 'views', label: 'Views' },
  { key: 'clicks', label: 'Store Clicks' },
  { key: 'presaves', label: 'Pre-saves' },
  { key: 'fans', label: 'New Fans' },
];

/** Whether anything at all happened on the page in the window (else the section says so, without figures). */
export const hasVisits = (totals: SmartLinkTotals) =>
  totals.views > 0 || totals.clicks > 0 || totals.presaves > 0 || totals.fans > 0;

/** '1 view', '2 views', '1 store click'. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the chart shows, read out: '3 views and 1 store click'. */
export const chartSummary = (totals: SmartLinkTotals) =>
  `${plural(totals.views, 'view')} and ${plural(totals.clicks, 'store click')}`;

/** A country code as people read it ('DE' → 'Germany'); null is where the country was not known. */
export function countryName(code: string | null): string {
  if (!code) return 'Unknown';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A campaign row's name: 'newsletter / spring-tour', 'newsletter', or 'No campaign'. */
export const campaignName = (row: { source: string | null; campaign: string | null }) =>
  [row.source, row.campaign].filter(Boolean).join(' / ') || 'No campaign';
