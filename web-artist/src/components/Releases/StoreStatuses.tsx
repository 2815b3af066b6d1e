import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryStatus } from '@riffline/contracts';
import { releaseDeliveriesQuery, type Delivery } from '../../api/deliveries.ts';
import { formatDate } from './labels.ts';

/** A delivery's state in the artist's words, per store. */
const said: Record<DeliveryStatus, (store: string) => string> = {
  queued: (store) => `Sending to ${store}`,
  sending: (store) => `Sending to ${store}`,
  delivered: (store) => `Sent to ${store}`,
  ingested: (store) => `Received by ${store}`,
  error: (store) => `${store} could not take it`,
  live: (store) => `Live on ${store}`,
  taken_down: (store) => `Taken down from ${store}`,
};

/**
 * A row per store the release was delivered to (docs/delivery.md): its state, when, the store's link once
 * live, and the store's reason when it could not take it. Nothing when no store has a drop box yet.
 */
export function StoreStatuses({ releaseId }: { releaseId: string }) {
  const deliveries = useQuery(releaseDeliveriesQuery(releaseId));
  if (!deliveries.data?.length) return null;
  return (
    <Box component="section" aria-label="Stores">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        Stores
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {deliveries.data.map((delivery: Delivery) => (
          <Typography component="li" variant="body2" key={delivery.id} data-testid="store-status">
            <strong>{said[delivery.status](delivery.storeName)}</strong>
            {' · '}
            {formatDate((delivery.deliveredAt ?? delivery.updatedAt).slice(0, 10))}
            {delivery.storeUrl && (
              <>
                {' · '}
                <Link href={delivery.storeUrl} target="_blank" rel="noopener noreferrer">
                  Open on {delivery.storeName}
                </Link>
              </>
            )}
            {delivery.status === 'error' && delivery.error && (
              <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                {delivery.error}
              </Typography>
            )}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
