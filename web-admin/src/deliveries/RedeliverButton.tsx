import SendIcon from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import type { AdminDeliveryResponse, DeliveryStatus } from '@riffline/contracts';
import { useState } from 'react';
import { Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { refusalText } from '../common/refusal.ts';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

/** What a row of the log offers to send again: a store's refusal, or a batch it never answered. */
const worthSendingAgain: readonly DeliveryStatus[] = ['error', 'delivered'];

/**
 * Redeliver: `POST /api/admin/deliveries/:id/redeliver` (202), asked first. The `delivery` group then sends
 * the same material in a new batch with a new MessageId, past the automatic tries too. A refusal (409: the
 * store is switched off, the release was purged, a newer delivery went to that store) says why in the API's
 * words. In the log's rows only where sending again is what the admin is there for (`row`); on a delivery's
 * page always.
 */
export function RedeliverButton({ row = false }: { label?: string; row?: boolean }) {
  const delivery = useRecordContext<AdminDeliveryResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const redeliver = useAdminAction({
    run: (dataProvider, id: string) => dataProvider.redeliver(id),
    onSuccess: (sent) => {
      setAsking(false);
      toast.success('riffline.deliveries.redelivered', 'riffline.deliveries.redeliveredText', {
        title: sent.releaseTitle,
        store: sent.storeName,
      });
    },
    onFailure: (error) => {
      setAsking(false);
      // A refusal means the page is behind (a newer delivery, a purge meanwhile): it is read again.
      refresh();
      toast.error(
        'riffline.deliveries.redeliverFailed',
        refusalText(error, 'riffline.deliveries.redeliverFailedText'),
      );
    },
  });
  if (!delivery || (row && !worthSendingAgain.includes(delivery.status))) return null;
  const args = { title: delivery.releaseTitle, store: delivery.storeName };
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<SendIcon />}
        disabled={redeliver.isPending}
        onClick={() => setAsking(true)}
        aria-label={translate('riffline.deliveries.redeliverTo', args)}
      >
        {translate('riffline.deliveries.redeliver')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={redeliver.isPending}
        title="riffline.deliveries.redeliverTitle"
        titleTranslateOptions={args}
        content="riffline.deliveries.redeliverContent"
        contentTranslateOptions={args}
        confirm="riffline.deliveries.redeliver"
        onConfirm={() => redeliver.mutate(delivery.id)}
        onClose={() => setAsking(false)}
      />
    </span>
  );
}
