import DoneIcon from '@mui/icons-material/Done';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import ReplyIcon from '@mui/icons-material/Reply';
import { Button, Stack } from '@mui/material';
import type { AdminContactMessageResponse } from '@riffline/contracts';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { ReasonDialog } from '../common/ReasonDialog.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

const key = (name: string) => `riffline.contactActions.${name}`;
const failure = (error: unknown) =>
  error instanceof Error && error.message ? error.message : key('failedText');

/**
 * Working through the contact inbox: mark a message handled (or back to new) and answer it by email
 * (the workers send it once the reply is saved). An answered message keeps its reply and takes no more.
 */
export function ContactActions() {
  const message = useRecordContext<AdminContactMessageResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const [replying, setReplying] = useState(false);
  const setStatus = useAdminAction({
    run: (dataProvider, status: 'new' | 'read') => dataProvider.setContactStatus(message!.id, status),
    onSuccess: (updated, status) =>
      toast.success(key('updated'), key(status === 'read' ? 'nowRead' : 'nowNew'), { name: updated.name }),
    onFailure: (error) => toast.error(key('failed'), failure(error)),
  });
  const reply = useAdminAction({
    run: (dataProvider, text: string) => dataProvider.replyToContact(message!.id, text),
    onSuccess: (updated) => {
      setReplying(false);
      toast.success(key('replied'), key('repliedText'), { email: updated.email });
    },
    onFailure: (error) => toast.error(key('replyFailed'), failure(error)),
  });
  if (!message || message.status === 'replied') return null;
  const busy = setStatus.isPending || reply.isPending;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
      <Button variant="contained" startIcon={<ReplyIcon />} disabled={busy} onClick={() => setReplying(true)}>
        {translate(key('reply'))}
      </Button>
      {message.status === 'new' ? (
        <Button
          variant="outlined"
          startIcon={<DoneIcon />}
          disabled={busy}
          onClick={() => setStatus.mutate('read')}
        >
          {translate(key('markHandled'))}
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<MarkEmailUnreadIcon />}
          disabled={busy}
          onClick={() => setStatus.mutate('new')}
        >
          {translate(key('markNew'))}
        </Button>
      )}
      <ReasonDialog
        open={replying}
        title={translate(key('replyTitle'), { name: message.name })}
        label={translate(key('replyLabel'))}
        helperText={translate(key('replyHelp'), { email: message.email })}
        requiredMessage={translate(key('replyRequired'))}
        confirmLabel={translate(key('send'))}
        tone="primary"
        maxLength={5000}
        loading={reply.isPending}
        onConfirm={(text) => reply.mutate(text)}
        onClose={() => setReplying(false)}
      />
    </Stack>
  );
}
