import {
  secondFactorMessages,
  SecondFactorConfirmationBody,
  type SecondFactorConfirmationResponse,
  type SecondFactorEnrolmentResponse,
} from '@riffline/contracts';
import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fetchUtils } from 'react-admin';
import type { AdminSecondFactorReason } from './secondFactorGate.ts';
import { navigate } from './session.ts';

/** The calls web-artist's Settings makes (docs/security.md): audience 'user', open while the console is not. */
const post = async <T,>(url: string, body?: unknown): Promise<T> => {
  const { json } = await fetchUtils.fetchJson(url, {
    method: 'POST',
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json as T;
};

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Back to the page asked for, the console reloaded now that the second factor is there. */
const backToConsole = () => window.location.assign(`${window.location.pathname}${window.location.search}`);

function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
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
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy Codes'}
        </Button>
        <Button variant="contained" onClick={backToConsole}>
          I Saved Them: Continue to the Console
        </Button>
      </Box>
    </Box>
  );
}

function Enrolment() {
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolmentResponse | null>(null);
  const [startError, setStartError] = useState<string>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  const start = () => {
    setStartError(undefined);
    post<SecondFactorEnrolmentResponse>('/api/auth/second-factor/enrolment').then(setEnrolment, (failure) =>
      setStartError(messageOf(failure, 'Setting up could not start. Try again.')),
    );
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SecondFactorConfirmationBody.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setChecking(true);
    post<SecondFactorConfirmationResponse>('/api/auth/second-factor/confirmation', { code: parsed.data.code })
      .then(({ recoveryCodes: codes }) => setRecoveryCodes(codes))
      .catch((failure: unknown) => setError(messageOf(failure, 'The code could not be checked. Try again.')))
      .finally(() => setChecking(false));
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (startError) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="error">{startError}</Alert>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={start}>
            Try Again
          </Button>
          <Button onClick={backToConsole}>Back to the Console</Button>
        </Box>
      </Box>
    );
  }
  if (!enrolment) return <CircularProgress aria-label="Loading" />;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
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
      <Box>
        <Button type="submit" variant="contained" disabled={checking}>
          {checking ? 'Checking…' : 'Turn On'}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * What the console shows while the platform requires a second factor of admins and this admin has none
 * (docs/security.md#requiring-it-for-admins): on the embedded provider, set up an authenticator app here
 * (the same calls as the artist app's Settings) and back to the console; with an external issuer, sign in
 * again with the second factor it asks for.
 */
export function SecondFactorSetup({ reason }: { reason: AdminSecondFactorReason }) {
  const external = reason === 'second_factor_required';
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 560, width: '100%', display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1">
          {external ? 'Sign in with two-factor authentication' : 'Set up two-factor authentication'}
        </Typography>
        <Alert severity="info">{secondFactorMessages[reason]}</Alert>
        {external ? (
          <Box>
            <Button
              variant="contained"
              href={`/api/login?stepUp=1&returnTo=${encodeURIComponent(window.location.pathname)}`}
            >
              Sign In Again
            </Button>
          </Box>
        ) : (
          <Enrolment />
        )}
        <Box>
          <Button size="small" onClick={() => void navigate.logout()}>
            Sign Out
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
