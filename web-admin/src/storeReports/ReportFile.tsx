import { Box, Typography } from '@mui/material';
import { formatMoney, type AdminStoreReportResponse } from '@riffline/contracts';
import { ArrayField, Datagrid, FunctionField, ReferenceField, TextField, useTranslate } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { reportedAmount } from './api.ts';
import { Figure } from './ReportCounts.tsx';

type Total = AdminStoreReportResponse['totals'][number];

/**
 * What the file says of itself once the import has read it: its format and, for a DSR file, the HEAD's
 * MessageId, sender, service and usage period; then its net revenue per currency, as reported and in USD.
 */
export function ReportFile({ report }: { report: AdminStoreReportResponse }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`riffline.reports.${key}`, options);
  if (!report.format) return null;
  const period =
    report.usageStart && report.usageEnd
      ? t('span', { from: report.usageStart, to: report.usageEnd })
      : (report.usageStart ?? report.usageEnd);
  const parts = report.numberOfFiles ?? 1;
  const facts: Array<[string, string | null]> = [
    ['messageId', report.messageId],
    ['sender', report.sender],
    ['service', report.service],
    ['usagePeriod', period],
    ['part', parts > 1 ? t('partOf', { file: report.fileNumber ?? '?', files: parts }) : null],
  ];
  return (
    <>
      <Box component="section" aria-label={t('aboutFile')}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('aboutFile')}
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
          <Figure
            dense
            label={t('format')}
            value={<EnumField source="format" name="reportFormat" variant="text" />}
          />
          {facts
            .filter(([, value]) => value)
            .map(([key, value]) => (
              <Figure key={key} dense label={t(key)} value={value} />
            ))}
          {report.importedWith && (
            <Figure
              dense
              label={t('importedWith')}
              value={<ReferenceField source="importedWith" reference="reports" link="show" />}
            />
          )}
        </Box>
      </Box>
      <Box component="section" aria-label={t('totals')}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('totals')}
        </Typography>
        {report.totals.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('noTotals')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <ArrayField source="totals">
              <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={{ width: 'auto' }}>
                <TextField source="currency" label="riffline.reports.currency" sortable={false} />
                <FunctionField
                  label="riffline.reports.netRevenue"
                  render={(total: Total) => reportedAmount(total.netRevenue)}
                  sortable={false}
                  textAlign="right"
                />
                <FunctionField
                  label="riffline.reports.totalUsd"
                  render={(total: Total) => formatMoney(total.revenueUsd, 'USD')}
                  sortable={false}
                  textAlign="right"
                />
              </Datagrid>
            </ArrayField>
          </Box>
        )}
      </Box>
    </>
  );
}
