import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  SupportTicketBody,
  supportTicketCategories,
  supportTicketCategoryLabels,
  supportTicketPriorities,
} from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import { openSupportTicket } from '../../api/supportTickets.ts';
import { useToast } from '../../components/Toast/Toast.tsx';

type Input = z.input<typeof SupportTicketBody>;

const priorities = supportTicketPriorities.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

const topics = [
  { value: '', label: 'General question' },
  ...supportTicketCategories.map((value) => ({ value, label: supportTicketCategoryLabels[value] })),
];

export function TicketForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const { register, control, handleSubmit, formState, reset } = useForm<Input>({
    resolver: zodResolver(SupportTicketBody),
    defaultValues: { subject: '', message: '', priority: 'medium', category: null },
  });
  const open = useMutation({
    mutationFn: openSupportTicket,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['support-tickets'] });
      reset();
      setDone(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({
          title: 'Please Login',
          description: 'You need to be logged in to create a support ticket.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Submission Failed',
        description: 'There was an error creating your support ticket. Please try again.',
        variant: 'destructive',
      });
    },
  });

  if (done) {
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 4 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h4" component="h3" sx={{ mt: 1 }}>
          Ticket Submitted!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          We will answer within 24 hours. You can follow it under Support Tickets.
        </Typography>
        <Button variant="contained" onClick={() => setDone(false)}>
          Create Another Ticket
        </Button>
      </Box>
    );
  }

  const { errors } = formState;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((v) => open.mutate(v))}
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField
        {...register('subject')}
        id="ticket-subject"
        label="Subject"
        error={Boolean(errors.subject)}
        helperText={errors.subject?.message}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="priority"
          render={({ field }) => (
            <TextField {...field} id="ticket-priority" select label="Priority">
              {priorities.map((p) => (
                <MenuItem key={p.value} value={p.value}>
                  {p.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value || null)}
              id="ticket-category"
              select
              label="Topic"
            >
              {topics.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <TextField
        {...register('message')}
        id="ticket-message"
        label="Message"
        multiline
        minRows={5}
        error={Boolean(errors.message)}
        helperText={errors.message?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={open.isPending}>
        {open.isPending ? 'Submitting…' : 'Submit Ticket'}
      </Button>
    </Box>
  );
}
