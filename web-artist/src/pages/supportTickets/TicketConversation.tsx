import SendIcon from '@mui/icons-material/Send';
import { alpha, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SupportTicketMessageBody } from '@riffline/contracts';
import { serverMessage } from '../../api/client.ts';
import {
  postSupportTicketMessage,
  supportTicketMessagesQuery,
  type SupportTicket,
} from '../../api/supportTickets.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A ticket as a conversation: the opening message and every reply, the team's on the left in the
 * brand colour, the artist's on the right; and the artist's answer below (not on a closed ticket).
 */
export function TicketConversation({ ticket }: { ticket: SupportTicket }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const messages = useQuery(supportTicketMessagesQuery(ticket.id));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (message: string) => postSupportTicketMessage(ticket.id, message),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: ['support-tickets'] });
      toast({
        title: 'Reply Sent',
        description: 'The Riffline team is notified and answers within 24 hours.',
      });
    },
    onError: (failure) => {
      if (loggedOut(failure)) return;
      toast({
        title: 'Reply Failed',
        description: serverMessage(failure) ?? 'There was an error sending your reply. Please try again.',
        variant: 'destructive',
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SupportTicketMessageBody.safeParse({ message: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Message is required');
      return;
    }
    setError(null);
    send.mutate(parsed.data.message);
  };

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1.5 }}>
      {messages.isPending && <Spinner label="Loading the conversation" />}
      {messages.error && (
        <LoadFailed onRetry={() => void messages.refetch()}>The conversation could not be loaded.</LoadFailed>
      )}
      {messages.data && (
        <Box
          component="ol"
          aria-label={`Conversation: ${ticket.subject}`}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {messages.data.map((m) => (
            <Paper
              key={m.id}
              component="li"
              variant="outlined"
              aria-label={`${m.author}, ${when(m.createdAt)}`}
              sx={{
                p: 1.5,
                maxWidth: '85%',
                justifySelf: m.fromTeam ? 'start' : 'end',
                bgcolor: (theme) =>
                  m.fromTeam ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper,
                borderColor: m.fromTeam ? 'primary.main' : 'divider',
              }}
            >
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
                {m.author} · {when(m.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Typography>
            </Paper>
          ))}
        </Box>
      )}
      {ticket.status === 'closed' ? (
        <Typography variant="body2" color="text.secondary">
          This ticket is closed. Open a new one from the Help Center if you need more help.
        </Typography>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
          <TextField
            label="Your reply"
            multiline
            minRows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? 'The team is emailed and answers here.'}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendIcon />}
            disabled={send.isPending}
            sx={{ justifySelf: 'start' }}
          >
            {send.isPending ? 'Sending…' : 'Send Reply'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
