import { Alert, AlertTitle, Box, CardContent, Stack, Typography } from '@mui/material';
import type { AdminStoreReportResponse } from '@riffline/contracts';
import type { Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DateField, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { inProgress } from './api.ts';
import { ConfirmHeldButton } from './ConfirmHeldButton.tsx';
import { FlaggedChip } from './FlaggedChip.tsx';
import { KeptLines } from './KeptLines.tsx';
import { ReportCounts } from './ReportCounts.tsx';
import { ReportFile } from './ReportFile.tsx';

/** Poll the job every second while the workers import it. */
const refetchInterval = (query: Query<AdminStoreReportResponse>) =>
  inProgress(query.state.data) ? 1000 : false;

/** Messages listed under a title, as an alert: what an admin must see before relying on the report. */
function Findings({
  id,
  severity,
  title,
  help,
  items,
  children,
}: {
  id: string;
  severity: 'warning' | 'error' | 'info';
  title: string;
  help?: string;
  items: string[];
  children?: ReactNode;
}) {
  if (!items.length) return null;
  return (
    <Alert severity={severity} aria-labelledby={id}>
      <AlertTitle id={id}>{title}</AlertTitle>
      {help && <Typography variant="body2">{help}</Typography>}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        {items.map((item, i) => (
          <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: 'anywhere' }}>
            {item}
          </Typography>
        ))}
      </Box>
      {children}
    </Alert>
  );
}

/**
 * What the import found: why a held report credits nothing yet (in red, with its Confirm; once confirmed,
 * why it was held), and what an admin must check (a footer that disagrees with its file: flagged, in
 * amber). Both above everything else.
 */
function ReportFindings({ report }: { report: AdminStoreReportResponse }) {
  const translate = useTranslate();
  return (
    <>
      {report.status === 'held' ? (
        <Findings
          id="report-holds"
          severity="error"
          title={translate('riffline.reports.holds')}
          items={report.holds}
        >
          <ConfirmHeldButton report={report} />
        </Findings>
      ) : (
        <Findings
          id="report-holds"
          severity="info"
          title={translate('riffline.reports.heldBefore')}
          items={report.holds ?? []}
        />
      )}
      <Findings
        id="report-warnings"
        severity="warning"
        title={translate('riffline.reports.warnings', { smart_count: report.warnings.length })}
        help={translate('riffline.reports.warningsHelp')}
        items={report.warnings}
      />
    </>
  );
}

/** A part of a report sent in several files, waiting for the rest: nothing of it counts yet. */
function WaitingForParts({ report }: { report: AdminStoreReportResponse }) {
  const translate = useTranslate();
  if (report.status !== 'waiting') return null;
  return (
    <Alert severity="info">
      {translate('riffline.reports.waitingParts', {
        file: report.fileNumber ?? '?',
        files: report.numberOfFiles ?? '?',
        messageId: report.messageId ?? '',
      })}
    </Alert>
  );
}

function ReportDetails() {
  const report = useRecordContext<AdminStoreReportResponse>();
  if (!report) return null;
  // A report's lines are written when its import ends (completed, or held until an admin confirms it).
  const read = report.status === 'completed' || report.status === 'held';
  const kept = (count: number) => (read ? count : null);
  return (
    <CardContent>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {report.filename}
          </Typography>
          <EnumField source="status" name="reportStatus" />
          <FlaggedChip report={report} />
        </Stack>
        <DateField source="createdAt" showTime color="text.secondary" />
        <ReportFindings report={report} />
        <WaitingForParts report={report} />
        <ReportCounts report={report} />
        <ReportFile report={report} />
        <KeptLines report={report} status="unmatched" count={kept(report.linesUnmatched)} />
        <KeptLines report={report} status="invalid" count={kept(report.linesInvalid)} />
      </Stack>
    </CardContent>
  );
}

/**
 * One import: its progress (polled while it runs), what it found to check, its counts, what the file
 * said of itself, its totals per currency and the lines it could not use.
 */
export function ReportShow() {
  return (
    <Show
      queryOptions={{ refetchInterval } as object}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <ReportDetails />
    </Show>
  );
}
