import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { AdminStats } from '@riffline/contracts';
import { RecentActivity } from './RecentActivity.tsx';

const order = ['pendingApplications', 'approvedArtists', 'totalReleases', 'openTickets'] as const;

/** The admin panel's top stats (SPEC §2), read from `GET /api/admin/stats`, and the recent activity. */
export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<
    ReturnType<typeof useDataProvider> & { getStats(): Promise<AdminStats> }
  >();
  const { data } = useQuery({ queryKey: ['admin', 'stats'], queryFn: () => dataProvider.getStats() });
  return (
    <>
      <Title title="riffline.title" />
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {order.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {translate(`riffline.stats.${key}`)}
                </Typography>
                <Typography variant="h4" component="p" aria-label={translate(`riffline.stats.${key}`)}>
                  {data ? data[key] : '…'}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
        <Grid size={12}>
          <RecentActivity />
        </Grid>
      </Grid>
    </>
  );
}
