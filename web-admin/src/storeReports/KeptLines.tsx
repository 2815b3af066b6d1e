import { Box, Typography } from '@mui/material';
import type { AdminStoreReportLineResponse, AdminStoreReportResponse } from '@riffline/contracts';
import {
  Datagrid,
  FunctionField,
  ListBase,
  NumberField,
  Pagination,
  TextField,
  useTranslate,
} from 'react-admin';
import { linesResource, reportedAmount } from './api.ts';

type Line = AdminStoreReportLineResponse;

const identifier = (line: Line) => line.isrc ?? line.upc ?? '—';
const revenue = (line: Line) =>
  line.netRevenue === null ? '—' : `${reportedAmount(line.netRevenue)} ${line.currency ?? ''}`.trim();

/**
 * The cells of a line that could not be read, as the file had them: by the header's names (CSV), or
 * numbered in order (DSR). Shown as text: a title with `<b>` or `\` reads as the store wrote it.
 */
function Cells({ line }: { line: Line }) {
  const cells = Object.entries(line.fields ?? {});
  if (!cells.length) return <>—</>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 240 }}>
      {cells.map(([name, value]) => (
        <Box
          key={name}
          sx={{ display: 'flex', gap: 0.5, px: 0.75, borderRadius: 1, bgcolor: 'action.hover' }}
        >
          <Typography component="dt" variant="caption" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The lines an import kept as unmatched (or invalid), each with the reason, 25 a page: the report's
 * lines resource through ra-data-simple-rest (`GET /api/admin/reports/:id/lines?filter={"status":…}`).
 */
export function KeptLines({
  report,
  status,
  count,
}: {
  report: Pick<AdminStoreReportResponse, 'id' | 'numberOfFiles'>;
  status: 'unmatched' | 'invalid';
  /** How many the report counts (its lines are written once the import completes). */
  count: number | null;
}) {
  const translate = useTranslate();
  const key = (name: string) => `riffline.reports.${name}`;
  const title = translate(key(status === 'unmatched' ? 'unmatchedLines' : 'invalidLines'));
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title} ({(count ?? 0).toLocaleString('en-US')})
      </Typography>
      {count === null || count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(key('noLines'))}
        </Typography>
      ) : (
        <ListBase<Line>
          resource={linesResource(report.id)}
          filter={{ status }}
          sort={{ field: 'lineNumber', order: 'ASC' }}
          perPage={25}
          disableSyncWithLocation
        >
          {/* No width of its own (0, then the whole row): the table scrolls inside, the page keeps a phone's width. */}
          <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <Datagrid
              bulkActionButtons={false}
              rowClick={false}
              size="small"
              sx={{
                '& .column-reason': { minWidth: 200 },
                '& .column-track, & .column-release': { minWidth: 120 },
              }}
            >
              {(report.numberOfFiles ?? 1) > 1 && (
                <NumberField source="fileNumber" label={key('fileNumber')} sortable={false} />
              )}
              <NumberField source="lineNumber" label={key('line')} />
              <TextField source="reason" label={key('reason')} sortable={false} />
              <TextField source="track" label={key('track')} sortable={false} emptyText="—" />
              <TextField source="release" label={key('release')} sortable={false} emptyText="—" />
              <TextField source="artist" label={key('artist')} sortable={false} emptyText="—" />
              {status === 'unmatched' && [
                <TextField
                  key="store"
                  source="store"
                  label="resources.analytics.fields.platform"
                  sortable={false}
                />,
                <TextField
                  key="country"
                  source="country"
                  label="resources.analytics.fields.country"
                  sortable={false}
                />,
                <FunctionField
                  key="identifier"
                  label={key('identifier')}
                  render={identifier}
                  sortable={false}
                  sx={{ whiteSpace: 'nowrap' }}
                />,
                <NumberField key="units" source="units" label={key('units')} sortable={false} />,
                <FunctionField
                  key="revenue"
                  label={key('lineRevenue')}
                  render={revenue}
                  sortable={false}
                  sx={{ whiteSpace: 'nowrap' }}
                />,
              ]}
              {status === 'invalid' && (
                <FunctionField
                  label={key('cells')}
                  render={(line: Line) => <Cells line={line} />}
                  sortable={false}
                />
              )}
            </Datagrid>
          </Box>
          <Pagination rowsPerPageOptions={[25, 50, 100]} />
        </ListBase>
      )}
    </Box>
  );
}
