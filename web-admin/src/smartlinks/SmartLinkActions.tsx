import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button } from '@mui/material';
import type { AdminSmartLinkResponse } from '@riffline/contracts';
import { useState } from 'react';
import { Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ReasonDialog } from '../common/ReasonDialog.tsx';
import { refusalText } from '../common/refusal.ts';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

const key = (name: string) => `riffline.smartlinks.${name}`;

type Change = { disabled: true; reason: string } | { disabled: false };

/**
 * Disable (for abuse, with the reason, asked in a dialog) or Enable again: `PATCH /api/admin/smartlinks/:id`.
 * A disabled SmartLink's page answers 410 and says it is unavailable; the artist keeps it. A refusal says
 * why in the API's words.
 */
export function SmartLinkActions() {
  const smartLink = useRecordContext<AdminSmartLinkResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'disable' | 'enable' | null>(null);
  const change = useAdminAction({
    run: (dataProvider, body: Change) => dataProvider.setSmartLinkDisabled(smartLink!.id, body),
    onSuccess: (updated, body) => {
      setAsking(null);
      const done = body.disabled ? 'disabled' : 'enabled';
      toast.success(key(done), key(`${done}Text`), { slug: updated.slug });
    },
    onFailure: (error) => {
      setAsking(null);
      // A refusal may mean the page is behind (another admin changed it meanwhile): it is read again.
      refresh();
      toast.error(key('failed'), refusalText(error, key('failedText')));
    },
  });
  if (!smartLink) return null;
  const args = { slug: smartLink.slug, url: smartLink.url };
  if (smartLink.disabledAt) {
    return (
      <>
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckCircleIcon />}
          disabled={change.isPending}
          onClick={() => setAsking('enable')}
        >
          {translate(key('enable'))}
        </Button>
        <Confirm
          isOpen={asking === 'enable'}
          loading={change.isPending}
          title={key('enableTitle')}
          titleTranslateOptions={args}
          content={key('enableContent')}
          contentTranslateOptions={args}
          confirm={key('enable')}
          onConfirm={() => change.mutate({ disabled: false })}
          onClose={() => setAsking(null)}
        />
      </>
    );
  }
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<BlockIcon />}
        disabled={change.isPending}
        onClick={() => setAsking('disable')}
      >
        {translate(key('disable'))}
      </Button>
      <ReasonDialog
        open={asking === 'disable'}
        title={translate(key('disableTitle'), args)}
        content={translate(key('disableContent'), args)}
        helperText={translate(key('reasonHelp'))}
        requiredMessage={translate(key('reasonRequired'))}
        confirmLabel={translate(key('disableConfirm'))}
        maxLength={500}
        loading={change.isPending}
        onConfirm={(reason) => change.mutate({ disabled: true, reason })}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
