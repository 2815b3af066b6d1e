import ReplayIcon from '@mui/icons-material/Replay';
import { Button } from '@mui/material';
import type { AdminFailedEventResponse } from '@riffline/contracts';
import { useState } from 'react';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

/**
 * Replay, on a parked event only: `POST /api/admin/failed-events/:id/replay` (202). The group's consumer
 * then handles it once more and marks it replayed, or parks it again with the new error.
 */
export function ReplayButton(_props: { label?: string }) {
  const row = useRecordContext<AdminFailedEventResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const replay = useAdminAction({
    run: (dataProvider, id: string) => dataProvider.replayFailedEvent(id),
    onSuccess: (replayed) => {
      setAsking(false);
      toast.success('riffline.failedEvents.requested', 'riffline.failedEvents.requestedText', {
        group: replayed.group,
        type: replayed.event.type,
      });
    },
    onFailure: () => {
      setAsking(false);
      toast.error('riffline.failedEvents.failed', 'riffline.failedEvents.failedText');
    },
  });
  if (!row || row.status !== 'parked') return null;
  const args = { group: row.group, type: row.event.type };
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReplayIcon />}
        disabled={replay.isPending}
        onClick={() => setAsking(true)}
      >
        {translate('riffline.failedEvents.replay')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={replay.isPending}
        title="riffline.failedEvents.replayTitle"
        titleTranslateOptions={args}
        content="riffline.failedEvents.replayContent"
        contentTranslateOptions={args}
        confirm="riffline.failedEvents.replay"
        onConfirm={() => replay.mutate(row.id)}
        onClose={() => setAsking(false)}
      />
    </span>
  );
}
