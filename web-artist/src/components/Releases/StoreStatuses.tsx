import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { releaseDeliveriesQuery, type Delivery } from '../../api/deliveries.ts';
import { deliveryWords } from './deliveryWords.ts';
import { formatDate } from './labels.ts';

/**
 * One store's row: its state in the artist's words by what the delivery carries (the release, a takedown,
 * a removal), when, the store's link when it gave one, and for an error the store's reason, what it means
 * and what to do.
 */
export function StoreStatusRow({ delivery }: { delivery: Delivery }) {
  const words = deliveryWords(delivery);
  return (
    <Typography component="li" variant="body2" data-testid="store-status">
      <strong>{words.headline}</strong>
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
      {words.reason && (
        <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
          {words.reason}
        </Typography>
      )}
      {words.consequence && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {words.consequence}{' '}
          <Link component={RouterLink} to="/tickets">
            Contact support
          </Link>{' '}
          if it persists.
        </Typography>
      )}
    </Typography>
  );
}

/** The rows of a list of deliveries, one per store. */
export function StoreStatusList({ deliveries }: { deliveries: readonly Delivery[] }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
      {deliveries.map((delivery) => (
        <StoreStatusRow key={delivery.id} delivery={delivery} />
      ))}
    </Box>
  );
}

/**
 * A row per store the release was delivered to (docs/delivery.md): where it stands there now, after the
 * latest thing sent (the release, a takedown, a removal). Nothing when no store has a drop box yet.
 */
export function StoreStatuses({ releaseId }: { releaseId: string }) {
  const deliveries = useQuery(releaseDeliveriesQuery(releaseId));
  if (!deliveries.data?.length) return null;
  return (
    <Box component="section" aria-label="Stores">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        Stores
      </Typography>
      <StoreStatusList deliveries={deliveries.data} />
    </Box>
  );
}
