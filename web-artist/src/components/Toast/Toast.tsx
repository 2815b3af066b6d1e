import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

type ToastFn = (toast: ToastInput) => void;

const ToastContext = createContext<ToastFn>(() => undefined);

/** One toast visible at a time (SPEC §9): a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const toast = useCallback<ToastFn>((input) => {
    setCurrent({ ...input, key: Date.now() + Math.random() });
    setOpen(true);
  }, []);
  const value = useMemo(() => toast, [toast]);
  const destructive = current?.variant === 'destructive';
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={5000}
        onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          severity={destructive ? 'error' : 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          role={destructive ? 'alert' : 'status'}
          data-testid="toast"
          sx={{ minWidth: { xs: 'auto', sm: 340 }, maxWidth: 480 }}
        >
          <AlertTitle>{current?.title}</AlertTitle>
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
