import AddIcon from '@mui/icons-material/Add';
import ForumIcon from '@mui/icons-material/Forum';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  supportTicketCategoryLabels,
  type SupportTicketPriority,
  type SupportTicketStatus,
} from '@riffline/contracts';
import { supportTicketsQuery, type SupportTicket } from '../../api/supportTickets.ts';
import { ArtistArea } from '../../components/Auth/ArtistArea.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { QueryList } from '../../components/Page/QueryList.tsx';
import { TicketConversation } from './TicketConversation.tsx';

const statusChips: Record<
  SupportTicketStatus,
  { label: string; color: 'info' | 'warning' | 'success' | 'default' }
> = {
  open: { label: 'Open', color: 'info' },
  in_progress: { label: 'In Progress', color: 'warning' },
  resolved: { label: 'Resolved', color: 'success' },
  closed: { label: 'Closed', color: 'default' },
};

const priorityLabels: Record<SupportTicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function TicketCard({ ticket }: { ticket: SupportTicket }) {
  const chip = statusChips[ticket.status];
  const headingId = `ticket-${ticket.id}`;
  const [open, setOpen] = useState(false);
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="h6"
          component="h3"
          id={headingId}
          sx={{ fontWeight: 700, mr: 'auto', overflowWrap: 'anywhere' }}
        >
          {ticket.subject}
        </Typography>
        <Chip size="small" label={chip.label} color={chip.color} sx={{ fontWeight: 700 }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[
          `Opened ${when(ticket.createdAt)}`,
          `${priorityLabels[ticket.priority]} priority`,
          ticket.category ? supportTicketCategoryLabels[ticket.category] : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {open ? (
        <TicketConversation ticket={ticket} />
      ) : (
        <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ticket.message}
        </Typography>
      )}
      <Button
        size="small"
        startIcon={<ForumIcon />}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        sx={{ mt: 1 }}
      >
        {open ? 'Hide conversation' : 'Conversation and reply'}
      </Button>
    </Paper>
  );
}

function TicketList() {
  const tickets = useQuery(supportTicketsQuery);
  const newTicket = (
    <Button component={RouterLink} to="/support" variant="contained" startIcon={<AddIcon />}>
      New Ticket
    </Button>
  );
  return (
    <Page title="Support Tickets" subtitle="Your questions to the Riffline team. We answer within 24 hours.">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          mb: 3,
        }}
      >
        <Typography variant="h3" component="h2">
          Your Tickets
        </Typography>
        {newTicket}
      </Box>
      <QueryList
        query={tickets}
        loading="Loading tickets"
        failed="Your tickets could not be loaded."
        empty={{
          icon: <SupportAgentIcon />,
          title: 'No support tickets found',
          hint: 'Need a hand? Open a ticket from the Help Center.',
          action: newTicket,
        }}
      >
        {(ticket) => <TicketCard key={ticket.id} ticket={ticket} />}
      </QueryList>
    </Page>
  );
}

/** /tickets: the artist's own support tickets, newest first, and New Ticket → /support (SPEC §2). */
export default function SupportTickets() {
  return (
    <ArtistArea path="/tickets" title="Support Tickets">
      <TicketList />
    </ArtistArea>
  );
}
