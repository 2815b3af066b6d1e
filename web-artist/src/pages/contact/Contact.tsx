import { zodResolver } from '@hookform/resolvers/zod';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmailIcon from '@mui/icons-material/Email';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContactMessageBody } from '@riffline/contracts';
import { sendContactMessage } from '../../api/contactMessages.ts';
import { Page } from '../../components/Page/Page.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';

export const SUCCESS_VIEW_MS = 5000;

type Input = z.input<typeof ContactMessageBody>;

const cards = [
  { icon: EmailIcon, title: 'Email', lines: ['support@riffline.app', 'We answer within 24 hours'] },
  { icon: PhoneIcon, title: 'Phone', lines: ['+1 (555) 014-2024', 'Mon-Fri 9am-6pm EST'] },
  {
    icon: LocationOnIcon,
    title: 'Office',
    lines: ['Riffline Records', '120 Harmony Street, Suite 4, Nashville, TN 37203'],
  },
];

function ContactForm({ onSent }: { onSent: () => void }) {
  const toast = useToast();
  const { register, handleSubmit, formState, reset } = useForm<Input>({
    resolver: zodResolver(ContactMessageBody),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      reset();
      onSent();
    },
    onError: () =>
      toast({
        title: 'Failed to Send Message',
        description: 'There was an error sending your message. Please try again.',
        variant: 'destructive',
      }),
  });
  const { errors } = formState;
  const field = (name: keyof Input, label: string) => ({
    ...register(name),
    id: `contact-${name}`,
    label,
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((v) => send.mutate(v))}
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField {...field('name', 'Name')} autoComplete="name" />
      <TextField {...field('email', 'Email')} type="email" autoComplete="email" />
      <TextField {...field('subject', 'Subject')} />
      <TextField {...field('message', 'Message')} multiline minRows={5} />
      <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Message'}
      </Button>
    </Box>
  );
}

export default function Contact() {
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SUCCESS_VIEW_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  return (
    <Page
      title="Contact Us"
      subtitle="Questions about distribution, royalties or your account? Write to us: a person answers within 24 hours."
    >
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1.5fr' } }}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {cards.map(({ icon: Icon, title, lines }) => (
            <Card key={title}>
              <CardContent sx={{ display: 'flex', gap: 2 }}>
                <Icon color="primary" aria-hidden />
                <Box>
                  <Typography variant="h4" component="h2">
                    {title}
                  </Typography>
                  {lines.map((line) => (
                    <Typography key={line} color="text.secondary">
                      {line}
                    </Typography>
                  ))}
                </Box>
              </CardContent>
            </Card>
          ))}
          <Card>
            <CardContent sx={{ display: 'flex', gap: 2 }}>
              <AccessTimeIcon color="primary" aria-hidden />
              <Box>
                <Typography variant="h4" component="h2">
                  Hours
                </Typography>
                <Typography color="text.secondary">Mon-Fri 9am-6pm EST</Typography>
                <Typography color="text.secondary">Support tickets are answered within 24 hours.</Typography>
              </Box>
            </CardContent>
          </Card>
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            {sent ? (
              <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
                <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
                <Typography variant="h3" component="h2" sx={{ mt: 2 }}>
                  Message Sent!
                </Typography>
                <Typography color="text.secondary">
                  Thank you for reaching out. We will get back to you within 24 hours.
                </Typography>
              </Box>
            ) : (
              <>
                <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
                  Send us a message
                </Typography>
                <ContactForm onSent={() => setSent(true)} />
              </>
            )}
          </CardContent>
        </Card>
      </Box>
    </Page>
  );
}
