import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { DeliveryResponse, ReleaseChangeResponse, ReleaseWithTracksResponse } from '@riffline/contracts';
import { useEffect } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { chipColors, enumLabelKey, humanize } from '../common/enums.ts';
import { dataProvider } from '../dataProvider.ts';
import { changeText } from './changeWords.ts';
import { PurgeButton } from './PurgeButton.tsx';

const key = (name: string) => `riffline.changes.${name}`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Each store's latest delivery of the change (a resend replaces the try before it). */
function latestPerStore(deliveries: readonly DeliveryResponse[]): DeliveryResponse[] {
  const latest = new Map<string, DeliveryResponse>();
  for (const d of deliveries) {
    const kept = latest.get(d.store);
    if (!kept || d.createdAt > kept.createdAt) latest.set(d.store, d);
  }
  return [...latest.values()].sort((a, b) => a.storeName.localeCompare(b.storeName));
}

/** Still on its way somewhere: sent and not answered, or asked for moments ago and not sent yet. */
const WAITING_MS = 5 * 60_000;
const onItsWay = (change: ReleaseChangeResponse) =>
  change.deliveries.length
    ? change.deliveries.some((d) => ['queued', 'sending', 'delivered'].includes(d.status))
    : Date.now() - Date.parse(change.createdAt) < WAITING_MS;

/** While a change is on its way to the stores, its states are read again every few seconds. */
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

/**
 * The release's takedowns (asked by the artist) and purge (by an admin), newest first
 * (`GET /api/admin/releases/:id/changes`): each as asked (stores, countries, from when), and where it
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
                    color={change.kind === 'purge' ? 'error' : 'warning'}
                  />
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {changeText(change, translate)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {translate(key(change.kind === 'purge' ? 'purgedAt' : 'requestedAt'), {
                    date: when(change.createdAt),
                  })}
                </Typography>
                {stores.length ? (
                  <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                    {stores.map((d) => (
                      <StoreState key={d.id} delivery={d} />
                    ))}
                  </Stack>
                ) : (
                  <Typography variant="body2" sx={{ mt: 1 }} data-testid="change-store">
                    {translate(key('waiting'))}
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
