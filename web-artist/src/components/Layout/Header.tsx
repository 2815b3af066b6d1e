import CloseIcon from '@mui/icons-material/Close';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import MenuIcon from '@mui/icons-material/Menu';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import {
  AppBar,
  Box,
  Button,
  Chip,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { hasArtistArea, navigate, useVisitor } from '../../api/auth.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { formatCoins } from '@riffline/contracts';
import { navItems, type NavItem } from './navItems.ts';

const linkProps = (item: NavItem) =>
  item.signOut
    ? {}
    : item.external
      ? { component: 'a' as const, href: item.to }
      : { component: RouterLink, to: item.to };

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

export function Header() {
  const { state } = useVisitor();
  const items = navItems(state);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [drawer, setDrawer] = useState(false);
  const openMenu = (event: MouseEvent<HTMLElement>) => {
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
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-haspopup="true"
          aria-controls={anchor ? 'main-menu' : undefined}
          aria-expanded={Boolean(anchor) || drawer}
          onClick={openMenu}
          disabled={state === 'loading'}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>

      <Menu
        id="main-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {items.map((item) => (
          <MenuItem key={item.to} onClick={choose(item)} {...linkProps(item)}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>

      <Drawer anchor="right" open={drawer} onClose={close} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 800 }}>Menu</Typography>
          <IconButton aria-label="Close menu" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <nav aria-label="Main">
          <List>
            {items.map((item) => (
              <ListItemButton key={item.to} onClick={choose(item)} {...linkProps(item)}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </nav>
      </Drawer>
    </AppBar>
  );
}
