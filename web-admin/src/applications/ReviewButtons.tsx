import { useRecordContext } from 'react-admin';
import type { AdminApplicationResponse } from '@riffline/contracts';
import { ReviewActions } from '../common/ReviewActions.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Decision = { status: 'approved' } | { status: 'rejected'; reason: string };

/**
 * Approve / Reject, shown only on a pending application: Approve asks first, Reject asks why (the
 * artist reads it; it may be left empty). Pessimistic: the list changes once the API agrees.
 */
export function ReviewButtons() {
  const record = useRecordContext<AdminApplicationResponse>();
  const toast = useToast();
  const review = useAdminAction({
    run: (dataProvider, decision: Decision) => dataProvider.reviewApplication(record!.id, decision),
    onSuccess: (application) =>
      toast.success(
        'riffline.applications.updated',
        application.status === 'approved'
          ? 'riffline.applications.nowApproved'
          : 'riffline.applications.nowRejected',
        { name: application.artistName },
      ),
    onFailure: () => toast.error('riffline.applications.failed', 'riffline.applications.failedText'),
  });
  if (!record || record.status !== 'pending') return null;
  return (
    <ReviewActions
      messages="riffline.applications"
      titleOptions={{ name: record.artistName }}
      pending={review.isPending}
      onDecide={(d) =>
        review.mutateAsync(d.approve ? { status: 'approved' } : { status: 'rejected', reason: d.reason })
      }
    />
  );
}
