import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import type { StoreTargetResponse } from '@riffline/contracts';
import { useState } from 'react';
import { Confirm, useDelete, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Delete, confirmed and pessimistic: the API refuses (409) a store that releases were delivered to, and
 * its answer ("switch it off instead …") is what the admin reads, at once rather than after an undo delay.
 */
export function DeleteStoreTargetButton() {
  const target = useRecordContext<StoreTargetResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const redirect = useRedirect();
  const [asking, setAsking] = useState(false);
  const [deleteOne, { isPending }] = useDelete<StoreTargetResponse>();
  if (!target) return null;
  const args = { store: target.storeName };
  const run = () =>
    deleteOne(
      'store-targets',
      { id: target.id, previousData: target },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success('riffline.stores.deleted', 'riffline.stores.deletedText', args);
          redirect('list', 'store-targets');
        },
        onError: (error) => {
          setAsking(false);
          toast.error('riffline.stores.deleteFailed', messageOf(error, 'riffline.stores.deleteFailedText'));
        },
      },
    );
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} disabled={isPending} onClick={() => setAsking(true)}>
        {translate('riffline.stores.delete')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={isPending}
        title="riffline.stores.deleteTitle"
        titleTranslateOptions={args}
        content="riffline.stores.deleteContent"
        contentTranslateOptions={args}
        confirm="riffline.stores.delete"
        confirmColor="warning"
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
