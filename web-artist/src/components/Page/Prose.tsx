import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Building blocks of long-form pages (privacy, terms, cookies): sections, paragraphs, lists, links. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: { xs: 4, md: 5 } }}>
      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 2, lineHeight: 1.7 }}>{children}</Typography>;
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: { xs: 2.5, sm: 3 }, mt: 0, mb: 2 }}>
      {items.map((item, i) => (
        <Typography key={i} component="li" sx={{ mb: 1, lineHeight: 1.7 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

export function To({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  );
}
