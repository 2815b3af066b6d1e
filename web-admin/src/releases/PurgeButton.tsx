import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Button } from '@mui/material';
import type { ReleaseWithTracksResponse } from '@riffline/contracts';
import { useState } from 'react';
import { Confirm, useRefresh, useTranslate } from 'react-admin';
import { refusalText } from '../common/refusal.ts';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

const key = (name: string) => `riffline.changes.${name}`;

/**
 * Purge from All Stores, on a live release not purged yet: asked first, in words that say it is for good,
 * then `POST /api/admin/releases/:id/purge` (201). Each store that has the release is sent a
 * PurgeReleaseMessage; a refusal (409: not live, purged already) says why in the API's words.
 */
export function PurgeButton({ release }: { release: ReleaseWithTracksResponse }) {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const args = { title: release.title };
  const purge = useAdminAction({
    run: (dataProvider, id: string) => dataProvider.purgeRelease(id),
    onSuccess: () => {
      setAsking(false);
      toast.success(key('purged'), key('purgedText'), args);
    },
    onFailure: (error) => {
      setAsking(false);
      // A refusal means the page is behind (a newer delivery, a purge meanwhile): it is read again.
      refresh();
      toast.error(key('purgeFailed'), refusalText(error, key('purgeFailedText')));
    },
  });
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverIcon />}
        disabled={purge.isPending}
        onClick={() => setAsking(true)}
      >
        {translate(key('purge'))}
      </Button>
      <Confirm
        isOpen={asking}
        loading={purge.isPending}
        title={key('purgeTitle')}
        titleTranslateOptions={args}
        content={key('purgeContent')}
        contentTranslateOptions={args}
        confirm={key('purgeConfirm')}
        confirmColor="warning"
        onConfirm={() => purge.mutate(release.id)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
