import SendIcon from '@mui/icons-material/Send';
import { alpha, Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportTicketResponse } from '@riffline/contracts';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';
import { dataProvider } from '../dataProvider.ts';

const key = (name: string) => `riffline.ticketThread.${name}`;

/**
 * The ticket's conversation (the artist's opening message, then each reply) and the team's answer,
 * sent through `POST /api/admin/tickets/:id/messages`. No form element: it sits inside the ticket's form.
 */
export function TicketThread() {
  const ticket = useRecordContext<SupportTicketResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryKey = ['admin', 'tickets', ticket?.id, 'messages'];
  const messages = useQuery({
    queryKey,
    queryFn: () => dataProvider.getTicketMessages(ticket!.id),
    enabled: Boolean(ticket),
  });
  const reply = useAdminAction({
    run: (provider, message: string) => provider.postTicketMessage(ticket!.id, message),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey });
      toast.success(key('sent'), key('sentText'));
    },
    onFailure: (failure) =>
      toast.error(
        key('failed'),
        failure instanceof Error && failure.message ? failure.message : key('failedText'),
      ),
  });
  if (!ticket) return null;
  const send = () => {
    if (!text.trim()) {
      setError(translate(key('required')));
      return;
    }
    setError(null);
    reply.mutate(text.trim());
  };
  return (
    <Box component="section" aria-label={translate(key('title'))} sx={{ width: '100%', my: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(key('title'))}
      </Typography>
      {messages.error && <Alert severity="error">{translate(key('loadFailed'))}</Alert>}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {messages.data?.map((m) => (
          <Paper
            key={m.id}
            component="li"
            variant="outlined"
            sx={{
              p: 1.5,
              maxWidth: { xs: '100%', md: '75%' },
              alignSelf: m.fromTeam ? 'flex-end' : 'flex-start',
              bgcolor: (theme) => (m.fromTeam ? alpha(theme.palette.primary.main, 0.08) : undefined),
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
              {m.fromTeam ? translate(key('team')) : m.author} · {new Date(m.createdAt).toLocaleString()}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Typography>
          </Paper>
        ))}
      </Stack>
      {ticket.status === 'closed' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(key('closed'))}
        </Typography>
      ) : (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <TextField
            label={translate(key('reply'))}
            multiline
            minRows={3}
            value={text}
            onChange={(e) => (setText(e.target.value), setError(null))}
            error={Boolean(error)}
            helperText={error ?? translate(key('replyHelp'))}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            disabled={reply.isPending}
            onClick={send}
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate(key('send'))}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
