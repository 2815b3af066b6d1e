import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import type { ReleaseResponse } from '@riffline/contracts';
import { ReasonDialog } from '../common/ReasonDialog.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Decision = { status: 'live' } | { status: 'rejected'; reason: string };

/**
 * Approve / Reject on a release in review (processing) only: both ask first, Reject asks why. Calls
 * `PATCH /api/admin/releases/:id`; the list and the record change once the API agrees.
 */
export function ReviewButtons(_props: { label?: string }) {
  const record = useRecordContext<ReleaseResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const review = useAdminAction({
    run: (dataProvider, decision: Decision) => dataProvider.reviewRelease(record!.id, decision),
    onSuccess: (release) => {
      setAsking(null);
      toast.success(
        'riffline.releases.updated',
        release.status === 'live' ? 'riffline.releases.nowLive' : 'riffline.releases.nowRejected',
        { title: release.title },
      );
    },
    onFailure: () => {
      setAsking(null);
      toast.error('riffline.releases.failed', 'riffline.releases.failedText');
    },
  });
  if (!record || record.status !== 'processing') return null;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<CheckIcon />}
        disabled={review.isPending}
        onClick={() => setAsking('approve')}
      >
        {translate('riffline.releases.approve')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<CloseIcon />}
        disabled={review.isPending}
        onClick={() => setAsking('reject')}
      >
        {translate('riffline.releases.reject')}
      </Button>
      <Confirm
        isOpen={asking === 'approve'}
        loading={review.isPending}
        title="riffline.releases.approveTitle"
        titleTranslateOptions={{ title: record.title }}
        content="riffline.releases.approveContent"
        confirm="riffline.releases.approve"
        onConfirm={() => review.mutate({ status: 'live' })}
        onClose={() => setAsking(null)}
      />
      <ReasonDialog
        open={asking === 'reject'}
        loading={review.isPending}
        title={translate('riffline.releases.rejectTitle', { title: record.title })}
        confirmLabel={translate('riffline.releases.reject')}
        helperText={translate('riffline.releases.reasonHelp')}
        requiredMessage={translate('riffline.releases.reasonRequired')}
        onConfirm={(reason) => review.mutate({ status: 'rejected', reason })}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
