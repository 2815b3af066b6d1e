import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { WithdrawalRequestResponse } from '@riffline/contracts';
import { DateField, RecordContextProvider, ReferenceField, TextField, useListContext } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { NoResults } from '../common/NoResults.tsx';
import { WithdrawalRequestActions } from './WithdrawalRequestActions.tsx';
import { amount, note, payTo } from './format.ts';

/** Payouts on a phone: one card per request with its buttons. */
export function WithdrawalRequestCards() {
  const { data, isPending } = useListContext<WithdrawalRequestResponse>();
  if (isPending) return null;
  if (!data?.length) return <NoResults />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((request) => (
        <RecordContextProvider key={request.id} value={request}>
          <Card component="li" variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="h6" component="h3">
                  {amount(request)}
                </Typography>
                <EnumField source="status" name="withdrawalStatus" />
              </Stack>
              <ReferenceField source="userId" reference="users" link={false}>
                <TextField source="email" variant="body2" />
              </ReferenceField>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {payTo(request)}
              </Typography>
              <DateField source="createdAt" showTime variant="body2" color="text.secondary" />
              {(request.adminNotes || request.status === 'completed') && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {note(request)}
                </Typography>
              )}
              <Stack sx={{ mt: 1.5 }}>
                <WithdrawalRequestActions />
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
