import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { formatMoney, type AdminStoreReportResponse } from '@riffline/contracts';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { inProgress } from './api.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** One number (or fact) with its label, as a definition (its label names it for assistive technology). */
export function Figure({ label, value, dense }: { label: string; value: ReactNode; dense?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant={dense ? 'body1' : 'h6'} sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** An import's progress while it runs, then what its lines became and the totals it added. */
export function ReportCounts({ report }: { report: AdminStoreReportResponse }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`riffline.reports.${key}`);
  const figures: Array<[string, string]> = [
    ['linesRead', count(report.linesRead)],
    ['linesMatched', count(report.linesMatched)],
    ['linesUnmatched', count(report.linesUnmatched)],
    ['linesInvalid', count(report.linesInvalid)],
    ['streams', count(report.streams)],
    ['downloads', count(report.downloads)],
    ['revenueUsd', formatMoney(report.revenueUsd, 'USD')],
    ['royaltiesUsd', formatMoney(report.royaltiesUsd, 'USD')],
  ];
  return (
    <Stack spacing={2}>
      {inProgress(report) && (
        <Box>
          <Typography variant="body2" id="report-progress">
            {t('progress')}: {report.progress}%
          </Typography>
          <LinearProgress
            variant={report.status === 'pending' ? 'indeterminate' : 'determinate'}
            value={report.progress}
            aria-labelledby="report-progress"
          />
        </Box>
      )}
      {report.status === 'failed' && report.error && (
        <Typography color="error" role="alert">
          {t('error')}: {report.error}
        </Typography>
      )}
      <Box component="section" aria-label={t('counts')}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('counts')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {figures.map(([key, value]) => (
            <Figure key={key} label={t(key)} value={value} />
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
