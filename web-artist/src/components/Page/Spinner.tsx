import { Box, CircularProgress } from '@mui/material';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
