import { Box, Button, Typography } from '@mui/material';
import type { ReleaseChange } from '../../api/deliveries.ts';
import { correctionLines, latestPerStore, requestText, reviewWords } from './deliveryWords.ts';
import { formatDate } from './labels.ts';
import { localToday } from './releaseTiming.ts';
import { StoreStatusList } from './StoreStatuses.tsx';

/** Where a change stands at each store it was sent to; "Waiting to be sent" before any store has it. */
function PerStore({ change }: { change: ReleaseChange }) {
  const deliveries = latestPerStore(change.deliveries);
  return deliveries.length ? (
    <StoreStatusList deliveries={deliveries} />
  ) : (
    <Typography variant="body2" data-testid="store-status">
      Waiting to be sent
    </Typography>
  );
}

/** While a correction waits for review its artist may withdraw it (`withdrawing`: that is under way). */
export interface WithdrawProps {
  onWithdraw?: (change: ReleaseChange) => void;
  withdrawing?: boolean;
}

/**
 * A correction: what it changes, before → after, and its review: waiting (with Withdraw), approved (then
 * where the update stands at each store), not approved with the reviewer's reason and what to do, or
 * withdrawn.
 */
function Correction({
  change,
  trackNumbers,
  onWithdraw,
  withdrawing,
}: {
  change: ReleaseChange;
  trackNumbers?: ReadonlyMap<string, number>;
} & WithdrawProps) {
  const review = reviewWords(change);
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        Correction
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {correctionLines(change, trackNumbers).map((line) => (
          <Typography component="li" variant="body2" key={line} sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        Requested on {formatDate(localToday(new Date(change.createdAt)))}
      </Typography>
      <Typography
        variant="body2"
        data-testid="review-status"
        color={change.status === 'rejected' ? 'error' : undefined}
        sx={{ fontWeight: change.status === 'pending' ? undefined : 700, overflowWrap: 'anywhere' }}
      >
        {review.headline}
      </Typography>
      {review.next && (
        <Typography variant="body2" color="text.secondary">
          {review.next}
        </Typography>
      )}
      {change.status === 'approved' && <PerStore change={change} />}
      {change.status === 'pending' && onWithdraw && (
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 0.5 }}
          disabled={withdrawing}
          onClick={() => onWithdraw(change)}
        >
          {withdrawing ? 'Withdrawing…' : 'Withdraw'}
        </Button>
      )}
    </>
  );
}

/**
 * The changes to a live release, newest first: the takedowns the artist asked for ("Takedown: Spotify · in
 * Germany · from January 5, 2027"), an admin's removal, and the corrections with their review; each, once
 * sent, with where it stands at each store until the store confirms. Nothing when there is none.
 * `trackNumbers` numbers a correction's tracks ("Track 2: …"); with `onWithdraw`, a correction waiting for
 * review offers Withdraw.
 */
export function ReleaseChanges({
  releaseId,
  changes,
  trackNumbers,
  ...withdraw
}: {
  releaseId: string;
  changes: readonly ReleaseChange[];
  trackNumbers?: ReadonlyMap<string, number>;
} & WithdrawProps) {
  if (!changes.length) return null;
  const headingId = `release-${releaseId}-changes`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle2" component="h4" id={headingId} sx={{ mb: 0.5 }}>
        Changes
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {changes.map((change) => (
          <Box
            component="li"
            key={change.id}
            data-testid="release-change"
            sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
          >
            {change.kind === 'correction' ? (
              <Correction change={change} trackNumbers={trackNumbers} {...withdraw} />
            ) : (
              <>
                <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {change.kind === 'purge' ? 'Removal by Riffline: ' : 'Takedown: '}
                  {requestText(change)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  Requested on {formatDate(localToday(new Date(change.createdAt)))}
                </Typography>
                <PerStore change={change} />
              </>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
