import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { AdminRoyaltyResponse } from '@riffline/contracts';
import { Datagrid, DateField, FunctionField, List } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { NoResults } from '../common/NoResults.tsx';
import { RoyaltyCards } from './RoyaltyCards.tsx';
import { royaltyFilters } from './RoyaltyFilters.tsx';
import { periodLabel, royaltyAmount } from './format.ts';

/** The artist, and the account's email under it. */
export const ArtistCell = ({ record }: { record: { artistName: string | null; email: string | null } }) => (
  <Stack>
    <Typography variant="body2">{record.artistName ?? '—'}</Typography>
    {record.email && (
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {record.email}
      </Typography>
    )}
  </Stack>
);

/** Every artist's royalty ledger, read-only (SPEC §2 Royalties), newest first. */
export function RoyaltyList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={royaltyFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      {phone ? (
        <RoyaltyCards />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<NoResults />}>
          <FunctionField<AdminRoyaltyResponse>
            source="artistName"
            sortable={false}
            render={(r) => <ArtistCell record={r} />}
          />
          <FunctionField<AdminRoyaltyResponse>
            source="releaseTitle"
            sortable={false}
            render={(r) => r.releaseTitle ?? '—'}
          />
          <FunctionField<AdminRoyaltyResponse> source="period" render={(r) => periodLabel(r.period)} />
          <FunctionField<AdminRoyaltyResponse> source="amount" render={royaltyAmount} textAlign="right" />
          <EnumField source="status" name="royaltyStatus" />
          <DateField source="paidAt" emptyText="—" />
          <DateField source="createdAt" showTime />
        </Datagrid>
      )}
    </List>
  );
}
