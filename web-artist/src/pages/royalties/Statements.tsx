import DescriptionIcon from '@mui/icons-material/Description';
import { Box, Button, Paper, Typography } from '@mui/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementsResponse } from '@riffline/contracts';
import { api } from '../../api/client.ts';
import { QueryList } from '../../components/Page/QueryList.tsx';

export const statementsQuery = queryOptions({
  queryKey: ['statements'],
  queryFn: () => api<StatementsResponse>('/api/statements'),
});

/**
 * The payee's monthly statements (docs/statements.md), newest first, each as a CSV and a PDF download: the
 * files the API renders from one statement, so their numbers are the same.
 */
export function Statements() {
  const statements = useQuery({ ...statementsQuery, select: (r) => r.months });
  return (
    <QueryList
      query={statements}
      loading="Loading statements"
      failed="Your statements could not be loaded."
      empty={{
        icon: <DescriptionIcon />,
        title: 'No statements yet',
        hint: 'A statement appears for each month in which you were credited or asked for a withdrawal.',
      }}
    >
      {(s) => (
        <Paper
          key={s.month}
          component="li"
          variant="outlined"
          aria-label={`Statement for ${s.label}`}
          sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography sx={{ fontWeight: 700, mr: 'auto' }}>{s.label}</Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" variant="outlined" href={`/api/statements/${s.month}.csv`} download>
              CSV
            </Button>
            <Button size="small" variant="outlined" href={`/api/statements/${s.month}.pdf`} download>
              PDF
            </Button>
          </Box>
        </Paper>
      )}
    </QueryList>
  );
}
