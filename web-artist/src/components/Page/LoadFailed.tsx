import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';

/** A section whose data did not load says so, with Retry (which asks again). */
export function LoadFailed({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
