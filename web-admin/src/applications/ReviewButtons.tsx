import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import {
  Button,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';

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
  const record = useRecordContext<RaRecord & { status: string }>();
  const translate = useTranslate();
  const notify = useNotify();
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
          notify(`riffline.applications.${status}`, { type: 'success' });
          refresh();
        },
        onError: (error) =>
          notify((error as Error).message || 'riffline.applications.failed', { type: 'error' }),
      },
    );
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {decisions.map(({ status, label, color, variant, icon }) => (
        <Button
          key={status}
          label={translate(label)}
          variant={variant}
          color={color}
          disabled={isPending}
          onClick={() => review(status)}
        >
          {icon}
        </Button>
      ))}
    </Stack>
  );
}
