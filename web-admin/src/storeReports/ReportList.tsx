import {
  Card,
  CardActionArea,
  CardContent,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatMoney, storeReportStatuses, type AdminStoreReportResponse } from '@riffline/contracts';
import type { Query } from '@tanstack/react-query';
import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  RecordContextProvider,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCreatePath,
  useListContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { EnumField } from '../common/EnumField.tsx';
import { enumChoices } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { inProgress } from './api.ts';
import { FlaggedChip } from './FlaggedChip.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={enumChoices('reportStatus', storeReportStatuses)} />,
];

const progress = (r: AdminStoreReportResponse) => `${r.progress}%`;
const royalties = (r: AdminStoreReportResponse) => formatMoney(r.royaltiesUsd, 'USD');

/** The file's name, and under it the format the import recognised. */
const fileAndFormat = (r: AdminStoreReportResponse) => (
  <Stack sx={{ overflowWrap: 'anywhere', minWidth: 100 }}>
    <Typography variant="body2">{r.filename}</Typography>
    <EnumField source="format" name="reportFormat" variant="text" />
  </Stack>
);

/** The job's status, and a Flagged marker when its import found something to check. */
const statusAndFlag = (r: AdminStoreReportResponse) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <EnumField source="status" name="reportStatus" />
    <FlaggedChip report={r} />
  </Stack>
);

/** While an import on the page runs, the list refreshes itself. */
const refetchInterval = (query: Query<{ data?: AdminStoreReportResponse[] }>) =>
  query.state.data?.data?.some(inProgress) ? 2000 : false;

function ReportCards() {
  const { data, isPending } = useListContext<AdminStoreReportResponse>();
  const createPath = useCreatePath();
  if (isPending) return null;
  if (!data?.length) return <NoResults />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((report) => (
        <RecordContextProvider key={report.id} value={report}>
          <Card component="li" variant="outlined">
            <CardActionArea
              component={Link}
              to={createPath({ resource: 'reports', type: 'show', id: report.id })}
            >
              <CardContent>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                >
                  <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {report.filename}
                  </Typography>
                  <Stack direction="row" spacing={0.5}>
                    <FlaggedChip report={report} />
                    <EnumField source="status" name="reportStatus" />
                  </Stack>
                </Stack>
                <EnumField source="format" name="reportFormat" variant="text" />
                <Typography variant="body2">
                  {report.linesMatched} / {report.linesUnmatched} / {report.linesInvalid} ·{' '}
                  {royalties(report)}
                </Typography>
                <DateField source="createdAt" showTime variant="body2" color="text.secondary" />
              </CardContent>
            </CardActionArea>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** Store report imports, newest first, with an Upload Report button (SPEC §2 Royalties: where data comes from). */
export function ReportList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
      queryOptions={{ refetchInterval } as object}
      actions={
        <TopToolbar>
          <CreateButton label="riffline.reports.upload" />
        </TopToolbar>
      }
    >
      {phone ? (
        <ReportCards />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
          <FunctionField source="filename" render={fileAndFormat} />
          <FunctionField source="status" render={statusAndFlag} />
          <FunctionField source="progress" render={progress} sortable={false} />
          <NumberField source="linesMatched" sortable={false} />
          <NumberField source="linesUnmatched" sortable={false} />
          <NumberField source="linesInvalid" sortable={false} />
          <NumberField source="streams" sortable={false} />
          <FunctionField source="royaltiesUsd" render={royalties} sortable={false} />
          <DateField source="createdAt" showTime />
        </Datagrid>
      )}
    </List>
  );
}
