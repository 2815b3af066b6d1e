import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Button, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The large call to action that takes a visitor to /apply. */
export function ApplyButton({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Button
      component={RouterLink}
      to="/apply"
      variant="contained"
      size="large"
      endIcon={<ArrowForwardIcon aria-hidden />}
      sx={[{ px: 5, py: 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Button>
  );
}
