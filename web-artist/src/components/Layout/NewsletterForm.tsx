import { Box, Button, OutlinedInput } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { subscribeNewsletter } from '../../api/newsletterSubscriptions.ts';
import { useToast } from '../Toast/Toast.tsx';

/**
 * One email input, one button; submits only when the trimmed value is not empty (SPEC §5, §8). A bare
 * OutlinedInput, not a TextField: the footer is on every page's first script, and TextField brings Select.
 */
export function NewsletterForm() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: subscribeNewsletter,
    onSuccess: () => {
      toast({ title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.' });
      setEmail('');
    },
    onError: () =>
      toast({
        title: 'Subscription Failed',
        description: 'There was an error subscribing to our newsletter. Please try again.',
        variant: 'destructive',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) subscribe.mutate(email.trim());
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <OutlinedInput
        type="email"
        size="small"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
        slotProps={{ input: { 'aria-label': 'Email for the newsletter' } }}
        sx={{ flex: 1, minWidth: 200, bgcolor: 'rgba(255,255,255,0.95)', borderRadius: 1 }}
      />
      <Button type="submit" variant="contained" disabled={subscribe.isPending}>
        Subscribe
      </Button>
    </Box>
  );
}
