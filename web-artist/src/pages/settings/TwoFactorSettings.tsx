import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Skeleton, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SecondFactorConfirmationBody, type SecondFactorEnrolmentResponse } from '@riffline/contracts';
import { serverMessage } from '../../api/client.ts';
import {
  confirmSecondFactor,
  secondFactorQuery,
  startSecondFactorEnrolment,
  turnOffSecondFactor,
} from '../../api/secondFactor.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useConfirmItsYou } from '../../components/SecondFactor/ConfirmItsYouDialog.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { SettingsCard } from './SettingsCard.tsx';

/** The ten recovery codes, shown this once, with a button that copies them all. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({
        title: 'Recovery Codes Copied',
        description: 'Keep them somewhere safe, away from your phone.',
      });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success">
        Two-factor authentication is on. Save these recovery codes now: each signs you in once if you lose
        your phone, and they will not be shown again.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ m: 0, pl: 3, columns: 2, fontFamily: 'monospace', fontSize: '1.05rem' }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy Codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          I Saved Them
        </Button>
      </Box>
    </Box>
  );
}

/** Setting up: the QR code, the secret in text for apps that cannot scan, and the app's first code. */
function Enrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: SecondFactorEnrolmentResponse;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const loggedOut = useLoggedOutFlow();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const confirm = useMutation({
    mutationFn: confirmSecondFactor,
    onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
    onError: (failure) => {
      if (loggedOut(failure)) return;
      setError(serverMessage(failure) ?? 'The code could not be checked. Try again.');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SecondFactorConfirmationBody.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    confirm.mutate(parsed.data.code);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 460 }}>
      <Typography>
        1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft
        Authenticator…).
      </Typography>
      <Box
        component="img"
        src={enrolment.qrCodeDataUrl}
        alt="QR code for your authenticator app"
        sx={{ width: 200, height: 200, imageRendering: 'pixelated' }}
      />
      <Typography>
        Can’t scan it? Enter this key in the app instead:{' '}
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontWeight: 700, overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {enrolment.secret}
        </Box>
      </Typography>
      <Typography>2. Enter the 6-digit code the app shows for Riffline.</Typography>
      <TextField
        label="Code from your app"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking…' : 'Turn On'}
        </Button>
        <Button onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Two-factor authentication (docs/security.md): an authenticator app on an embedded-provider account, which
 * payouts and payment methods ask for. Set up, recovery codes shown once, status, and turning it off.
 */
export function TwoFactorSettings({ embedded, providerName }: { embedded: boolean; providerName: string }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const confirmItsYou = useConfirmItsYou();
  const queryClient = useQueryClient();
  const status = useQuery({ ...secondFactorQuery, enabled: embedded });
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolmentResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: secondFactorQuery.queryKey });
  const failed = (title: string) => (error: unknown) => {
    if (loggedOut(error)) return;
    if (confirmItsYou.handle(error, '/settings#two-factor-title')) return;
    toast({ title, description: serverMessage(error), variant: 'destructive' });
  };
  const start = useMutation({
    mutationFn: startSecondFactorEnrolment,
    onSuccess: setEnrolment,
    onError: failed('Failed to start setting up two-factor authentication'),
  });
  const turnOff = useMutation({
    mutationFn: turnOffSecondFactor,
    onSuccess: () => {
      refresh();
      toast({ title: 'Two-factor authentication off', description: 'Payouts need it again before they go.' });
    },
    onError: failed('Failed to turn off two-factor authentication'),
  });

  const body = () => {
    if (!embedded) {
      return (
        <Alert severity="info">
          Two-factor authentication is managed by {providerName}: set it up there.
        </Alert>
      );
    }
    if (recoveryCodes) {
      return (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            refresh();
          }}
        />
      );
    }
    if (enrolment) {
      return (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(codes) => {
            setEnrolment(null);
            setRecoveryCodes(codes);
            refresh();
          }}
        />
      );
    }
    if (status.isPending) return <Skeleton variant="rounded" height={56} />;
    if (status.error || !status.data)
      return <Alert severity="error">Two-factor status could not be loaded.</Alert>;
    if (!status.data.enabled) {
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography data-testid="two-factor-status">
            Off. Turn it on to request withdrawals and add payment methods.
          </Typography>
          <Box>
            <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
              Set Up Authenticator App
            </Button>
          </Box>
        </Box>
      );
    }
    const since = status.data.enabledAt ? new Date(status.data.enabledAt).toLocaleDateString('en-US') : '';
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography data-testid="two-factor-status">
          On{since ? ` since ${since}` : ''}: signing in asks for a code from your authenticator app.{' '}
          {status.data.recoveryCodesLeft} recovery codes left.
        </Typography>
        <Box>
          <Button
            color="error"
            variant="outlined"
            onClick={() => turnOff.mutate()}
            disabled={turnOff.isPending}
          >
            Turn Off
          </Button>
        </Box>
      </Box>
    );
  };

  return (
    <SettingsCard
      id="two-factor-title"
      title="Two-factor authentication"
      subtitle="A code from an authenticator app on your phone, asked when you sign in and before money moves."
    >
      {body()}
      {confirmItsYou.dialog}
    </SettingsCard>
  );
}
