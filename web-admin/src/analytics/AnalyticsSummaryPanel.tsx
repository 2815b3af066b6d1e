import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@riffline/contracts';
import { useListContext, useTranslate } from 'react-admin';
import { AnalyticsCharts } from './AnalyticsCharts.tsx';
import { fetchSummary, formatCount, scopeOf } from './summary.ts';

/** The totals and charts of what the list's filters select (its days, release, artist and store). */
export function AnalyticsSummaryPanel() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`riffline.analytics.${key}`, options);
  const { filterValues } = useListContext();
  const scope = scopeOf(filterValues as Record<string, unknown>);
  const { data: summary, isError } = useQuery({
    queryKey: ['analytics', 'summary', scope],
    queryFn: () => fetchSummary(scope),
  });
  if (isError)
    return (
      <Typography color="error" sx={{ p: 2 }} role="alert">
        {t('failed')}
      </Typography>
    );
  if (!summary || summary.totals.rows === 0) return null;
  const totals: Array<[string, string]> = [
    ['streams', formatCount(summary.totals.streams)],
    ['downloads', formatCount(summary.totals.downloads)],
    ['revenue', formatMoney(summary.totals.revenueUsd, 'USD')],
    ['releases', formatCount(summary.totals.releases)],
    ['artists', formatCount(summary.totals.artists)],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box component="section" aria-label={t('totals')}>
        <Typography variant="body2" color="text.secondary">
          {summary.from && summary.to ? t('span', { from: summary.from, to: summary.to }) : null}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 1,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          {totals.map(([key, value]) => (
            <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(key)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Box>
      <AnalyticsCharts summary={summary} />
    </Stack>
  );
}
