import { useMediaQuery, type Theme } from '@mui/material';
import { Notification } from 'react-admin';

/**
 * Toasts at the bottom on a desktop, at the top on a phone: there the form's Save bar is fixed at the
 * bottom, and a toast over it would hide the button an admin retries with.
 */
export function AppNotification() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return <Notification anchorOrigin={{ vertical: phone ? 'top' : 'bottom', horizontal: 'center' }} />;
}
