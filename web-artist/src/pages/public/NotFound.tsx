import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/Page/useDocumentTitle.ts';

export default function NotFound() {
  useDocumentTitle('Page Not Found');
  return (
    <Container maxWidth="sm" sx={{ py: 12, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Go Home
      </Button>
    </Container>
  );
}
