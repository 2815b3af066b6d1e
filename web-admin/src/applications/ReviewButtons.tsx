import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Stack } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useToast } from '../common/Toast.tsx';

const decisions = [
  {
    status: 'approved',
    label: 'riffline.applications.approve',
    color: 'success',
    variant: 'contained',
    icon: <CheckIcon />,
  },
  {
    status: 'rejected',
    label: 'riffline.applications.reject',
    color: 'error',
    variant: 'outlined',
    icon: <CloseIcon />,
  },
] as const;

/** Approve / Reject, shown only on a pending application; pessimistic: the list changes once the API agrees. */
export function ReviewButtons() {
  const record = useRecordContext<RaRecord & { status: string; artistName: string }>();
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record || record.status !== 'pending') return null;
  const review = (status: 'approved' | 'rejected') =>
    update(
      'applications',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast.success(
            'riffline.applications.updated',
            status === 'approved' ? 'riffline.applications.nowApproved' : 'riffline.applications.nowRejected',
            { name: record.artistName },
          );
          refresh();
        },
        onError: () => toast.error('riffline.applications.failed', 'riffline.applications.failedText'),
      },
    );
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {decisions.map(({ status, label, color, variant, icon }) => (
        // MUI's Button, not react-admin's: that one drops its words for a bare icon on a phone.
        <Button
          key={status}
          size="small"
          startIcon={icon}
          variant={variant}
          color={color}
          disabled={isPending}
          onClick={() => review(status)}
        >
          {translate(label)}
        </Button>
      ))}
    </Stack>
  );
}
