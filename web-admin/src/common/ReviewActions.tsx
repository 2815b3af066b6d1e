import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { ReasonDialog } from './ReasonDialog.tsx';

interface ReviewActionsProps {
  /** i18n keys: approve, reject, approveTitle, approveContent, rejectTitle, reasonHelp and, when a reason is required, reasonRequired. */
  messages: string;
  /** Passed to the titles (the release's title, the artist's name). */
  titleOptions: Record<string, string>;
  /** Reject refuses an empty reason. */
  reasonRequired?: boolean;
  pending: boolean;
  /** The call; the dialog closes once it has settled (the caller's toasts say how it went). */
  onDecide: (decision: { approve: true } | { approve: false; reason: string }) => Promise<unknown>;
}

/**
 * Approve / Reject on something in review (an application, a release): both ask first, Reject asks
 * why. MUI's buttons, not react-admin's: those drop their words for a bare icon on a phone.
 */
export function ReviewActions({
  messages,
  titleOptions,
  reasonRequired,
  pending,
  onDecide,
}: ReviewActionsProps) {
  const translate = useTranslate();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const decide = (decision: Parameters<typeof onDecide>[0]) =>
    void onDecide(decision)
      .catch(() => undefined)
      .finally(() => setAsking(null));
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<CheckIcon />}
        disabled={pending}
        onClick={() => setAsking('approve')}
      >
        {translate(`${messages}.approve`)}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<CloseIcon />}
        disabled={pending}
        onClick={() => setAsking('reject')}
      >
        {translate(`${messages}.reject`)}
      </Button>
      <Confirm
        isOpen={asking === 'approve'}
        loading={pending}
        title={`${messages}.approveTitle`}
        titleTranslateOptions={titleOptions}
        content={`${messages}.approveContent`}
        confirm={`${messages}.approve`}
        onConfirm={() => decide({ approve: true })}
        onClose={() => setAsking(null)}
      />
      <ReasonDialog
        open={asking === 'reject'}
        loading={pending}
        title={translate(`${messages}.rejectTitle`, titleOptions)}
        confirmLabel={translate(`${messages}.reject`)}
        helperText={translate(`${messages}.reasonHelp`)}
        requiredMessage={reasonRequired ? translate(`${messages}.reasonRequired`) : undefined}
        onConfirm={(reason) => decide({ approve: false, reason })}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
