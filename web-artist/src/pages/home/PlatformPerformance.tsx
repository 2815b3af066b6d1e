import { Box, Card, CardContent, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalyticsTimeframe } from '@riffline/contracts';
import { TimeframeSelect } from '../../components/Analytics/TimeframeSelect.tsx';
import { analyticsQuery } from '../../api/account.ts';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { GridList } from '../../components/Page/GridList.tsx';

const count = (n: number) => n.toLocaleString('en-US');

/** Streams per store over the chosen period (SPEC §2 Platform Performance, with the real numbers). */
export default function PlatformPerformance() {
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
            minHeight: 40,
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
          <GridList columns={{ xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }}>
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
          </GridList>
        )}
      </CardContent>
    </Card>
  );
}
