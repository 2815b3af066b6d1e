import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { myApplicationQuery, type Application } from '../../api/applications.ts';
import { hasArtistArea, useVisitor } from '../../api/auth.ts';
import { ContinueWithButton } from '../../components/Auth/ContinueWithButton.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';

const nextSteps = [
  'Our team reviews your application within 24-48 hours.',
  'You receive the decision by email.',
  'Once approved, your dashboard opens: create releases, follow your streams and get paid.',
];

function Submitted() {
  return (
    <Card sx={{ p: { xs: 1, sm: 3 } }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Application Submitted!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Thank you for applying to Riffline.
        </Typography>
        <Typography variant="h4" component="h3">
          What happens next?
        </Typography>
        <List>
          {nextSteps.map((step) => (
            <ListItem key={step} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleIcon color="primary" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={step} />
            </ListItem>
          ))}
        </List>
        <Button component={RouterLink} to="/" variant="contained">
          Go to my application
        </Button>
      </CardContent>
    </Card>
  );
}

function CreateAccount() {
  return (
    <Card sx={{ p: { xs: 1, sm: 3 }, textAlign: 'center' }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Create Your Account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Create a free account or sign in, then fill in the application. It takes a few minutes.
        </Typography>
        <ContinueWithButton returnTo="/apply" />
      </CardContent>
    </Card>
  );
}

function SignedInApply() {
  const { data, isPending } = useQuery(myApplicationQuery);
  const [submitted, setSubmitted] = useState<Application | null>(null);
  if (submitted) return <Submitted />;
  if (isPending) return <Spinner />;
  if (data?.application?.status === 'pending') {
    return (
      <Card sx={{ p: { xs: 1, sm: 3 } }}>
        <CardContent>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            Application Under Review
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            You have already applied. We review applications within 24-48 hours and email you the decision.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            See my application
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <ApplicationForm onSubmitted={setSubmitted} />;
}

export default function Apply() {
  const { state } = useVisitor();
  if (hasArtistArea(state)) return <Navigate to="/" replace />;
  return (
    <Page
      title="Apply to Join"
      subtitle="Applying is free. Tell us about your music and we will get back to you within 24-48 hours."
      maxWidth="md"
    >
      <Box>
        {state === 'loading' ? <Spinner /> : state === 'anonymous' ? <CreateAccount /> : <SignedInApply />}
      </Box>
    </Page>
  );
}
