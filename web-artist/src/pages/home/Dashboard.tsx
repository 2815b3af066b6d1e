import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddIcon from '@mui/icons-material/Add';
import AlbumIcon from '@mui/icons-material/Album';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Button, Card, CardContent, Container, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { convertAmount, formatCoins, formatMoney, type Currency } from '@riffline/contracts';
import { analyticsQuery, dashboardGrowthQuery, royaltiesQuery } from '../../api/account.ts';
import { groupDigits, growthLine, platformGrowthLine } from '../../components/Stats/growth.ts';
import { useVisitor } from '../../api/auth.ts';
import { releasesQuery } from '../../api/releases.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { AfterFirstPaint } from '../../components/Page/AfterFirstPaint.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { StatCard } from '../../components/Stats/StatCard.tsx';
import { formatDate } from '../../components/Releases/labels.ts';
import {
  isScheduled,
  releasesSummary,
  type ReleasesSummary,
} from '../../components/Releases/releaseTiming.ts';
import { night } from '../../theme.ts';

// The releases list (release cards, tracks, uploads) and the platform card (its period select) come in
// chunks of their own, after the banner and the figures: the dashboard's first paint does not wait for them.
const RecentReleaseList = lazy(() => import('./RecentReleaseList.tsx'));
const PlatformPerformance = lazy(() => import('./PlatformPerformance.tsx'));

/**
 * A below-the-fold section in a chunk of its own, mounted when it comes near the viewport (its fallback
 * until then, at the same height). Its chunk, its data and their work on the main thread never compete
 * with the top of the dashboard; and the first render (a transition, main.tsx), which would wait for a
 * lazy chunk instead of showing the fallback, never holds the first paint for it.
 */
function WhenVisible({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setVisible(true);
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  if (!visible) return <div ref={ref}>{fallback}</div>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/** The platform card while its chunk loads: its heading and a spinner, at its loading height. */
function PlatformPerformanceLoading() {
  return (
    <Card component="section" aria-labelledby="platform-performance">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 40, mb: 2 }}>
          <Typography variant="h4" component="h2" id="platform-performance">
            Platform Performance
          </Typography>
        </Box>
        <Spinner label="Loading platform performance" />
      </CardContent>
    </Card>
  );
}

/** "12,345" (groupDigits: no Intl on the first paint). */
const count = (n: number) => groupDigits(String(Math.round(n)));

/** What the welcome says of the releases that are not out yet: true of them, and what comes next. */
function summaryLine(summary: Exclude<ReleasesSummary, { kind: 'live' | 'none' }>): string {
  switch (summary.kind) {
    case 'scheduled':
      return `“${summary.title}” is approved and scheduled for ${formatDate(summary.date)}: that day it goes live on 150+ platforms.`;
    case 'review':
      return `“${summary.title}” is in review: once approved, it goes live in 3-5 days.`;
    case 'rejected':
      return `“${summary.title}” was not approved: read why, fix it and submit it again.`;
    case 'draft':
      return `“${summary.title}” is not submitted yet: finish it and submit it for distribution.`;
  }
}

/**
 * The platform's growth, as the admins set it in the two platform settings (SPEC §2): Riffline's figures,
 * said to be Riffline's, never the artist's (their own are on the cards). Its place is kept until it comes.
 */
function PlatformGrowth() {
  const growth = useQuery(dashboardGrowthQuery);
  return (
    <Typography
      variant="body2"
      sx={{ mt: 2, opacity: 0.75, minHeight: { xs: '2.9em', md: '1.45em' } }}
      data-testid="platform-growth"
    >
      {growth.data ? platformGrowthLine(growth.data.platform) : '\u00a0'}
    </Typography>
  );
}

/**
 * The welcome: 'Your music is live on 150+ platforms' (SPEC §2) once a release is out, and until then
 * what is true of the artist's releases (scheduled, in review, to fix, a draft, or none yet); under it, the
 * platform's growth.
 */
