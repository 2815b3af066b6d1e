import type { AdminReleaseChangeResponse } from '@riffline/contracts';
import { useRecordContext, useRefresh } from 'react-admin';
import { refusalText } from '../common/refusal.ts';
import { ReviewActions } from '../common/ReviewActions.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Decision = { status: 'approved' } | { status: 'rejected'; reason: string };

/**
 * Approve / Reject on a correction waiting for review: Approve asks first, Reject asks why (required: the
 * artist is emailed it). `PATCH /api/admin/release-changes/:id`; the page changes once the API agrees.
 * A refusal says why in the API's words ("This correction was reviewed already.", when another admin was
 * quicker) and the page is read again.
 */
export function CorrectionReview(_props: { label?: string }) {
  const change = useRecordContext<AdminReleaseChangeResponse>();
  const toast = useToast();
  const refresh = useRefresh();
  const review = useAdminAction({
    run: (dataProvider, decision: Decision) => dataProvider.reviewChange(change!.id, decision),
    onSuccess: (reviewed) =>
      toast.success(
        'riffline.corrections.updated',
        reviewed.status === 'approved'
          ? 'riffline.corrections.nowApproved'
          : 'riffline.corrections.nowRejected',
        { title: reviewed.releaseTitle },
      ),
    onFailure: (error) => {
      refresh();
      toast.error('riffline.corrections.failed', refusalText(error, 'riffline.corrections.failedText'));
    },
  });
  if (!change || change.kind !== 'correction' || change.status !== 'pending') return null;
  return (
    <ReviewActions
      messages="riffline.corrections"
      titleOptions={{ title: change.releaseTitle }}
      reasonRequired
      pending={review.isPending}
      onDecide={(d) =>
        review.mutateAsync(d.approve ? { status: 'approved' } : { status: 'rejected', reason: d.reason })
      }
    />
  );
}
