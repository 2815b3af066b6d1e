import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

type Columns = string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>;

/** A list laid out as a grid of cards (no bullets, no indent): `columns` is the responsive template. */
export function GridList({
  columns,
  children,
  sx,
}: {
  columns: Columns;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="ul"
      sx={[
        { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: columns },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
