import { CardContent, Stack, Typography } from '@mui/material';
import type { AdminStoreReportResponse } from '@riffline/contracts';
import type { Query } from '@tanstack/react-query';
import { DateField, ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { inProgress } from './api.ts';
import { KeptLines } from './KeptLines.tsx';
import { ReportCounts } from './ReportCounts.tsx';

/** Poll the job every second while the workers import it. */
const refetchInterval = (query: Query<AdminStoreReportResponse>) =>
  inProgress(query.state.data) ? 1000 : false;

function ReportDetails() {
  const report = useRecordContext<AdminStoreReportResponse>();
  if (!report) return null;
  return (
    <CardContent>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {report.filename}
          </Typography>
          <EnumField source="status" name="reportStatus" />
        </Stack>
        <DateField source="createdAt" showTime color="text.secondary" />
        <ReportCounts report={report} />
        <KeptLines reportId={report.id} status="unmatched" expected={report.linesUnmatched} />
        <KeptLines reportId={report.id} status="invalid" expected={report.linesInvalid} />
      </Stack>
    </CardContent>
  );
}

/** One import: its progress (polled while it runs), its counts and the lines it could not use. */
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
