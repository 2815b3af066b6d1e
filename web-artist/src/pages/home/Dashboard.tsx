import { Box, Container, Typography } from '@mui/material';
import { useVisitor } from '../../api/auth.ts';
import { night } from '../../theme.ts';

/** The approved artist's dashboard; its stats, quick actions and releases come with the artist-area issue. */
export default function Dashboard() {
  const { user } = useVisitor();
  return (
    <Box sx={{ ...night, py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Typography variant="h2" component="h1">
          Welcome back, {user?.firstName || 'Artist'}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.85 }}>Your music is live on 150+ platforms</Typography>
      </Container>
    </Box>
  );
}
