import { convertAmount, type Currency } from '@riffline/contracts';

/**
 * The store report `make start` imports for the demo artist: daily lines for the last `days` days, per
 * track, store and country, in each country's currency, with downloads on the stores that sell them.
 * Deterministic for a given `today` (a seeded generator), so a test can recompute what it holds.
 */

/** What each store pays per stream, in USD, and its share of the streams. */
const stores = [
  { name: 'Spotify', perStream: 0.0032, share: 0.45, sells: false },
  { name: 'Apple Music', perStream: 0.0056, share: 0.2, sells: true },
  { name: 'YouTube Music', perStream: 0.002, share: 0.15, sells: false },
  { name: 'Amazon Music', perStream: 0.004, share: 0.1, sells: true },
  { name: 'Deezer', perStream: 0.003, share: 0.06, sells: false },
  { name: 'Tidal', perStream: 0.01, share: 0.04, sells: false },
] as const;

const countries: ReadonlyArray<{ code: string; currency: Currency; share: number }> = [
  { code: 'US', currency: 'USD', share: 0.35 },
  { code: 'IN', currency: 'INR', share: 0.2 },
  { code: 'GB', currency: 'GBP', share: 0.15 },
  { code: 'DE', currency: 'EUR', share: 0.15 },
  { code: 'BR', currency: 'BRL', share: 0.15 },
];

/** What a download earns, in USD. */
const PER_DOWNLOAD = 0.7;
/** The streams the first track gets a day at the start of the window, before it grows by 60%. */
const DAILY_STREAMS = 900;

/** mulberry32: a small seeded generator of numbers in [0, 1), so the same seed gives the same report. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export const DEMO_STORE_REPORT_HEADER = 'period,store,country,isrc,sale_type,units,net_revenue,currency';

/** `isrcs` in track order: the first is the single everyone plays, the others less. */
export function demoStoreReportCsv(isrcs: readonly string[], today: Date, days = 90): string {
  const random = seededRandom(Number(day(today).replace(/-/g, '')));
  const lines = [DEMO_STORE_REPORT_HEADER];
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - days * 86_400_000;
  for (let d = 0; d < days; d++) {
    const date = new Date(start + d * 86_400_000);
    const weekend = [0, 6].includes(date.getUTCDay()) ? 1.15 : 1;
    const growth = 1 + (0.6 * d) / days;
    isrcs.forEach((isrc, t) => {
      const trackStreams = DAILY_STREAMS * growth * weekend * 0.6 ** t;
      for (const store of stores) {
        for (const country of countries) {
          const noise = 0.8 + 0.4 * random();
          const streams = Math.round(trackStreams * store.share * country.share * noise);
          const row = (saleType: string, units: number, usd: number) => {
            const revenue = convertAmount(usd.toFixed(2), 'USD', country.currency);
            lines.push(
              [day(date), store.name, country.code, isrc, saleType, units, revenue, country.currency].join(
                ',',
              ),
            );
          };
          if (streams > 0) row('stream', streams, streams * store.perStream);
          const downloads = store.sells ? Math.floor((streams / 40) * random()) : 0;
          if (downloads > 0) row('download', downloads, downloads * PER_DOWNLOAD);
        }
      }
    });
  }
  return `${lines.join('\n')}\n`;
}
