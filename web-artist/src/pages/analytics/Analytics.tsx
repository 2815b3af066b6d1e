import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import InsightsIcon from '@mui/icons-material/Insights';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  convertAmount,
  formatMoney,
  type AnalyticsResponse,
  type AnalyticsTimeframe,
  type Currency,
} from '@riffline/contracts';
import { analyticsQuery } from '../../api/account.ts';
import { useVisitor } from '../../api/auth.ts';
import { PlatformBars, UsageChart } from './AnalyticsCharts.tsx';
import {
  formatCount,
  formatDay,
  hasUsage,
  parseTimeframe,
  platformCounters,
  reportedNote,
  timeframeLabels,
  windowLabel,
} from '../../components/Analytics/analyticsView.ts';
import { growthLine } from '../../components/Stats/growth.ts';
import { ArtistArea } from '../../components/Auth/ArtistArea.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { QueryList } from '../../components/Page/QueryList.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { StatCard } from '../../components/Stats/StatCard.tsx';
import { TimeframeSelect } from '../../components/Analytics/TimeframeSelect.tsx';
import { GridList } from '../../components/Page/GridList.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography variant="h3" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Nothing reported in the window: the spec's empty text, and a longer timeframe to try. */
function NoData({ days, onYear }: { days: AnalyticsTimeframe; onYear: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="analytics-empty">
      <Box sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }} aria-hidden>
        <InsightsIcon />
      </Box>
      <Typography variant="h4" component="p" sx={{ mt: 1 }}>
        No analytics data found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: days === 365 ? 0 : 3 }}>
        Streams, downloads and revenue show here once the stores report them for your live releases.
      </Typography>
      {days !== 365 && (
        <Button variant="contained" onClick={onYear}>
          Show the last year
        </Button>
      )}
    </Paper>
  );
}

