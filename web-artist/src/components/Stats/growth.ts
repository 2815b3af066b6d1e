/** A growth percentage as the API sends it (two decimals) and as a badge reads it: "12.50" → "+12.5%". */
export function formatGrowth(percentage: string): string {
  const value = Number(percentage);
  // At most two decimals, thousands grouped: what toLocaleString('en-US') gives, without Intl's start-up cost.
  const [whole, decimals] = String(Number(Math.abs(value).toFixed(2))).split('.');
  const figure = `${groupDigits(whole!)}${decimals ? `.${decimals}` : ''}%`;
  return value < 0 ? `-${figure}` : `+${figure}`;
}

/** A negative percentage: the badge turns red and points down. */
export const isDecline = (percentage: string) => Number(percentage) < 0;

/**
 * "12345" → "12,345": digits grouped in thousands as toLocaleString('en-US') groups them, without Intl
 * (its first use costs a phone tens of milliseconds while the dashboard's figures come in).
 */
export const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-10-03" → "Oct 3" (no Intl, as groupDigits). */
export const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** "Oct 3 – Oct 31", or "Oct 3" for a single day. */
export const shortRange = ({ from, to }: { from: string; to: string }) =>
  from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`;

/** The artist's own growth as the API answers it (contracts' UsageGrowth, for one metric). */
export interface OwnGrowth {
  current: { from: string; to: string } | null;
  previous: { from: string; to: string } | null;
  streams: { percentage: string | null };
  revenue: { percentage: string | null };
}

/**
 * What a card's growth line says: a badge with the artist's own change and the days it compares with
 * ("vs Oct 3 – Oct 31"), or, where there is nothing behind a percentage, that there is no data yet (DESIGN
 * §5: no badge on an empty account).
 */
export type GrowthLine =
  { kind: 'badge'; percentage: string; caption: string; label: string } | { kind: 'none'; text: string };

export function growthLine(
  growth: OwnGrowth,
  metric: 'streams' | 'revenue',
  /** Words before the comparison, e.g. "last 30 days" on a card whose figure is of all time. */
  lead?: string,
): GrowthLine {
  const { current, previous } = growth;
  if (!current || !previous) return { kind: 'none', text: 'No data yet' };
  const percentage = growth[metric].percentage;
  if (percentage === null) return { kind: 'none', text: 'No earlier data to compare yet' };
  const noun = metric === 'streams' ? 'Streams' : 'Revenue';
  const change = isDecline(percentage) ? 'down' : 'up';
  return {
    kind: 'badge',
    percentage,
    caption: `${lead ? `${lead} ` : ''}vs ${shortRange(previous)}`,
    label: `${noun} ${change} ${formatGrowth(percentage).replace(/^[+-]/, '')} on ${shortRange(current)} against ${shortRange(previous)}`,
  };
}

/** "grew 12.5%", "fell 3.5%", "held steady": a platform setting's value in words. */
function moved(percentage: string): string {
  const value = Number(percentage);
  if (value === 0) return 'held steady';
  return `${value < 0 ? 'fell' : 'grew'} ${formatGrowth(percentage).slice(1)}`;
}

/**
 * The platform's growth, as the two platform settings hold it (SPEC §2, §3), in words that say whose it is:
 * "Across Riffline this month, artists' streams grew 12.5% and their earnings grew 8.2%."
 */
export const platformGrowthLine = (platform: {
  streamsGrowthPercentage: string;
  earningsGrowthPercentage: string;
}) =>
  `Across Riffline this month, artists' streams ${moved(platform.streamsGrowthPercentage)} and their earnings ${moved(platform.earningsGrowthPercentage)}.`;
