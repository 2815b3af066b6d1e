import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoney, type AdminAnalyticsSummary } from '@riffline/contracts';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatCount } from './summary.ts';

/** A chart in a card with its heading; the figure is named after it. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent sx={{ px: { xs: 1, sm: 2 } }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box role="figure" aria-label={title} sx={{ minWidth: 0 }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

const compact = (n: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
const money = (n: number) => formatMoney(n.toFixed(2), 'USD');
const short = (text: string) => (text.length > 16 ? `${text.slice(0, 15)}…` : text);
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const dayTick = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Streams per band (store, release, country) as horizontal bars, most first (the first ten). */
function Bars({ title, bands }: { title: string; bands: Array<{ label: string; streams: number }> }) {
  const theme = useTheme();
  const shown = bands.slice(0, 10);
  if (!shown.length) return null;
  return (
    <ChartCard title={title}>
      <BarChart
        height={Math.max(140, 36 * shown.length + 48)}
        layout="horizontal"
        margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
        hideLegend
        skipAnimation
        yAxis={[
          {
            scaleType: 'band',
            data: shown.map((b) => b.label),
            width: 110,
            valueFormatter: (label: string, ctx: { location: string }) =>
              ctx.location === 'tick' ? short(label) : label,
          },
        ]}
        xAxis={[{ min: 0, tickNumber: 4, valueFormatter: (n: number) => compact(n) }]}
        series={[
          {
            data: shown.map((b) => b.streams),
            label: 'Streams',
            color: theme.palette.primary.main,
            valueFormatter: (v) => (v === null ? '' : formatCount(v)),
          },
        ]}
      />
    </ChartCard>
  );
}

/** A line a day: streams, or revenue in USD. */
function PerDay({
  title,
  summary,
  metric,
}: {
  title: string;
  summary: AdminAnalyticsSummary;
  metric: 'streams' | 'revenue';
}) {
  const theme = useTheme();
  const streams = metric === 'streams';
  const data = summary.byDay.map((d) => (streams ? d.streams : Number(d.revenueUsd)));
  const value = (n: number) => (streams ? formatCount(n) : money(n));
  return (
    <ChartCard title={title}>
      <LineChart
        height={220}
        margin={{ top: 12, right: 16, bottom: 4, left: 4 }}
        hideLegend
        skipAnimation
        grid={{ horizontal: true }}
        xAxis={[
          {
            scaleType: summary.byDay.length > 1 ? 'utc' : 'band',
            data: summary.byDay.map((d) => dayOf(d.date)),
            valueFormatter: (date: Date) => dayTick(date),
            tickLabelMinGap: 16,
          },
        ]}
        yAxis={[
          {
            min: 0,
            width: streams ? 48 : 64,
            tickNumber: 4,
            valueFormatter: (n: number) => (streams ? compact(n) : money(n)),
          },
        ]}
        series={[
          {
            data,
            label: streams ? 'Streams' : 'Revenue',
            color: streams ? theme.palette.primary.main : theme.palette.success.main,
            area: true,
            showMark: summary.byDay.length < 3,
            valueFormatter: (v) => (v === null ? '' : value(v)),
          },
        ]}
        sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.18 } }}
      />
    </ChartCard>
  );
}

/** The summary's charts: per day (streams and revenue), per store, release and country. */
export function AnalyticsCharts({ summary }: { summary: AdminAnalyticsSummary }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`riffline.analytics.${key}`);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <PerDay title={t('perDay')} summary={summary} metric="streams" />
      <PerDay title={t('revenuePerDay')} summary={summary} metric="revenue" />
      <Bars
        title={t('byStore')}
        bands={summary.byStore.map((s) => ({ label: s.platform, streams: s.streams }))}
      />
      <Bars
        title={t('byRelease')}
        bands={summary.byRelease.map((r) => ({ label: r.releaseTitle ?? r.releaseId, streams: r.streams }))}
      />
      <Bars
        title={t('byCountry')}
        bands={summary.byCountry.map((c) => ({
          label: c.country ?? t('unknownCountry'),
          streams: c.streams,
        }))}
      />
    </Box>
  );
}
