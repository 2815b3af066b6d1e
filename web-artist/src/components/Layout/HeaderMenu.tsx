import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from './navItems.ts';

const linkProps = (item: NavItem) =>
  item.signOut
    ? {}
    : item.external
      ? { component: 'a' as const, href: item.to }
      : { component: RouterLink, to: item.to };

/**
 * The header's menu: a dropdown under the button on desktop, a slide-in panel on phones. Its own chunk,
 * loaded on the first open (the header shows without it).
 */
export default function HeaderMenu({
  items,
  anchor,
  drawer,
  onClose,
  onChoose,
}: {
  items: NavItem[];
  anchor: HTMLElement | null;
  drawer: boolean;
  onClose: () => void;
  onChoose: (item: NavItem) => () => void;
}) {
  return (
    <>
      <Menu
        id="main-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {items.map((item) => (
          <MenuItem key={item.to} onClick={onChoose(item)} {...linkProps(item)}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>

      <Drawer anchor="right" open={drawer} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 800 }}>Menu</Typography>
          <IconButton aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <nav aria-label="Main">
          <List>
            {items.map((item) => (
              <ListItemButton key={item.to} onClick={onChoose(item)} {...linkProps(item)}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </nav>
      </Drawer>
    </>
  );
}
