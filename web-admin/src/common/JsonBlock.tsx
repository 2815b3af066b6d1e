import { Box } from '@mui/material';
import { useFieldValue } from 'react-admin';

/** A payload or a stack as the log keeps it, in a monospaced block that wraps on a phone. */
export function JsonBlock({ source }: { source: string; label?: string }) {
  const value: unknown = useFieldValue({ source });
  if (value === null || value === undefined) return null;
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxWidth: '100%',
      }}
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Box>
  );
}
