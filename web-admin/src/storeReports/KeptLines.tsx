import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { AdminStoreReportLineResponse } from '@riffline/contracts';
import { useTranslate } from 'react-admin';
import { keptLines } from './api.ts';

/** A cell as the import read it, or as the file had it when the line could not be read. */
const cell = (line: AdminStoreReportLineResponse, key: 'store' | 'country') =>
  line[key] ?? line.fields?.[key] ?? '—';

/** The lines an import kept as unmatched (or invalid), each with the reason. */
export function KeptLines({
  reportId,
  status,
  expected,
}: {
  reportId: string;
  status: 'unmatched' | 'invalid';
  /** How many the report counts: refetched when it changes (the import went on). */
  expected: number;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`riffline.reports.${key}`, options);
  const { data } = useQuery({
    queryKey: ['reports', reportId, 'lines', status, expected],
    queryFn: () => keptLines(reportId, status),
    enabled: expected > 0,
  });
  const title = t(status === 'unmatched' ? 'unmatchedLines' : 'invalidLines');
  const rows = expected > 0 ? (data?.rows ?? []) : [];
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title} ({expected})
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('noLines')}
        </Typography>
      ) : (
        // No width of its own (0, then the whole row): the table scrolls inside, the page keeps a phone's width.
        <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('line')}</TableCell>
                <TableCell>{t('reason')}</TableCell>
                <TableCell>{translate('resources.analytics.fields.platform')}</TableCell>
                <TableCell>{translate('resources.analytics.fields.country')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('identifier')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>{line.lineNumber}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{line.reason ?? '—'}</TableCell>
                  <TableCell>{cell(line, 'store')}</TableCell>
                  <TableCell>{cell(line, 'country')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {line.isrc ?? line.upc ?? line.fields?.isrc ?? line.fields?.upc ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {data && data.total > data.rows.length && (
        <Typography variant="body2" color="text.secondary">
          {t('moreLines', { shown: data.rows.length, total: data.total })}
        </Typography>
      )}
    </Box>
  );
}
