import { Alert, Box, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { DeliveryResponse, ReleaseChangeResponse, ReleaseWithTracksResponse } from '@riffline/contracts';
import { useEffect } from 'react';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { chipColors, enumLabelKey, humanize } from '../common/enums.ts';
import { dataProvider } from '../dataProvider.ts';
import {
  correctionSummary,
  latestPerStore,
  onItsWay,
  trackNumbersOf,
} from '../releaseChanges/correctionWords.ts';
import { changeText } from './changeWords.ts';
import { PurgeButton } from './PurgeButton.tsx';

const key = (name: string) => `riffline.changes.${name}`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * While a change is on its way to the stores (sent and not answered, or asked for moments ago and not sent
 * yet; a correction once approved), its states are read again every few seconds.
 */
const refetchInterval = (query: Query<ReleaseChangeResponse[]>) =>
  query.state.data?.some(onItsWay) ? 3000 : false;

function StoreState({ delivery }: { delivery: DeliveryResponse }) {
  const translate = useTranslate();
  return (
    <Box component="li" data-testid="change-store" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="body2" sx={{ minWidth: 120 }}>
        {delivery.storeName}
      </Typography>
      <Chip
        size="small"
        label={translate(enumLabelKey('deliveryStatus', delivery.status), { _: humanize(delivery.status) })}
        color={chipColors.deliveryStatus?.[delivery.status] ?? 'default'}
      />
      {delivery.error && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {delivery.error}
        </Typography>
      )}
    </Box>
  );
}

/** A correction's review: its status, the reason of a rejected one, and a link to its page. */
function CorrectionReviewState({ change }: { change: ReleaseChangeResponse }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        data-testid="review-status"
        label={translate(enumLabelKey('releaseChangeStatus', change.status), { _: humanize(change.status) })}
        color={chipColors.releaseChangeStatus?.[change.status] ?? 'default'}
      />
      {change.status === 'rejected' && change.reason && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {change.reason}
        </Typography>
      )}
      <Link
        component={RouterLink}
        to={createPath({ resource: 'release-changes', type: 'show', id: change.id })}
        variant="body2"
      >
        {translate('riffline.corrections.open')}
      </Link>
    </Stack>
  );
}

/**
 * The release's takedowns (asked by the artist), purge (by an admin) and corrections (asked by the
 * artist, reviewed under Corrections), newest first (`GET /api/admin/releases/:id/changes`): a takedown as
 * asked (stores, countries, from when), a correction as what it changes and its review, and where each
 * stands at each store it was sent to; and, on a live release not purged yet, Purge from All Stores.
 */
export function ReleaseChanges() {
  const release = useRecordContext<ReleaseWithTracksResponse>();
  const translate = useTranslate();
  const changes = useQuery<ReleaseChangeResponse[]>({
    queryKey: ['admin', 'releases', release?.id, 'changes'],
    queryFn: () => dataProvider.getReleaseChanges(release!.id),
    enabled: Boolean(release),
    refetchInterval,
  });
  // The Deliveries above list the same deliveries: read again whenever these states are.
  const queryClient = useQueryClient();
  const updatedAt = changes.dataUpdatedAt;
  const releaseId = release?.id;
  useEffect(() => {
    if (updatedAt && releaseId) {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'releases', releaseId, 'deliveries'] });
    }
  }, [queryClient, releaseId, updatedAt]);
  if (!release) return null;
  const title = translate(key('title'));
  const rows = changes.data ?? [];
  const purged = rows.some((c) => c.kind === 'purge');
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        {changes.data && release.status === 'live' && !purged && <PurgeButton release={release} />}
      </Stack>
      {changes.error && <Alert severity="error">{translate(key('loadFailed'))}</Alert>}
      {changes.data && !rows.length && (
        <Typography color="text.secondary">{translate(key('none'))}</Typography>
      )}
      {rows.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((change) => {
            const stores = latestPerStore(change.deliveries);
            const correction = change.kind === 'correction';
            // A correction goes to the stores once approved: before that there is nothing to wait for.
            const sent = !correction || change.status === 'approved';
            return (
              <Paper
                component="li"
                key={change.id}
                variant="outlined"
                data-testid="release-change"
                sx={{ p: 1.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    label={translate(enumLabelKey('releaseChangeKind', change.kind), {
                      _: humanize(change.kind),
                    })}
                    color={change.kind === 'purge' ? 'error' : correction ? 'info' : 'warning'}
                  />
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {correction
                      ? correctionSummary(change, trackNumbersOf(release), translate)
                      : changeText(change, translate)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {translate(key(change.kind === 'purge' ? 'purgedAt' : 'requestedAt'), {
                    date: when(change.createdAt),
                  })}
                </Typography>
                {correction && <CorrectionReviewState change={change} />}
                {!sent ? null : stores.length ? (
                  <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                    {stores.map((d) => (
                      <StoreState key={d.id} delivery={d} />
                    ))}
                  </Stack>
                ) : (
                  <Typography variant="body2" sx={{ mt: 1 }} data-testid="change-store">
                    {correction && !onItsWay(change)
                      ? translate('riffline.corrections.updateNone')
                      : translate(key('waiting'))}
                  </Typography>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
