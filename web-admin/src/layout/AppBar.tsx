import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useTranslate } from 'react-admin';
import { DocumentTitle } from './DocumentTitle.tsx';

/** Riffline's mark, a link back to the site (a real page load: the site lives outside /admin). */
function Brand() {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href="/"
      aria-label={translate('riffline.menu.siteHome')}
      title={translate('riffline.menu.site')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        color: 'inherit',
        textDecoration: 'none',
        mr: { xs: 1, sm: 2 },
        flexShrink: 0,
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid #a78bfa', outlineOffset: 2 },
      }}
    >
      <GraphicEqIcon sx={{ color: '#a78bfa' }} aria-hidden />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: '1.15rem',
          letterSpacing: '0.01em',
          display: { xs: 'none', sm: 'inline' },
        }}
      >
        Riffline
      </Typography>
    </Box>
  );
}

/** The console's bar: the night band of the site, its mark, the page title, then react-admin's tools. */
export function AppBar() {
  return (
    <RaAppBar color="inherit">
      <Brand />
      <TitlePortal sx={{ fontWeight: 600, fontSize: { xs: '1.05rem', sm: '1.15rem' } }} />
      <DocumentTitle />
    </RaAppBar>
  );
}
