import {
  Alert,
  Box,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryResponse, ReleaseWithTracksResponse } from '@riffline/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { chipColors, enumLabelKey, humanize } from '../common/enums.ts';
import { dataProvider } from '../dataProvider.ts';

const key = (name: string) => `riffline.deliveries.${name}`;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/**
 * The release's deliveries to the stores' drop boxes (docs/delivery.md), newest first: each store's
 * batch, MessageId, what it carried (the release, a takedown, a purge) and state, with the error of one
 * that failed. Read-only: delivery is the workers' job.
 */
export function ReleaseDeliveries() {
  const release = useRecordContext<ReleaseWithTracksResponse>();
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const deliveries = useQuery<DeliveryResponse[]>({
    queryKey: ['admin', 'releases', release?.id, 'deliveries'],
    queryFn: () => dataProvider.getReleaseDeliveries(release!.id),
    enabled: Boolean(release),
  });
  if (!release) return null;
  const title = translate(key('title'));
  const status = (d: DeliveryResponse) => (
    <Chip
      size="small"
      label={translate(enumLabelKey('deliveryStatus', d.status), { _: humanize(d.status) })}
      color={chipColors.deliveryStatus?.[d.status] ?? 'default'}
    />
  );
  const kind = (d: DeliveryResponse) =>
    translate(enumLabelKey('deliveryKind', d.kind), { _: humanize(d.kind) });
  const rows = deliveries.data ?? [];
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {deliveries.error && <Alert severity="error">{translate(key('loadFailed'))}</Alert>}
      {deliveries.data && !rows.length && (
        <Typography color="text.secondary">{translate(key('none'))}</Typography>
      )}
      {rows.length > 0 && phone && (
        <Stack component="ul" aria-label={title} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((d) => (
            <Paper component="li" key={d.id} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600, mr: 'auto' }}>{d.storeName}</Typography>
                <Typography variant="body2">{kind(d)}</Typography>
                {status(d)}
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {translate(key('batchId'))}: {d.batchId} · {translate(key('messageId'))}: {d.messageId}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(key('deliveredAt'))}: {when(d.deliveredAt)}
              </Typography>
              {d.error && (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  {d.error}
                </Typography>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {rows.length > 0 && !phone && (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(key('store'))}</TableCell>
              <TableCell>{translate(key('kind'))}</TableCell>
              <TableCell>{translate(key('status'))}</TableCell>
              <TableCell>{translate(key('batchId'))}</TableCell>
              <TableCell>{translate(key('messageId'))}</TableCell>
              <TableCell>{translate(key('deliveredAt'))}</TableCell>
              <TableCell>{translate(key('error'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell>{d.storeName}</TableCell>
                <TableCell>{kind(d)}</TableCell>
                <TableCell>{status(d)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{d.batchId}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {d.messageId}
                </TableCell>
                <TableCell>{when(d.deliveredAt)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.error ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
