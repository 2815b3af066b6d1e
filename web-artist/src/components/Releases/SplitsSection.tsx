import CallSplitIcon from '@mui/icons-material/CallSplit';
import { Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { convertAmount, formatMoney, type Currency, type PayeeStatus } from '@riffline/contracts';
import { useVisitor } from '../../api/auth.ts';
import { releaseSplitsQuery } from '../../api/splits.ts';
import { LoadFailed } from '../Page/LoadFailed.tsx';
import { ChangeSplitDialog } from './ChangeSplitDialog.tsx';
import { InviteActions } from './InviteActions.tsx';
import { ReleaseExpenses } from './ReleaseExpenses.tsx';
import { monthFrom, monthLabel, payeeStatusLabels } from './splitRules.ts';

const chipColors: Record<PayeeStatus, 'primary' | 'warning' | 'success' | 'default'> = {
  owner: 'primary',
  invited: 'warning',
  accepted: 'success',
  withdrawn: 'default',
};

interface Named {
  email: string | null;
  name: string | null;
}

/** A payee as the artist knows them: the name they gave, with the address under it. */
function Who({ payee }: { payee: Named }) {
  return (
    // A basis of its own: on a phone the figures beside it wrap below rather than squeeze the name.
    <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{payee.name ?? payee.email}</Typography>
      {payee.name && payee.email && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {payee.email}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A release's split for its owner (docs/splits.md): the latest version's shares with each payee's status,
 * what each payee was credited in all (earned, or held until they accept; in the artist's currency as
 * Royalties shows money), the versions so far, Change Split, and the release's expenses (what is left to
 * recoup before the split).
 */
export function SplitsSection({
  releaseId,
  releaseTitle,
  resume,
}: {
  releaseId: string;
  releaseTitle: string;
  /** Back from signing in again to save a change: Change Split or Add Expense opens with the form as it was. */
  resume?: 'change' | 'expense';
}) {
  const { user } = useVisitor();
  const currency: Currency = user?.preferredCurrency ?? 'USD';
  const money = (usd: string) => formatMoney(convertAmount(usd, 'USD', currency), currency);
  const splits = useQuery(releaseSplitsQuery(releaseId));
  const [changing, setChanging] = useState(resume === 'change');
  const headingId = `release-${releaseId}-splits`;
  const thisMonth = monthFrom(new Date());
  const versions = splits.data?.versions ?? [];
  // The release's own versions come first (newest first), then each track's.
  const latest = versions.find((v) => !v.trackId);
  /** The version this month's sales of the release, or of a track with its own, fall under. */
  const inEffect = (trackId: string | null) =>
    versions.find((v) => v.trackId === trackId && v.effectiveFrom <= thisMonth);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h6" component="h4" id={headingId} sx={{ mr: 'auto' }}>
          Splits
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<CallSplitIcon />}
          onClick={() => setChanging(true)}
          disabled={!splits.data}
        >
          Change Split
        </Button>
      </Box>

      {splits.isPending && <CircularProgress size={24} aria-label="Loading the split" />}
      {splits.error && (
        <LoadFailed onRetry={() => void splits.refetch()}>
          This release’s split could not be loaded.
        </LoadFailed>
      )}
      {splits.data && versions.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No split: everything this release earns is yours. Change Split shares it with collaborators from a
          month you choose.
        </Typography>
      )}
      {splits.data && versions.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {latest && (
            <Box>
              <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
                From {monthLabel(latest.effectiveFrom)}
                {latest.effectiveFrom > thisMonth ? ' (upcoming)' : ''}
              </Typography>
              <Box
                component="ul"
                aria-label="Shares"
                sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
              >
                {latest.shares.map((share) => (
                  <Box
                    component="li"
                    key={share.payeeId}
                    data-testid="split-share"
                    sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Who payee={share} />
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', ml: 'auto' }}>
                      <Typography sx={{ fontWeight: 700, minWidth: 64, textAlign: 'right' }}>
                        {share.percent}%
                      </Typography>
                      <Chip
                        size="small"
                        label={payeeStatusLabels[share.status]}
                        color={chipColors[share.status]}
                        variant={share.status === 'owner' ? 'filled' : 'outlined'}
                      />
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          )}

          <Box>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Credited so far
            </Typography>
            <Box
              component="ul"
              aria-label="Credited so far"
              sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
            >
              {splits.data.payees.map((payee) => (
                <Box
                  component="li"
                  key={payee.payeeId}
                  data-testid="split-payee"
                  sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
                >
                  <Who payee={payee.status === 'owner' ? { name: 'You', email: null } : payee} />
                  <Typography variant="body2" sx={{ ml: 'auto' }}>
                    Earned <strong>{money(payee.earned)}</strong>
                    {' · '}Held <strong>{money(payee.held)}</strong>
                  </Typography>
                  {payee.status === 'invited' && (
                    <InviteActions releaseId={releaseId} payee={payee} held={money(payee.held)} />
                  )}
                </Box>
              ))}
            </Box>
          </Box>

          <Box>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Versions
            </Typography>
            <Box component="ol" aria-label="Versions" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
              {splits.data.versions.map((v) => (
                <Typography component="li" variant="body2" key={v.id} data-testid="split-version">
                  {v.trackTitle ? `Track “${v.trackTitle}”: ` : ''}
                  From {monthLabel(v.effectiveFrom)} · {v.shares.length}{' '}
                  {v.shares.length === 1 ? 'payee' : 'payees'}
                  {v.id === inEffect(v.trackId)?.id
                    ? ' (in effect)'
                    : v.effectiveFrom > thisMonth
                      ? ' (upcoming)'
                      : ''}
                </Typography>
              ))}
            </Box>
          </Box>
        </Box>
      )}

      {splits.data && (
        <Box sx={{ mt: 2 }}>
          <ReleaseExpenses
            releaseId={releaseId}
            splits={splits.data}
            money={money}
            resume={resume === 'expense'}
          />
        </Box>
      )}

      {changing && (
        <ChangeSplitDialog
          releaseId={releaseId}
          releaseTitle={releaseTitle}
          ownEmail={user?.email ?? null}
          splits={splits.data}
          onClose={() => setChanging(false)}
        />
      )}
    </Paper>
  );
}
