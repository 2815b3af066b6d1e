import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/Page/useDocumentTitle.ts';

export function HelpNotFound({ title }: { title: 'Category Not Found' | 'Article Not Found' }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: 12, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        It may have moved. Search the help center or browse its topics.
      </Typography>
      <Button component={RouterLink} to="/support" variant="contained">
        Back to Support
      </Button>
    </Container>
  );
}
