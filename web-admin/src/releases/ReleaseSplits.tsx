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
import {
  formatMoney,
  type PayeeStatus,
  type ReleaseWithTracksResponse,
  type SplitsResponse,
} from '@riffline/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';

const key = (name: string) => `riffline.releases.splits.${name}`;

type Payee = SplitsResponse['payees'][number] & { percent?: string };

const chipColors: Record<PayeeStatus, 'primary' | 'warning' | 'success' | 'default'> = {
  owner: 'primary',
  invited: 'warning',
  accepted: 'success',
  withdrawn: 'default',
};

/**
 * "2026-11" → "Nov 2026", in English as the console's words are (sale months are calendar months: no time
 * zone may shift them).
 */
const monthLabel = (period: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) return period;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** `YYYY-MM` of today, as the sale months are written. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Payees with their share (a version's) or without (the sums over all versions): a table, cards on a phone. */
function Payees({ label, payees }: { label: string; payees: Payee[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const withShare = payees.some((p) => p.percent !== undefined);
  const who = (p: Payee) => p.name ?? p.email ?? '—';
  const status = (p: Payee) => (
    <Chip
      size="small"
      label={translate(key(p.status))}
      color={chipColors[p.status]}
      variant={p.status === 'owner' ? 'filled' : 'outlined'}
    />
  );
  if (phone) {
    return (
      <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {payees.map((p) => (
          <Paper component="li" key={p.payeeId} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mr: 'auto' }}>
                {who(p)}
                {withShare && ` · ${p.percent}%`}
              </Typography>
              {status(p)}
            </Stack>
            {p.name && p.email && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {p.email}
              </Typography>
            )}
            <Typography variant="body2">
              {translate(key('earned'))}: {formatMoney(p.earned, 'USD')} · {translate(key('held'))}:{' '}
              {formatMoney(p.held, 'USD')}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(key('payee'))}</TableCell>
          {withShare && <TableCell align="right">{translate(key('percent'))}</TableCell>}
          <TableCell>{translate(key('status'))}</TableCell>
          <TableCell align="right">{translate(key('earned'))}</TableCell>
          <TableCell align="right">{translate(key('held'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {payees.map((p) => (
          <TableRow key={p.payeeId}>
            <TableCell>
              {who(p)}
              {p.name && p.email && (
                <Typography variant="body2" color="text.secondary">
                  {p.email}
                </Typography>
              )}
            </TableCell>
            {withShare && <TableCell align="right">{p.percent}%</TableCell>}
            <TableCell>{status(p)}</TableCell>
            <TableCell align="right">{formatMoney(p.earned, 'USD')}</TableCell>
            <TableCell align="right">{formatMoney(p.held, 'USD')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The release's split, read-only (docs/splits.md): each version newest first with its shares, each
 * payee's status and what was credited under it (earned, or held until they accept), and the sums per
 * payee over all versions. The owner changes it in the artist app; the console only reads it.
 */
export function ReleaseSplits() {
  const release = useRecordContext<ReleaseWithTracksResponse>();
  const translate = useTranslate();
  const splits = useQuery({
    queryKey: ['admin', 'releases', release?.id, 'splits'],
    queryFn: () => dataProvider.getReleaseSplits(release!.id),
    enabled: Boolean(release),
  });
  if (!release) return null;
  const now = thisMonth();
  const inEffect = splits.data?.versions.find((v) => v.effectiveFrom <= now);
  return (
    <Box component="section" aria-label={translate(key('title'))} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(key('title'))}
      </Typography>
      {splits.error && <Alert severity="error">{translate(key('loadFailed'))}</Alert>}
      {splits.data && !splits.data.versions.length && (
        <Typography color="text.secondary">{translate(key('none'))}</Typography>
      )}
      {splits.data && splits.data.versions.length > 0 && (
        <Stack spacing={2.5}>
          {splits.data.versions.map((version) => {
            const heading = [
              translate(key('version'), { month: monthLabel(version.effectiveFrom) }),
              translate(key('payees'), { smart_count: version.shares.length }),
            ].join(' · ');
            const when =
              version.id === inEffect?.id
                ? translate(key('inEffect'))
                : version.effectiveFrom > now
                  ? translate(key('upcoming'))
                  : null;
            return (
              <Box key={version.id} data-testid="split-version">
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {heading}
                  {when && ` (${when})`}
                </Typography>
                <Payees label={heading} payees={version.shares} />
              </Box>
            );
          })}
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {translate(key('totals'))}
            </Typography>
            <Payees label={translate(key('totals'))} payees={splits.data.payees} />
          </Box>
        </Stack>
      )}
    </Box>
  );
}
