import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { formatMoney, type AnalyticsResponse, type Currency } from '@riffline/contracts';
import {
  chartPoints,
  formatCompact,
  formatCompactMoney,
  formatCount,
  formatDay,
  type PlatformCounter,
} from '../../components/Analytics/analyticsView.ts';

/** A chart's card: a heading and a line under it, the chart named for assistive technology. */
function ChartCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h3" id={id} sx={{ fontWeight: 700, px: { xs: 0.5, sm: 0 } }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 0.5, sm: 0 } }}>
          {summary}
        </Typography>
        <Box role="figure" aria-label={`${title}: ${summary}`} sx={{ mt: 1, minWidth: 0 }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

const monthTick = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
const monthYearTick = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthName = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTick = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Streams, or revenue in the artist's currency, over the window: an area line a day for 30 and 90 days, a
 * bar a month for the year and for monthly reports (chartPoints). The chart takes its card's width, so it
 * reads at 360 px as at 1280; the axis starts at 0 unless a refund took a day below it. The axis runs to
 * today, the line (or the bars) only to the last day reported.
 */
export function UsageChart({
  metric,
  analytics,
  currency,
  summary,
}: {
  metric: 'streams' | 'revenue';
  analytics: Pick<AnalyticsResponse, 'days' | 'granularity' | 'series' | 'reportedUntil'>;
  currency: Currency;
  summary: string;
}) {
  const theme = useTheme();
  const streams = metric === 'streams';
  const { monthly, points } = chartPoints(analytics, currency);
  // Months of monthly reports say their year: a 30-day window's two bars are "Nov 2026" and "Dec 2026".
  const tickOf = analytics.granularity === 'month' ? monthYearTick : monthTick;
  const money = (n: number) => formatMoney(n.toFixed(2), currency);
  const value = (n: number) => (streams ? formatCount(n) : money(n));
  const tick = (n: number) => (streams ? formatCompact(n) : formatCompactMoney(n, currency));
  const data = points.map((p) => (streams ? p.streams : p.revenue));
  const common = {
    height: 240,
    margin: { top: 12, right: 20, bottom: 4, left: 4 },
    hideLegend: true,
    skipAnimation: true,
    grid: { horizontal: true },
    yAxis: [
      {
        width: 52,
        min: Math.min(0, ...data.filter((n) => n !== null)),
        tickNumber: 4,
        valueFormatter: (n: number, ctx: { location: string }) =>
          ctx.location === 'tick' ? tick(n) : value(n),
      },
    ],
  };
  const color = streams ? theme.palette.primary.main : theme.palette.success.main;
  const label = streams ? 'Streams' : 'Revenue';
  const title = `${label} per ${monthly ? 'month' : 'day'}${streams ? '' : ` (${currency})`}`;
  return (
    <ChartCard id={`chart-${metric}`} title={title} summary={summary}>
      {monthly ? (
        <BarChart
          {...common}
          xAxis={[
            {
              scaleType: 'band',
              data: points.map((p) => p.date),
              valueFormatter: (date: Date, ctx: { location: string }) =>
                ctx.location === 'tick' ? tickOf(date) : monthName(date),
              tickLabelMinGap: 12,
            },
          ]}
          series={[{ data, label, color, valueFormatter: (v) => (v === null ? '' : value(v)) }]}
        />
      ) : (
        <LineChart
          {...common}
          xAxis={[
            {
              scaleType: 'utc',
              data: points.map((p) => p.date),
              valueFormatter: (date: Date, ctx: { location: string }) =>
                ctx.location === 'tick' ? dayTick(date) : formatDay(date),
              tickLabelMinGap: 12,
            },
          ]}
          series={[
            {
              data,
              label,
              color,
              area: true,
              showMark: false,
              valueFormatter: (v) => (v === null ? '' : value(v)),
            },
          ]}
          sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.18 } }}
        />
      )}
    </ChartCard>
  );
}

/** Streams per store as horizontal bars, one band per store that reported any. */
export function PlatformBars({ platforms, summary }: { platforms: PlatformCounter[]; summary: string }) {
  const theme = useTheme();
  const shown = platforms.filter((p) => p.streams > 0);
  if (shown.length === 0) return null;
  const short = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);
  return (
    <ChartCard id="chart-platforms" title="Streams by platform" summary={summary}>
      <BarChart
        height={Math.max(110, 40 * shown.length + 56)}
        layout="horizontal"
        margin={{ top: 8, right: 24, bottom: 4, left: 4 }}
        hideLegend
        skipAnimation
        grid={{ vertical: true }}
        yAxis={[
          {
            scaleType: 'band',
            data: shown.map((p) => p.platform),
            width: 96,
            valueFormatter: (name: string, ctx: { location: string }) =>
              ctx.location === 'tick' ? short(name) : name,
          },
        ]}
        xAxis={[
          { min: 0, tickNumber: 5, valueFormatter: (n: number) => formatCompact(n), tickLabelMinGap: 12 },
        ]}
        series={[
          {
            data: shown.map((p) => p.streams),
            label: 'Streams',
            color: theme.palette.primary.main,
            valueFormatter: (v) => (v === null ? '' : formatCount(v)),
          },
        ]}
      />
    </ChartCard>
  );
}