function Banner({ firstName, summary }: { firstName: string; summary: ReleasesSummary | undefined }) {
  return (
    <Box component="section" sx={{ ...night, py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <Typography variant="h2" component="h1">
          Welcome back, {firstName}
        </Typography>
        {summary?.kind === 'live' && (
          <Typography sx={{ mt: 1, opacity: 0.85 }}>Your music is live on 150+ platforms</Typography>
        )}
        {/* Until the releases answer, the line's place is kept so the page does not move down. */}
        {summary === undefined && (
          <Typography aria-hidden sx={{ mt: 1, visibility: 'hidden' }}>
            Your music is live on 150+ platforms
          </Typography>
        )}
        {summary && summary.kind !== 'live' && summary.kind !== 'none' && (
          <Box sx={{ mt: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ opacity: 0.85 }} data-testid="welcome-releases">
              {summaryLine(summary)}
            </Typography>
            {summary.kind !== 'scheduled' && (
              <Button component={RouterLink} to="/releases" variant="contained">
                Open Release Builder
              </Button>
            )}
          </Box>
        )}
        {summary?.kind === 'none' && (
          <Box sx={{ mt: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ opacity: 0.85 }}>
              Release your first track: once approved, it goes live on 150+ platforms in 3-5 days.
            </Typography>
            <Button component={RouterLink} to="/releases?new=1" variant="contained" startIcon={<AddIcon />}>
              Create your first release
            </Button>
          </Box>
        )}
        <PlatformGrowth />
      </Container>
    </Box>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      variant="outlined"
      size="large"
      startIcon={icon}
      sx={{ justifyContent: 'flex-start', py: 1.5 }}
    >
      {label}
    </Button>
  );
}

/**
 * The four figures. Each card asks for its own data, so an answer re-renders only its card, not the whole
 * dashboard (a phone's main thread stays free while the figures come in). The growth badges are the
 * artist's own: the last 30 days against the days before (GET /api/dashboard/growth), none where there is
 * nothing to compare.
 */
function StreamsStat() {
  const analytics = useQuery(analyticsQuery(30));
  const growth = useQuery(dashboardGrowthQuery);
  return (
    <StatCard
      label="Total Streams"
      testId="stat-streams"
      icon={<HeadphonesIcon />}
      query={analytics}
      value={(a) => count(a.totalStreams)}
      note="Last 30 days, from store reports"
      growth={growth.data ? growthLine(growth.data, 'streams') : 'loading'}
    />
  );
}

function EarningsStat({ currency }: { currency: Currency }) {
  const royalties = useQuery(royaltiesQuery);
  const growth = useQuery(dashboardGrowthQuery);
  return (
    <StatCard
      label="Total Earnings"
      testId="stat-earnings"
      icon={<AttachMoneyIcon />}
      query={royalties}
      value={(r) => formatMoney(convertAmount(r.totalEarnings, 'USD', currency), currency)}
      note={`All time, in ${currency}`}
      growth={growth.data ? growthLine(growth.data, 'revenue', `last ${growth.data.days} days`) : 'loading'}
    />
  );
}

/** "2 live" and, for approved releases whose day is still ahead, "1 scheduled". */
function liveNote(releases: ReadonlyArray<{ status: string; releaseDate: string | null }>) {
  const approved = releases.filter((r) => r.status === 'live');
  const scheduled = approved.filter((r) => isScheduled(r)).length;
  return `${approved.length - scheduled} live${scheduled ? `, ${scheduled} scheduled` : ''}`;
}

function ReleasesStat() {
  const releases = useQuery(releasesQuery);
  const all = releases.data;
  return (
    <StatCard
      label="Active Releases"
      testId="stat-releases"
      icon={<AlbumIcon />}
      query={releases}
      value={(r) => count(r.length)}
      // A blank note until the releases answer keeps the card's height.
      note={all ? liveNote(all) : '\u00a0'}
    />
  );
}

function CoinsStat() {
  const coins = useQuery(coinsQuery);
  return (
    <StatCard
      label="Coin Balance"
      testId="stat-coins"
      icon={<MonetizationOnIcon />}
      query={coins}
      value={(c) => formatCoins(c.coins)}
      note="1 coin = 1 rupee"
      action={
        <Button component={RouterLink} to="/wallet" variant="contained" size="small">
          Manage
        </Button>
      }
    />
  );
}

function WelcomeBanner({ firstName }: { firstName: string }) {
  const releases = useQuery(releasesQuery);
  const summary = releases.data ? releasesSummary(releases.data) : undefined;
  return <Banner firstName={firstName} summary={summary} />;
}

/** The approved artist's dashboard (SPEC §2 Artist dashboard). */
export default function Dashboard() {
  const { user } = useVisitor();
  const currency = user?.preferredCurrency ?? 'USD';

  useEffect(() => {
    document.title = 'Dashboard · Riffline';
  }, []);

  return (
    <>
      <WelcomeBanner firstName={user?.firstName || 'Artist'} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, display: 'grid', gap: { xs: 4, md: 5 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          <StreamsStat />
          <EarningsStat currency={currency} />
          <ReleasesStat />
          <CoinsStat />
        </Box>
        {/* The rest, below the fold on a phone: right after the first paint. */}
        <AfterFirstPaint>
          <LaterSections />
        </AfterFirstPaint>
      </Container>
    </>
  );
}

/** Quick actions, the recent releases and the platform's performance. */
function LaterSections() {
  return (
    <>
      <Box component="section" aria-labelledby="quick-actions">
        <Typography variant="h4" component="h2" id="quick-actions" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          <QuickAction to="/releases?new=1" icon={<AddIcon />} label="New Release" />
          <QuickAction to="/wallet?recharge=1" icon={<AccountBalanceWalletIcon />} label="Top Up Coins" />
          <QuickAction to="/royalties?withdraw=1" icon={<PaymentsIcon />} label="Request Withdrawal" />
          <QuickAction to="/support" icon={<HelpOutlineIcon />} label="Get Support" />
        </Box>
      </Box>

      <Box component="section" aria-labelledby="recent-releases">
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            mb: 2,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="h4" component="h2" id="recent-releases">
            Recent Releases
          </Typography>
          <Button component={RouterLink} to="/releases">
            View all
          </Button>
        </Box>
        {/* The list's fallback is the list's own loading state: nothing moves when it arrives. */}
        <WhenVisible fallback={<Spinner label="Loading releases" />}>
          <RecentReleaseList />
        </WhenVisible>
      </Box>

      <WhenVisible fallback={<PlatformPerformanceLoading />}>
        <PlatformPerformance />
      </WhenVisible>
    </>
  );
}
