import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
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
import { Link as RouterLink } from 'react-router';
import { myApplicationQuery, type Application } from '../../api/applications.ts';
import { PageSpinner } from '../../components/Page/Spinner.tsx';
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

/**
 * /apply for someone signed in: the form, or where their application stands. Its own chunk (the form, its
 * rules and its inputs), loaded only once someone is signed in: visitors see the page without it.
 */
export default function SignedInApply() {
  const { data, isPending } = useQuery(myApplicationQuery);
  const [submitted, setSubmitted] = useState<Application | null>(null);
  if (submitted) return <Submitted />;
  if (isPending) return <PageSpinner />;
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
