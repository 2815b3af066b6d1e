import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddIcon from '@mui/icons-material/Add';
import AlbumIcon from '@mui/icons-material/Album';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Button, Card, CardContent, Container, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { convertAmount, formatCoins, formatMoney, type AnalyticsTimeframe } from '@riffline/contracts';
import { analyticsQuery, dashboardGrowthQuery, royaltiesQuery } from '../../api/account.ts';
import { useVisitor } from '../../api/auth.ts';
import { releasesQuery, type Release } from '../../api/releases.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { StatCard } from '../../dashboard/StatCard.tsx';
import { DeleteReleaseDialog } from '../../releases/DeleteReleaseDialog.tsx';
import { EditReleaseDialog } from '../../releases/EditReleaseDialog.tsx';
import { ReleaseCard } from '../../releases/ReleaseCard.tsx';
import { night } from '../../theme.ts';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';
import { TimeframeSelect } from '../../analytics/TimeframeSelect.tsx';

/** SPEC §9: the dashboard shows the first 3 releases. */
const RECENT_RELEASES = 3;

const count = (n: number) => n.toLocaleString('en-US');

function Banner({ firstName, live }: { firstName: string; live: boolean | undefined }) {
  return (
    <Box component="section" sx={{ ...night, py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <Typography variant="h2" component="h1">
          Welcome back, {firstName}
        </Typography>
        {live === true && (
          <Typography sx={{ mt: 1, opacity: 0.85 }}>Your music is live on 150+ platforms</Typography>
        )}
        {live === false && (
          <Box sx={{ mt: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ opacity: 0.85 }}>
              Release your first track: once approved, it goes live on 150+ platforms in 3-5 days.
            </Typography>
            <Button component={RouterLink} to="/releases?new=1" variant="contained" startIcon={<AddIcon />}>
              Create your first release
            </Button>
          </Box>
        )}
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

/** Streams per store over the chosen period (SPEC §2 Platform Performance, with the real numbers). */
function PlatformPerformance() {
  const [days, setDays] = useState<AnalyticsTimeframe>(30);
  const analytics = useQuery(analyticsQuery(days));
  const platforms = analytics.data?.platforms ?? [];
  return (
    <Card component="section" aria-labelledby="platform-performance">
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
            mb: 2,
          }}
        >
          <Typography variant="h4" component="h2" id="platform-performance">
            Platform Performance
          </Typography>
          <TimeframeSelect label="Period" value={days} onChange={setDays} />
        </Box>
        {analytics.isPending && <Spinner label="Loading platform performance" />}
        {analytics.error && (
          <LoadFailed onRetry={() => void analytics.refetch()}>
            Platform performance could not be loaded.
          </LoadFailed>
        )}
        {analytics.data && platforms.length === 0 && (
          <Typography color="text.secondary">
            No streams reported for this period yet: store reports show up here once imported.
          </Typography>
        )}
        {platforms.length > 0 && (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            }}
          >
            {platforms.map((p) => (
              <Paper component="li" variant="outlined" key={p.platform} sx={{ p: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {p.platform}
                </Typography>
                <Typography sx={{ fontWeight: 800, fontSize: '1.4rem' }}>{count(p.streams)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  streams
                </Typography>
              </Paper>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The approved artist's dashboard (SPEC §2 Artist dashboard). */
export default function Dashboard() {
  const { user } = useVisitor();
  const currency = user?.preferredCurrency ?? 'USD';
  const releases = useQuery(releasesQuery);
  const royalties = useQuery(royaltiesQuery);
  const analytics = useQuery(analyticsQuery(30));
  const coins = useQuery(coinsQuery);
  const growth = useQuery(dashboardGrowthQuery);
  const [editing, setEditing] = useState<Release | null>(null);
  const [deleting, setDeleting] = useState<Release | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    document.title = 'Dashboard · Riffline';
  }, []);

  const all = releases.data;
  const live = all ? all.some((r) => r.status === 'live') : undefined;
  const recent = all?.slice(0, RECENT_RELEASES) ?? [];

  return (
    <>
      <Banner firstName={user?.firstName || 'Artist'} live={live} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, display: 'grid', gap: { xs: 4, md: 5 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          <StatCard
            label="Total Streams"
            testId="stat-streams"
            icon={<HeadphonesIcon />}
            query={analytics}
            value={(a) => count(a.totalStreams)}
            note="Last 30 days, from store reports"
            badge={growth.data?.streamsGrowthPercentage}
          />
          <StatCard
            label="Total Earnings"
            testId="stat-earnings"
            icon={<AttachMoneyIcon />}
            query={royalties}
            value={(r) => formatMoney(convertAmount(r.totalEarnings, 'USD', currency), currency)}
            note={`All time, in ${currency}`}
            badge={growth.data?.earningsGrowthPercentage}
          />
          <StatCard
            label="Active Releases"
            testId="stat-releases"
            icon={<AlbumIcon />}
            query={releases}
            value={(r) => count(r.length)}
            note={all ? `${all.filter((r) => r.status === 'live').length} live` : undefined}
          />
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
        </Box>

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
          {releases.isPending && <Spinner label="Loading releases" />}
          {releases.error && (
            <LoadFailed onRetry={() => void releases.refetch()}>
              Your releases could not be loaded.
            </LoadFailed>
          )}
          {all?.length === 0 && (
            <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                No releases found
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
                Your releases show here once you create them.
              </Typography>
              <Button component={RouterLink} to="/releases?new=1" variant="contained" startIcon={<AddIcon />}>
                New Release
              </Button>
            </Paper>
          )}
          <Box sx={{ display: 'grid', gap: 2 }}>
            {recent.map((release) => (
              <ReleaseCard
                key={release.id}
                release={release}
                expanded={expanded.has(release.id)}
                onToggle={() =>
                  setExpanded((open) => {
                    const next = new Set(open);
                    if (!next.delete(release.id)) next.add(release.id);
                    return next;
                  })
                }
                onEdit={() => setEditing(release)}
                onDelete={() => setDeleting(release)}
              />
            ))}
          </Box>
        </Box>

        <PlatformPerformance />
      </Container>
      <EditReleaseDialog key={editing?.id ?? 'none'} release={editing} onClose={() => setEditing(null)} />
      <DeleteReleaseDialog release={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
