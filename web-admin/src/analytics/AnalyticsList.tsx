import { Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { formatMoney, type AdminAnalyticsResponse } from '@riffline/contracts';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  TextField,
  TextInput,
  useListContext,
} from 'react-admin';
import { dateFilters } from '../common/dateFilters.tsx';
import { NoResults } from '../common/NoResults.tsx';
import { AnalyticsSummaryPanel } from './AnalyticsSummaryPanel.tsx';
import { formatCount } from './summary.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="platform" source="platform" />,
  ...dateFilters('date'),
];

const revenue = (r: AdminAnalyticsResponse) => formatMoney(r.revenueUsd, 'USD');
const day = { timeZone: 'UTC' } as const;

function UsageCards() {
  const { data, isPending } = useListContext<AdminAnalyticsResponse>();
  if (isPending) return null;
  if (!data?.length) return <NoResults />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((row) => (
        <Card component="li" variant="outlined" key={row.id}>
          <CardContent>
            <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {row.releaseTitle ?? '—'}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {[row.artistName, row.track].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2">
              {row.platform} · {row.country ?? '—'} · {row.date}
            </Typography>
            <Typography variant="body2">
              {formatCount(row.streams)} streams · {formatCount(row.downloads)} downloads · {revenue(row)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** Store usage across every artist (SPEC §2 Analytics): the summary's totals and charts, then the rows. */
export function AnalyticsList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      <AnalyticsSummaryPanel />
      {phone ? (
        <UsageCards />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<NoResults />}>
          <DateField source="date" options={day} />
          <FunctionField<AdminAnalyticsResponse>
            source="releaseTitle"
            sortable={false}
            render={(r) => r.releaseTitle ?? '—'}
          />
          <TextField source="artistName" sortable={false} emptyText="—" />
          <TextField source="track" sortable={false} emptyText="—" />
          <TextField source="platform" />
          <TextField source="country" emptyText="—" />
          <NumberField source="streams" />
          <NumberField source="downloads" />
          <FunctionField<AdminAnalyticsResponse> source="revenueUsd" render={revenue} textAlign="right" />
        </Datagrid>
      )}
    </List>
  );
}
