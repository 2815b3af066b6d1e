import { HttpError, useRecordContext } from 'react-admin';
import type { ReleaseResponse } from '@riffline/contracts';
import { ReviewActions } from '../common/ReviewActions.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Decision = { status: 'live' } | { status: 'rejected'; reason: string };

/** Why the API refused, in its own words: a 4xx's `{message}` (a 5xx keeps the spec's text only). */
function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return undefined;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * Approve / Reject on a release in review (processing) only: both ask first, Reject asks why. Calls
 * `PATCH /api/admin/releases/:id`; the list and the record change once the API agrees. A refusal says
 * why after the spec's text (e.g. approval of a release without a valid cover).
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
    onFailure: (error) => {
      const reason = refusalReason(error);
      toast.error(
        'riffline.releases.failed',
        reason ? 'riffline.releases.failedBecause' : 'riffline.releases.failedText',
        { reason },
      );
    },
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
