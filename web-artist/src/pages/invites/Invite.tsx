import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { formatMoney } from '@riffline/contracts';
import { currentUserQuery, navigate, useVisitor } from '../../api/auth.ts';
import { serverMessage } from '../../api/client.ts';
import { acceptInvite, inviteQuery } from '../../api/splits.ts';
import { Page } from '../../components/Page/Page.tsx';

/**
 * /invites/:token (docs/splits.md): the page an invite mail links to. Anyone holding the link sees who
 * shares what and what is held so far; accepting needs a sign-in (a new account is fine, no application).
 */
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export default function Invite() {
  const { token = '' } = useParams();
  const { state } = useVisitor();
  const queryClient = useQueryClient();
  const invite = useQuery(inviteQuery(token));
  const accept = useMutation({
    mutationFn: () => acceptInvite(token),
    // The account now has earnings: the navigation and Royalties open for it. Awaited, so that the
    // success (and its link to Royalties) shows once the account reads as a payee.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
  const here = `/invites/${token}`;

  return (
    <Page title="Your share of a release" maxWidth="sm">
      {invite.isPending && <CircularProgress aria-label="Loading the invite" />}
      {/* Once accepted, the link is spent: a refetch's 404 must not cover what was just done. */}
      {invite.error && !invite.data && (
        <Alert severity="error">{serverMessage(invite.error) ?? 'This invite could not be loaded.'}</Alert>
      )}
      {invite.data && (
        <Paper
          component="section"
          aria-label="Invite"
          variant="outlined"
          sx={{ p: 3, display: 'grid', gap: 2 }}
        >
          <Typography>
            <strong>{invite.data.ownerName}</strong> shares with {invite.data.email}:
          </Typography>
          <Box component="ul" aria-label="Releases" sx={{ m: 0, pl: 3 }}>
            {invite.data.releases.map((r) => (
              <li key={r.releaseId}>
                “{r.title}”: {r.percent}% of what it earns
              </li>
            ))}
          </Box>
          {!accept.data && invite.data.acceptedAt ? (
            <Alert severity="success" role="status">
              This invite was accepted on {longDate(invite.data.acceptedAt)}.{' '}
              {state === 'anonymous' ? (
                'Sign in to see your earnings.'
              ) : (
                <RouterLink to="/royalties">Go to Royalties</RouterLink>
              )}
            </Alert>
          ) : accept.data ? (
            <Alert severity="success" role="status">
              You’ve accepted {accept.data.ownerName}’s invite
              {Number(accept.data.released) > 0
                ? `: the ${formatMoney(accept.data.released, 'USD')} held for you is now yours.`
                : ': your share is yours from now on.'}{' '}
              <RouterLink to="/royalties">Go to Royalties</RouterLink>
            </Alert>
          ) : (
            <>
              <Typography>
                Held for you so far:{' '}
                <strong data-testid="invite-held">{formatMoney(invite.data.held, 'USD')}</strong>. It stays
                held until you accept, and is yours as soon as you do.
              </Typography>
              {state === 'anonymous' ? (
                <Box>
                  <Button variant="contained" onClick={() => navigate.login(here)}>
                    Sign in or create an account to accept
                  </Button>
                </Box>
              ) : (
                <Box>
                  {accept.error && (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      {serverMessage(accept.error) ?? 'The invite could not be accepted. Try again.'}
                    </Alert>
                  )}
                  <Button
                    variant="contained"
                    disabled={state === 'loading' || accept.isPending}
                    onClick={() => accept.mutate()}
                  >
                    Accept
                  </Button>
                </Box>
              )}
              <Typography variant="body2" color="text.secondary">
                {invite.data.expiresAt && <>The link works until {longDate(invite.data.expiresAt)}.</>}
              </Typography>
            </>
          )}
        </Paper>
      )}
    </Page>
  );
}
