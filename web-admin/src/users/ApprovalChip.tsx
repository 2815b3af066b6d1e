import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** SPEC §2: Approved or Pending. */
export function ApprovalChip(_props: { label?: string }) {
  const record = useRecordContext<{ isApproved: boolean }>();
  const translate = useTranslate();
  if (!record) return null;
  return record.isApproved ? (
    <Chip size="small" color="success" label={translate('riffline.users.approved')} />
  ) : (
    <Chip size="small" label={translate('riffline.users.pending')} />
  );
}
