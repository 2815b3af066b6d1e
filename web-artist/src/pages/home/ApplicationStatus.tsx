import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Container, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { myApplicationQuery } from '../../api/applications.ts';
import { useVisitor } from '../../api/auth.ts';
import { PageSpinner } from '../../components/Page/Spinner.tsx';
import { useDocumentTitle } from '../../components/Page/useDocumentTitle.ts';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * What a signed-in artist awaiting approval sees on `/`; a collaborator who never applied (a payee of
 * someone's split) is pointed at their earnings first, and may apply.
 */
export default function ApplicationStatus() {
  useDocumentTitle('Your Application');
  const { user } = useVisitor();
  const { data, isPending, error } = useQuery(myApplicationQuery);
  if (isPending) return <PageSpinner />;
  if (error)
    return (
      <Container sx={{ py: 8 }}>
        <Alert severity="error">{error.message}</Alert>
      </Container>
    );
  const application = data.application;

  if (!application && user?.isPayee) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          Your earnings are in Royalties
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          You earn a share of music someone shared with you. To release music of your own, apply to join: it
          takes a few minutes.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/royalties" variant="contained" size="large">
            Go to Royalties
          </Button>
          <Button component={RouterLink} to="/apply" variant="outlined" size="large">
            Apply to Join
          </Button>
        </Box>
      </Container>
    );
  }

  if (!application || application.status === 'rejected') {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          {application ? 'Your application was not approved' : 'Finish your application'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {application
            ? 'Thank you for applying. You are welcome to apply again with updated links and a fuller story.'
            : 'Tell us about your music to get access to the Riffline dashboard. It takes a few minutes.'}
        </Typography>
        {application?.rejectionReason && (
          <Alert severity="info" sx={{ mb: 4, textAlign: 'left', whiteSpace: 'pre-line' }}>
            <AlertTitle>Why</AlertTitle>
            {application.rejectionReason}
          </Alert>
        )}
        <Button component={RouterLink} to="/apply" variant="contained" size="large">
          {application ? 'Apply Again' : 'Apply to Join'}
        </Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: 10 }}>
      <Card sx={{ textAlign: 'center', p: { xs: 1, sm: 3 } }}>
        <CardContent>
          <Box
            sx={{ display: 'inline-flex', p: 2, borderRadius: '50%', bgcolor: 'rgba(124,58,237,0.1)', mb: 2 }}
          >
            <HourglassTopIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          </Box>
          <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
            Application Under Review
          </Typography>
          <Typography sx={{ mb: 1 }}>
            Thanks, {application.artistName}! We received your application on{' '}
            {longDate(application.createdAt)}.
          </Typography>
          <Typography color="text.secondary">
            Our team reviews every application within 24-48 hours. We will email you the decision, and once
            you are approved your dashboard opens here.
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}
