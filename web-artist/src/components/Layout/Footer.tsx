import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { night } from '../../theme.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import { hasArtistArea, useVisitor, type VisitorState } from '../../api/auth.ts';

type FooterLink = { label: string; to: string; external?: boolean };

/** The site column fits the visitor: no 'Apply to Join' or 'Login' for someone already signed in. */
function siteLinks(state: VisitorState): FooterLink[] {
  const signedIn = state !== 'anonymous' && state !== 'loading';
  const first: FooterLink[] = !signedIn
    ? [{ label: 'Apply to Join', to: '/apply' }]
    : hasArtistArea(state)
      ? [{ label: 'Dashboard', to: '/' }]
      : [{ label: 'Your Application', to: '/' }];
  return [
    ...first,
    { label: 'About Us', to: '/about' },
    { label: 'Contact Us', to: '/contact' },
    { label: 'Support Center', to: '/support' },
    ...(signedIn ? [] : [{ label: 'Login', to: '/api/login', external: true }]),
  ];
}

const legalLinks: FooterLink[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookie Policy', to: '/cookies' },
];

export function Footer() {
  const { shown } = useVisitor();
  const columns = [
    { title: 'Riffline', links: siteLinks(shown) },
    { title: 'Legal', links: legalLinks },
  ];
  return (
    <Box component="footer" sx={{ ...night, mt: 'auto', pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1.4fr' },
          }}
        >
          {columns.map((column) => (
            <Box component="nav" key={column.title} aria-label={column.title}>
              <Typography component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
                {column.title}
              </Typography>
              <Stack spacing={1}>
                {column.links.map((link) =>
                  link.external ? (
                    <Link
                      key={link.to}
                      href={link.to}
                      color="inherit"
                      underline="hover"
                      sx={{ opacity: 0.85 }}
                    >
                      {link.label}
                    </Link>
                  ) : (
                    <Link
                      key={link.to}
                      component={RouterLink}
                      to={link.to}
                      color="inherit"
                      underline="hover"
                      sx={{ opacity: 0.85 }}
                    >
                      {link.label}
                    </Link>
                  ),
                )}
              </Stack>
            </Box>
          ))}
          <Box>
            <Typography component="h2" sx={{ fontWeight: 800, mb: 1 }}>
              Newsletter
            </Typography>
            <Typography sx={{ opacity: 0.85, mb: 1.5 }}>
              Release tips, store news and Riffline updates, once a month.
            </Typography>
            {/* No social links (SPEC §2's placeholders): a link that goes nowhere is not shown until
                Riffline's profiles are public. */}
            <NewsletterForm />
          </Box>
        </Box>
        <Typography sx={{ mt: 5, opacity: 0.7, fontSize: '0.9rem' }}>
          © 2024 Riffline. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
