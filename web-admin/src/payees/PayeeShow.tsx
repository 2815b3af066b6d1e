import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney, type AdminPayeeDetailResponse } from '@riffline/contracts';
import {
  DateField,
  FunctionField,
  Labeled,
  Link,
  Show,
  SimpleShowLayout,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { PersonCell } from './PayeeList.tsx';

/** The releases whose splits name the payee: their sums on each, and every version's share. */
function PayeeReleases() {
  const payee = useRecordContext<AdminPayeeDetailResponse>();
  const translate = useTranslate();
  // Until getOne answers, the record may be the list's row (no releases yet).
  if (!payee?.releases) return null;
  const key = (name: string) => translate(`riffline.payees.${name}`);
  if (!payee.releases.length) return <Typography color="text.secondary">{key('noReleases')}</Typography>;
  return (
    <Table size="small" aria-label={key('releases')}>
      <TableHead>
        <TableRow>
          <TableCell>{key('release')}</TableCell>
          <TableCell>{key('shares')}</TableCell>
          <TableCell align="right">{key('earned')}</TableCell>
          <TableCell align="right">{key('held')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {payee.releases.map((r) => (
          <TableRow key={r.releaseId}>
            <TableCell>
              <Link to={`/releases/${r.releaseId}/show`}>{r.title}</Link>
            </TableCell>
            <TableCell>
              {r.shares.map((s) => (
                <Typography key={s.splitId} variant="body2">
                  {translate('riffline.payees.shareFrom', { percent: s.percent, month: s.effectiveFrom })}
                </Typography>
              ))}
            </TableCell>
            <TableCell align="right">{formatMoney(r.earned, 'USD')}</TableCell>
            <TableCell align="right">{formatMoney(r.held, 'USD')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One payee: who shares with them, their invite, what is earned and held, and per release their shares. */
export function PayeeShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <FunctionField<AdminPayeeDetailResponse> source="email" render={(r) => <PersonCell {...r} />} />
        <FunctionField<AdminPayeeDetailResponse> source="owner" render={(r) => <PersonCell {...r.owner} />} />
        <FunctionField<AdminPayeeDetailResponse>
          source="user"
          render={(r) => (r.user ? <PersonCell {...r.user} /> : '—')}
        />
        <EnumField source="status" name="payeeStatus" />
        <DateField source="inviteSentAt" showTime emptyText="—" />
        <DateField source="inviteExpiresAt" showTime emptyText="—" />
        <DateField source="acceptedAt" showTime emptyText="—" />
        <DateField source="withdrawnAt" showTime emptyText="—" />
        <FunctionField<AdminPayeeDetailResponse>
          source="earned"
          render={(r) => formatMoney(r.earned, 'USD')}
        />
        <FunctionField<AdminPayeeDetailResponse> source="held" render={(r) => formatMoney(r.held, 'USD')} />
        <Labeled label={translate('riffline.payees.releases')} fullWidth>
          <PayeeReleases />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
