import { Alert, AlertTitle } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { useCloseNotification, useNotify, useTranslate } from 'react-admin';

/** A toast as SPEC §8 writes them: a title, then a text. */
function Toast({ severity, title, text }: { severity: 'success' | 'error'; title: string; text?: string }) {
  const close = useCloseNotification();
  return (
    <Alert severity={severity} variant="filled" onClose={close} data-testid="toast" sx={{ minWidth: 280 }}>
      <AlertTitle sx={{ mb: text ? 0.5 : 0 }}>{title}</AlertTitle>
      {text}
    </Alert>
  );
}

type Args = Record<string, unknown>;

/** `toast.success('riffline.releases.updated', 'riffline.releases.nowLive', {title})`: i18n keys in, one toast out. */
export function useToast() {
  const notify = useNotify();
  const translate = useTranslate();
  const show = useCallback(
    (severity: 'success' | 'error', title: string, text?: string, args?: Args) =>
      notify(
        <Toast
          severity={severity}
          title={translate(title, args)}
          text={text ? translate(text, args) : undefined}
        />,
        { type: severity, autoHideDuration: severity === 'error' ? 10_000 : 5_000 },
      ),
    [notify, translate],
  );
  return useMemo(
    () => ({
      success: (title: string, text?: string, args?: Args) => show('success', title, text, args),
      error: (title: string, text?: string, args?: Args) => show('error', title, text, args),
    }),
    [show],
  );
}
