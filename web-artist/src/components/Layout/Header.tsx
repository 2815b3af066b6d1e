import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import MenuIcon from '@mui/icons-material/Menu';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import { AppBar, Box, Button, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { hasArtistArea, navigate, useVisitor, type VisitorState } from '../../api/auth.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { formatCoins } from '@riffline/contracts';
import { navItems, type NavItem } from './navItems.ts';

const HeaderMenu = lazy(() => import('./HeaderMenu.tsx'));

function CoinPill() {
  const { data } = useQuery(coinsQuery);
  return (
    <Chip
      component={RouterLink}
      to="/wallet"
      clickable
      icon={<MonetizationOnIcon aria-hidden />}
      label={`${formatCoins(data?.coins)} coins`}
      aria-label={`Coin balance: ${formatCoins(data?.coins)} coins. Open your wallet`}
      sx={{ bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit', '& .MuiChip-icon': { color: '#fbbf24' } }}
    />
  );
}

/**
 * The part of the header that depends on who is signed in. Its box keeps one height whatever it holds
 * (nothing while the sign-in check is pending for someone signed in last time), and it sits between the
 * logo (pinned left) and the menu button (pinned right), so its content never moves anything else.
 */
function AccountArea({ state }: { state: VisitorState }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: 40 }}>
      {hasArtistArea(state) && <CoinPill />}
      {state === 'anonymous' && (
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
          <Button component={RouterLink} to="/apply" variant="contained" color="primary">
            Apply to Join
          </Button>
          <Button
            href="/api/login"
            variant="outlined"
            sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.4)' }}
          >
            Login
          </Button>
        </Box>
      )}
    </Box>
  );
}

export function Header() {
  const { shown, user } = useVisitor();
  const items = navItems(shown, Boolean(user?.isPayee));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [drawer, setDrawer] = useState(false);
  // The menu's chunk loads on the first open, then stays mounted (its closing transitions play).
  const [menuWanted, setMenuWanted] = useState(false);
  const openMenu = (event: MouseEvent<HTMLElement>) => {
    setMenuWanted(true);
    // Desktop: a dropdown under the button; phones: the slide-in panel.
    if (window.matchMedia('(max-width: 899.95px)').matches) setDrawer(true);
    else setAnchor(event.currentTarget);
  };
  const close = () => {
    setAnchor(null);
    setDrawer(false);
  };
  const choose = (item: NavItem) => () => {
    close();
    if (item.signOut) void navigate.logout();
  };

  return (
    <AppBar
      position="sticky"
      elevation={0}
      sx={{ bgcolor: '#0f0d1a', borderBottom: '1px solid rgba(255,255,255,0.08)' }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 } }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: 'auto',
          }}
          aria-label="Riffline home"
        >
          <GraphicEqIcon sx={{ color: 'primary.light' }} aria-hidden />
          <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: '0.01em' }}>
            Riffline
          </Typography>
        </Box>
        <AccountArea state={shown} />
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-haspopup="true"
          aria-controls={anchor ? 'main-menu' : undefined}
          aria-expanded={Boolean(anchor) || drawer}
          onClick={openMenu}
          disabled={shown === 'loading'}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuWanted && (
        <Suspense fallback={null}>
          <HeaderMenu items={items} anchor={anchor} drawer={drawer} onClose={close} onChoose={choose} />
        </Suspense>
      )}
    </AppBar>
  );
}
