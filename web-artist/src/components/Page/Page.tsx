import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { night } from '../../theme.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * A page's title band and body: every public page starts this way. The browser tab says `title` too, or
 * `documentTitle` where the heading reads badly there.
 */
export function Page({
  title,
  documentTitle = title,
  subtitle,
  children,
  maxWidth = 'lg',
}: {
  title: string;
  documentTitle?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  useDocumentTitle(documentTitle);
  return (
    <>
      <Box component="section" sx={{ ...night, py: { xs: 6, md: 8 } }}>
        <Container maxWidth={maxWidth}>
          <Typography variant="h1" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography sx={{ mt: 2, opacity: 0.85, fontSize: '1.15rem', maxWidth: 720 }}>
              {subtitle}
            </Typography>
          )}
        </Container>
      </Box>
      <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
        {children}
      </Container>
    </>
  );
}
