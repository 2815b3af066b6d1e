import { useRecordContext } from 'react-admin';
import type { ReleaseResponse } from '@riffline/contracts';
import { ReviewActions } from '../common/ReviewActions.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Decision = { status: 'live' } | { status: 'rejected'; reason: string };

/**
 * Approve / Reject on a release in review (processing) only: both ask first, Reject asks why. Calls
 * `PATCH /api/admin/releases/:id`; the list and the record change once the API agrees.
 */
export function ReviewButtons(_props: { label?: string }) {
  const record = useRecordContext<ReleaseResponse>();
  const toast = useToast();
  const review = useAdminAction({
    run: (dataProvider, decision: Decision) => dataProvider.reviewRelease(record!.id, decision),
    onSuccess: (release) =>
      toast.success(
        'riffline.releases.updated',
        release.status === 'live' ? 'riffline.releases.nowLive' : 'riffline.releases.nowRejected',
        { title: release.title },
      ),
    onFailure: () => toast.error('riffline.releases.failed', 'riffline.releases.failedText'),
  });
  if (!record || record.status !== 'processing') return null;
  return (
    <ReviewActions
      messages="riffline.releases"
      titleOptions={{ title: record.title }}
      reasonRequired
      pending={review.isPending}
      onDecide={(d) =>
        review.mutateAsync(d.approve ? { status: 'live' } : { status: 'rejected', reason: d.reason })
      }
    />
  );
}
