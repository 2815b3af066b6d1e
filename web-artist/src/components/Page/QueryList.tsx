import { Box, Paper, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';
import { LoadFailed } from './LoadFailed.tsx';

/**
 * A list the artist area loads: a spinner while it comes, the failure with Retry, the empty state (an
 * icon, the spec's empty text, a hint and an action), else the items as a plain list.
 */
export function QueryList<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'error' | 'refetch'>;
  /** The spinner's accessible name: 'Loading tickets'. */
  loading: string;
  /** 'Your tickets could not be loaded.' */
  failed: string;
  empty: { icon: ReactNode; title: string; hint?: string; action?: ReactNode };
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.error || !query.data)
    return <LoadFailed onRetry={() => void query.refetch()}>{failed}</LoadFailed>;
  if (query.data.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }} aria-hidden>
          {empty.icon}
        </Box>
        <Typography variant="h4" component="p" sx={{ mt: 1 }}>
          {empty.title}
        </Typography>
        {empty.hint && (
          <Typography color="text.secondary" sx={{ mt: 1, mb: empty.action ? 3 : 0 }}>
            {empty.hint}
          </Typography>
        )}
        {empty.action}
      </Paper>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {query.data.map(children)}
    </Box>
  );
}
