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
  type AdminPayeeResponse,
  type ExpensesResponse,
  type PayeeStatus,
  type ReleaseWithTracksResponse,
  type SplitsResponse,
} from '@riffline/contracts';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
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
function Payees({
  label,
  payees,
  invites,
}: {
  label: string;
  payees: Payee[];
  /** The payees as the payee list has them (their invite's dates), when shown. */
  invites?: Map<string, AdminPayeeResponse>;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const withShare = payees.some((p) => p.percent !== undefined);
  const who = (p: Payee) => p.name ?? p.email ?? '—';
  const invite = (p: Payee) => {
    const listed = invites?.get(p.payeeId);
    if (!listed || p.status !== 'invited') return null;
    const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
    return (
      <Typography variant="caption" color="text.secondary" component="div" data-testid="invite-status">
        {listed.inviteSentAt && listed.inviteExpiresAt
          ? translate(key('inviteSent'), {
              sent: day(listed.inviteSentAt),
              expires: day(listed.inviteExpiresAt),
            })
          : translate(key('inviteNotSent'))}
      </Typography>
    );
  };
  const status = (p: Payee) => (
    <>
      <Chip
        size="small"
        label={translate(key(p.status))}
        color={chipColors[p.status]}
        variant={p.status === 'owner' ? 'filled' : 'outlined'}
      />
      {invite(p)}
    </>
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
  // The release's payees as the payee list has them: each invite's dates (sent, expires).
  const listed = useGetList<AdminPayeeResponse>(
    'payees',
    { filter: { releaseId: release?.id }, pagination: { page: 1, perPage: 100 } },
    { enabled: Boolean(release) },
  );
  const invites = new Map((listed.data ?? []).map((p) => [p.id, p]));
  if (!release) return null;
  const now = thisMonth();
  // Per what it applies to (the release, or a track with a split of its own): the newest that has started.
  const inEffect = (trackId: string | null) =>
    splits.data?.versions.find((v) => v.trackId === trackId && v.effectiveFrom <= now);
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
              version.trackTitle
                ? translate(key('trackVersion'), {
                    title: version.trackTitle,
                    month: monthLabel(version.effectiveFrom),
                  })
                : translate(key('version'), { month: monthLabel(version.effectiveFrom) }),
              translate(key('payees'), { smart_count: version.shares.length }),
            ].join(' · ');
            const when =
              version.id === inEffect(version.trackId)?.id
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
            <Payees label={translate(key('totals'))} payees={splits.data.payees} invites={invites} />
          </Box>
        </Stack>
      )}
      <ReleaseExpenses releaseId={release.id} />
    </Box>
  );
}

/** The release's expenses in the order they are repaid, read-only, and what is left to recoup (USD). */
function ReleaseExpenses({ releaseId }: { releaseId: string }) {
  const translate = useTranslate();
  const expenses = useQuery<ExpensesResponse>({
    queryKey: ['admin', 'releases', releaseId, 'expenses'],
    queryFn: () => dataProvider.getReleaseExpenses(releaseId),
  });
  const who = (p: ExpensesResponse['expenses'][number]['paidBy']) =>
    p.status === 'owner' ? translate(key('owner')) : (p.name ?? p.email ?? '—');
  return (
    <Box component="section" aria-label={translate(key('expenses'))} sx={{ mt: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {translate(key('expenses'))}
      </Typography>
      {expenses.error && <Alert severity="error">{translate(key('expensesFailed'))}</Alert>}
      {expenses.data && !expenses.data.expenses.length && (
        <Typography color="text.secondary">{translate(key('noExpenses'))}</Typography>
      )}
      {expenses.data && expenses.data.expenses.length > 0 && (
        <>
          <Table size="small" aria-label={translate(key('expenses'))}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(key('paidBy'))}</TableCell>
                <TableCell align="right">{translate(key('amount'))}</TableCell>
                <TableCell align="right">{translate(key('repaid'))}</TableCell>
                <TableCell align="right">{translate(key('left'))}</TableCell>
                <TableCell>{translate(key('note'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {expenses.data.expenses.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{who(e.paidBy)}</TableCell>
                  <TableCell align="right">{formatMoney(e.amountUsd, 'USD')}</TableCell>
                  <TableCell align="right">{formatMoney(e.repaid, 'USD')}</TableCell>
                  <TableCell align="right">{formatMoney(e.left, 'USD')}</TableCell>
                  <TableCell>{e.note ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate(key('leftToRecoup'), { amount: formatMoney(expenses.data.leftToRecoup, 'USD') })}
          </Typography>
        </>
      )}
    </Box>
  );
}
