import { useMediaQuery, type Theme } from '@mui/material';
import type { WithdrawalRequestStatus } from '@riffline/contracts';
import { Datagrid, DateField, FunctionField, List, ReferenceField, TextField } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { NoResults } from '../common/NoResults.tsx';
import { StatusTabs } from '../common/StatusTabs.tsx';
import { WithdrawalRequestActions } from './WithdrawalRequestActions.tsx';
import { WithdrawalRequestCards } from './WithdrawalRequestCards.tsx';
import { amount, note, payTo } from './format.ts';

/** Long addresses and references may break anywhere, so that the table fits a 1280 px screen. */
const wraps = { overflowWrap: 'anywhere' } as const;

/** The queue first (pending), then each later step. */
const tabs: readonly WithdrawalRequestStatus[] = [
  'pending',
  'approved',
  'processing',
  'completed',
  'declined',
];

/** Payout requests with where the money goes (SPEC §2 Payouts), by status. */
export function WithdrawalRequestList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
      actions={false}
    >
      <StatusTabs name="withdrawalStatus" statuses={tabs} label="Payout status" />
      {phone ? (
        <WithdrawalRequestCards />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<NoResults />}>
          <DateField source="createdAt" showTime />
          <ReferenceField source="userId" reference="users" link={false} sortable={false}>
            <TextField source="email" sx={wraps} />
          </ReferenceField>
          <FunctionField source="amount" render={amount} />
          <FunctionField source="paymentMethod" render={payTo} sortable={false} sx={wraps} />
          <EnumField source="status" name="withdrawalStatus" />
          <FunctionField source="adminNotes" render={note} sortable={false} sx={wraps} />
          <DateField source="processedAt" showTime emptyText="—" sortable={false} />
          <WithdrawalRequestActions />
        </Datagrid>
      )}
    </List>
  );
}
