import { Stack, Typography } from '@mui/material';
import { formatMoney, payeeStatuses, type AdminPayeeResponse } from '@riffline/contracts';
import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumChoices } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';

/** Search (the payee's email or name, or their owner's) and status. */
export const payeeFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={enumChoices('payeeStatus', payeeStatuses)} alwaysOn />,
];

/** A person: their name, and their email under it. */
export const PersonCell = ({ name, email }: { name: string | null; email: string | null }) => (
  <Stack>
    <Typography variant="body2">{name ?? email ?? '—'}</Typography>
    {name && email && (
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {email}
      </Typography>
    )}
  </Stack>
);

/** Every owner's payees with what is earned and held for them (USD, rounded down), newest first. */
export function PayeeList() {
  return (
    <List
      filters={payeeFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
        <FunctionField<AdminPayeeResponse> source="email" render={(r) => <PersonCell {...r} />} />
        <FunctionField<AdminPayeeResponse>
          source="owner"
          sortable={false}
          render={(r) => <PersonCell {...r.owner} />}
        />
        <EnumField source="status" name="payeeStatus" />
        <DateField source="inviteSentAt" showTime emptyText="—" />
        <DateField source="inviteExpiresAt" showTime emptyText="—" />
        <DateField source="acceptedAt" emptyText="—" />
        <FunctionField<AdminPayeeResponse>
          source="earned"
          textAlign="right"
          render={(r) => formatMoney(r.earned, 'USD')}
        />
        <FunctionField<AdminPayeeResponse>
          source="held"
          textAlign="right"
          render={(r) => formatMoney(r.held, 'USD')}
        />
        <NumberField source="releaseCount" />
      </Datagrid>
    </List>
  );
}
