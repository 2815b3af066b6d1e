import { Box, CircularProgress } from '@mui/material';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/**
 * A spinner in place of a whole page (its chunk, or who is signed in, still loading): a screen tall, so the
 * footer stays below the fold and nothing on screen moves when the page arrives.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Spinner label={label} />
    </Box>
  );
}
