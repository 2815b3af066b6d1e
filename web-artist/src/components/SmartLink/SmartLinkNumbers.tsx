import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, CircularProgress, IconButton, Tooltip, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { smartLinkStatsQuery, type SmartLinkStats } from '../../api/smartlinks.ts';
import { formatCompact, formatCount, formatDay, utcDay } from '../Analytics/analyticsView.ts';
import { LoadFailed } from '../Page/LoadFailed.tsx';
import { campaignName, chartSummary, countryName, hasVisits, totalLabels } from './smartLinkView.ts';

const DAYS = 30;

const dayTick = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Views and store clicks a day over the window, the axis from 0 (the Analytics page's chart, smaller). */
function VisitsChart({ stats }: { stats: SmartLinkStats }) {
  const theme = useTheme();
  const summary = chartSummary(stats.totals);
  const counts = (n: number | null) => (n === null ? '' : formatCount(n));
  return (
    <Box
      role="figure"
      aria-label={`Views and store clicks per day: ${summary}`}
      data-testid="smartlink-chart"
      sx={{ minWidth: 0 }}
    >
      <LineChart
        height={200}
        margin={{ top: 12, right: 16, bottom: 4, left: 4 }}
        skipAnimation
        grid={{ horizontal: true }}
        xAxis={[
          {
            scaleType: 'utc',
            data: stats.days.map((d) => utcDay(d.day)),
            valueFormatter: (date: Date, ctx: { location: string }) =>
              ctx.location === 'tick' ? dayTick(date) : formatDay(date),
            tickLabelMinGap: 12,
          },
        ]}
        yAxis={[
          {
            width: 40,
            min: 0,
            tickNumber: 4,
            tickMinStep: 1,
            valueFormatter: (n: number, ctx: { location: string }) =>
              ctx.location === 'tick' ? formatCompact(n) : formatCount(n),
          },
        ]}
        series={[
          {
            data: stats.days.map((d) => d.views),
            label: 'Views',
            color: theme.palette.primary.main,
            showMark: false,
            valueFormatter: counts,
          },
          {
            data: stats.days.map((d) => d.clicks),
            label: 'Store Clicks',
            color: theme.palette.success.main,
            showMark: false,
            valueFormatter: counts,
          },
        ]}
      />
    </Box>
  );
}

/** A short ranked list (stores, countries, campaigns): a name and its figure a line. */
function Breakdown({ title, rows }: { title: string; rows: Array<{ name: string; figure: string }> }) {
  if (rows.length === 0) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="p">
        {title}
      </Typography>
      <Box component="ul" aria-label={title} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={row.name}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.25 }}
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {row.figure}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Figures({ stats }: { stats: SmartLinkStats }) {
  const views = (n: number) => `${formatCount(n)} ${n === 1 ? 'view' : 'views'}`;
  const clicks = (n: number) => `${formatCount(n)} ${n === 1 ? 'click' : 'clicks'}`;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {totalLabels.map(({ key, label }) => (
          <Box key={key} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="h5"
              sx={{ m: 0, fontWeight: 700 }}
              data-testid={`smartlink-${key}`}
            >
              {formatCount(stats.totals[key])}
            </Typography>
          </Box>
        ))}
      </Box>
      <VisitsChart stats={stats} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Breakdown
          title="Clicks by store"
          rows={stats.stores
            .filter((s) => s.clicks > 0)
            .map((s) => ({ name: s.storeName, figure: clicks(s.clicks) }))}
        />
        <Breakdown
          title="Views by country"
          rows={stats.countries
            .filter((c) => c.views > 0)
            .map((c) => ({ name: countryName(c.country), figure: views(c.views) }))}
        />
        <Breakdown
          title="Views by campaign"
          rows={stats.campaigns
            .filter((c) => c.views > 0)
            .map((c) => ({ name: campaignName(c), figure: views(c.views) }))}
        />
      </Box>
    </Box>
  );
}

/**
 * The SmartLink's Numbers over the last 30 days: views, store clicks, pre-saves and new fans, a chart a day,
 * and where they came from (stores, countries, UTM campaigns). A page nobody opened yet says so instead of
 * showing zeros. The workers count visits a moment after they happen: Refresh asks again (the app never
 * polls).
 */
export function SmartLinkNumbers({ releaseId, headingId }: { releaseId: string; headingId: string }) {
  const stats = useQuery(smartLinkStatsQuery(releaseId, DAYS));
  let body: ReactNode = null;
  if (stats.isPending) body = <CircularProgress size={24} aria-label="Loading the numbers" />;
  else if (stats.error && !stats.data)
    body = (
      <LoadFailed onRetry={() => void stats.refetch()}>
        This SmartLink’s numbers could not be loaded.
      </LoadFailed>
    );
  else if (stats.data && !hasVisits(stats.data.totals))
    body = (
      <Typography variant="body2" color="text.secondary" data-testid="smartlink-no-visits">
        No visits yet. Share your link: each visit, store click and pre-save shows here.
      </Typography>
    );
  else if (stats.data) body = <Figures stats={stats.data} />;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h5" id={headingId} sx={{ fontWeight: 700 }}>
          Numbers
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {stats.data ? `${formatDay(stats.data.from)} – ${formatDay(stats.data.to)}` : `Last ${DAYS} days`}
        </Typography>
        <Tooltip title="Refresh numbers">
          <span>
            <IconButton
              size="small"
              aria-label="Refresh numbers"
              onClick={() => void stats.refetch()}
              disabled={stats.isFetching}
            >
              <RefreshIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {body}
    </Box>
  );
}
