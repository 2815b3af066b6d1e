import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { AdminRoyaltyResponse } from '@riffline/contracts';
import { DateField, RecordContextProvider, useListContext } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { NoResults } from '../common/NoResults.tsx';
import { periodLabel, royaltyAmount } from './format.ts';

/** Royalties on a phone: one card per ledger row. */
export function RoyaltyCards() {
  const { data, isPending } = useListContext<AdminRoyaltyResponse>();
  if (isPending) return null;
  if (!data?.length) return <NoResults />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((royalty) => (
        <RecordContextProvider key={royalty.id} value={royalty}>
          <Card component="li" variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="h6" component="h3">
                  {royaltyAmount(royalty)}
                </Typography>
                <EnumField source="status" name="royaltyStatus" />
              </Stack>
              <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                {royalty.releaseTitle ?? '—'}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {royalty.artistName ?? '—'}
                {royalty.email ? ` · ${royalty.email}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {periodLabel(royalty.period)}
              </Typography>
              <DateField source="createdAt" showTime variant="body2" color="text.secondary" />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
