import GroupsIcon from '@mui/icons-material/Groups';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Divider, ListItemIcon, ListSubheader, MenuItem } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';

function Section({ label }: { label: string }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return open ? (
    <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
      {translate(label)}
    </ListSubheader>
  ) : (
    <Divider sx={{ my: 1 }} />
  );
}

/**
 * The sections of SPEC §2 in its order (those the API serves today; the corrections of live releases are
 * reviewed beside the releases), then System (the stores' drop boxes, the delivery log and the stores'
 * acknowledgements, the audit trail, the dead letters) and the inboxes.
 */
export function AppMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItem name="applications" />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="releases" />
      <Menu.ResourceItem name="release-changes" />
      <Menu.ResourceItem name="smartlinks" />
      <Menu.ResourceItem name="royalties" />
      <Menu.ResourceItem name="payees" />
      <Menu.ResourceItem name="reports" />
      <Menu.ResourceItem name="withdrawal-requests" />
      <Menu.ResourceItem name="tickets" />
      <Menu.ResourceItem name="analytics" />
      <Menu.ResourceItem name="settings" />
      <Menu.Item to="/team" primaryText="riffline.menu.team" leftIcon={<GroupsIcon />} />
      <Section label="riffline.menu.system" />
      <Menu.ResourceItem name="store-targets" />
      <Menu.ResourceItem name="deliveries" />
      <Menu.ResourceItem name="delivery-acknowledgements" />
      <Menu.ResourceItem name="events" />
      <Menu.ResourceItem name="failed-events" />
      <Section label="riffline.menu.inboxes" />
      <Menu.ResourceItem name="contact-messages" />
      <Menu.ResourceItem name="newsletter-subscriptions" />
      <Divider sx={{ my: 1 }} />
      <MenuItem component="a" href="/">
        <ListItemIcon>
          <OpenInNewIcon fontSize="small" />
        </ListItemIcon>
        {translate('riffline.menu.site')}
      </MenuItem>
    </Menu>
  );
}