/** The platform counters: streams per store in the window, the main stores at 0 until they report. */
function PlatformCounters({ analytics }: { analytics: AnalyticsResponse }) {
  return (
    <GridList columns={{ xs: '1fr 1fr', md: 'repeat(4, 1fr)' }}>
      {platformCounters(analytics.platforms).map((p) => (
        <Paper
          component="li"
          variant="outlined"
          key={p.platform}
          aria-label={`${p.platform}: ${formatCount(p.streams)} streams`}
          sx={{ p: 2, minWidth: 0 }}
        >
          <Typography variant="body2" color="text.secondary" noWrap title={p.platform}>
            {p.platform}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.4rem', overflowWrap: 'anywhere' }}>
            {formatCount(p.streams)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            streams
            {p.downloads > 0 && ` · ${formatCount(p.downloads)} downloads`}
          </Typography>
        </Paper>
      ))}
    </GridList>
  );
}

type Activity = AnalyticsResponse['recentActivity'][number];

function ActivityItem({ activity: a, money }: { activity: Activity; money: (usd: string) => string }) {
  const headingId = `activity-${a.date}-${a.releaseId}-${a.platform}`.replace(/[^\w-]/g, '_');
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="h6"
          component="h3"
          id={headingId}
          sx={{ fontWeight: 700, mr: 'auto', overflowWrap: 'anywhere' }}
        >
          {a.releaseTitle}
        </Typography>
        <Chip size="small" label={a.platform} sx={{ fontWeight: 700 }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[
          formatDay(a.date),
          `${formatCount(a.streams)} streams`,
          a.downloads > 0 ? `${formatCount(a.downloads)} downloads` : null,
          money(a.revenue),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Paper>
  );
}

function RecentActivity({ days, money }: { days: AnalyticsTimeframe; money: (usd: string) => string }) {
  const activity = useQuery({
    ...analyticsQuery(days),
    placeholderData: keepPreviousData,
    select: (a) => a.recentActivity,
  });
  return (
    <QueryList
      query={activity}
      loading="Loading recent activity"
      failed="Your recent activity could not be loaded."
      empty={{ icon: <InsightsIcon />, title: 'No analytics data found' }}
    >
      {(a) => <ActivityItem key={`${a.date}-${a.releaseId}-${a.platform}`} activity={a} money={money} />}
    </QueryList>
  );
}

function AnalyticsPage() {
  const { user } = useVisitor();
  const currency: Currency = user?.preferredCurrency ?? 'USD';
  const [params, setParams] = useSearchParams();
  const days = parseTimeframe(params.get('days'));
  // The previous window's figures stay while the next loads (a bar shows it), so nothing jumps.
  const analytics = useQuery({ ...analyticsQuery(days), placeholderData: keepPreviousData });
  const data = analytics.data;
  const money = (usd: string) => formatMoney(convertAmount(usd, 'USD', currency), currency);
  const choose = (next: AnalyticsTimeframe) =>
    setParams(next === 30 ? {} : { days: String(next) }, { replace: true });
  const label = timeframeLabels[days].toLowerCase();
  // The charts say where their line stops when the stores have not reported up to today.
  const reported = data ? reportedNote(data) : null;
  const chartLabel = `${label}${reported ? ` · ${reported}` : ''}`;
  const empty = data !== undefined && !hasUsage(data);

  return (
    <Page
      title="Analytics"
      subtitle="Streams, listeners and revenue from the stores' reports on your live releases."
    >
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 } }}>
        <Box component="section" aria-labelledby="analytics-overview" sx={{ display: 'grid', gap: 2 }}>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Box>
              <Typography variant="h3" component="h2" id="analytics-overview">
                Overview
              </Typography>
              {data && (
                <Typography variant="body2" color="text.secondary" data-testid="analytics-window">
                  {windowLabel(data)}
                </Typography>
              )}
            </Box>
            <TimeframeSelect label="Timeframe" value={days} onChange={choose} />
          </Box>
          <Box sx={{ height: 4 }}>
            {analytics.isPlaceholderData && <LinearProgress aria-label="Loading analytics" />}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            }}
          >
            <StatCard
              label="Total Streams"
              testId="analytics-streams"
              icon={<HeadphonesIcon />}
              query={analytics}
              value={(a) => formatCount(a.totalStreams)}
              growth={data ? growthLine(data.growth, 'streams') : 'loading'}
              note={timeframeLabels[days]}
            />
            <StatCard
              label="Monthly Listeners"
              testId="analytics-listeners"
              icon={<GroupsIcon />}
              query={analytics}
              value={(a) => formatCount(a.monthlyListeners ?? 0)}
              note={
                data && data.monthlyListeners === null
                  ? 'No store has reported listeners for this period'
                  : 'Latest month the stores reported, summed over stores'
              }
            />
            <StatCard
              label="Top Track"
              testId="analytics-top-track"
              icon={<EmojiEventsIcon />}
              query={analytics}
              value={(a) => a.topTrack?.title ?? '-'}
              note={
                data?.topTrack
                  ? `${formatCount(data.topTrack.streams)} streams · ${data.topTrack.releaseTitle}`
                  : 'The track with the most streams'
              }
            />
            <StatCard
              label="Total Revenue"
              testId="analytics-revenue"
              icon={<AttachMoneyIcon />}
              query={analytics}
              value={(a) => money(a.totalRevenue)}
              growth={data ? growthLine(data.growth, 'revenue') : 'loading'}
              note={`Net store revenue, in ${currency}`}
            />
          </Box>
        </Box>

        {analytics.isPending && <Spinner label="Loading analytics" />}
        {analytics.error && !data && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void analytics.refetch()}>
                Retry
              </Button>
            }
          >
            Your analytics could not be loaded.
          </Alert>
        )}
        {empty && <NoData days={days} onYear={() => choose(365)} />}
        {data && !empty && (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <UsageChart
              metric="streams"
              analytics={data}
              currency={currency}
              summary={`${formatCount(data.totalStreams)} streams and ${formatCount(data.totalDownloads)} downloads, ${chartLabel}`}
            />
            <UsageChart
              metric="revenue"
              analytics={data}
              currency={currency}
              summary={`${money(data.totalRevenue)} net, ${chartLabel}`}
            />
          </Box>
        )}

        {data && (
          <Section id="analytics-platforms" title="Platforms">
            <Box sx={{ display: 'grid', gap: 2 }}>
              <PlatformCounters analytics={data} />
              <PlatformBars
                platforms={data.platforms}
                summary={`${data.platforms.length} ${data.platforms.length === 1 ? 'store' : 'stores'} reported streams, ${label}`}
              />
            </Box>
          </Section>
        )}

        {data && !empty && (
          <Section id="analytics-activity" title="Recent Activity">
            <RecentActivity days={days} money={money} />
          </Section>
        )}
      </Box>
    </Page>
  );
}

/** /analytics: the artist's streams, listeners, revenue and stores over 30, 90 or 365 days (SPEC §2). */
export default function Analytics() {
  return (
    <ArtistArea path="/analytics" title="Analytics">
      <AnalyticsPage />
    </ArtistArea>
  );
}
