import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useEffect } from 'react';
import type { ToastInput } from './Toast.tsx';

/**
 * The toast itself (MUI's Snackbar and Alert): its own chunk, loaded when the first toast shows (or once
 * the page is idle), so the landing's first script does not carry it.
 */
export default function ToastView({
  toast,
  open,
  onClose,
  onShown,
}: {
  toast: ToastInput & { key: number };
  open: boolean;
  onClose: () => void;
  /** Called once each toast is on the page. */
  onShown: () => void;
}) {
  useEffect(() => onShown(), [toast.key, onShown]);
  const destructive = toast.variant === 'destructive';
  return (
    <Snackbar
      key={toast.key}
      open={open}
      autoHideDuration={5000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        severity={destructive ? 'error' : 'success'}
        variant="filled"
        onClose={onClose}
        role={destructive ? 'alert' : 'status'}
        data-testid="toast"
        sx={{ minWidth: { xs: 'auto', sm: 340 }, maxWidth: 480 }}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
