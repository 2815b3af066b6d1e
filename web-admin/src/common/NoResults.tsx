import { Box, Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';

/** A list with nothing to show, in SPEC §8's words (`resources.<name>.empty`: 'No releases found'). */
export function NoResults({ message }: { message?: string }) {
  const resource = useResourceContext();
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary" role="status">
        {translate(message ?? `resources.${resource}.empty`, { _: 'Nothing found' })}
      </Typography>
    </Box>
  );
}
