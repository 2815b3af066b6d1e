import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { articleQuery } from '../../api/help.ts';
import { Page } from '../../components/Page/Page.tsx';
import { PageSpinner } from '../../components/Page/Spinner.tsx';
import { HelpNotFound } from './HelpNotFound.tsx';

export default function Article() {
  const { category = '', id = '' } = useParams();
  const { data, isPending, error } = useQuery(articleQuery(id));
  if (isPending) return <PageSpinner />;
  if (error || !data || data.category !== category) return <HelpNotFound title="Article Not Found" />;
  return (
    <Page title={data.title} subtitle={data.excerpt} maxWidth="md">
      <Typography sx={{ mb: 2 }}>
        <Box component={RouterLink} to={`/articles/${data.category}`} sx={{ color: 'primary.main' }}>
          {data.categoryTitle}
        </Box>
      </Typography>
      {/* The API sanitises article HTML (allow-listed tags, site links only) before it is sent. */}
      <Box
        className="article-body"
        sx={{
          '& h2': { mt: 4, mb: 1 },
          '& h3': { mt: 3, mb: 1 },
          '& p, & li': { lineHeight: 1.7 },
          '& a': { color: 'primary.main' },
        }}
        dangerouslySetInnerHTML={{ __html: data.content }}
      />
      <Button component={RouterLink} to="/support" variant="outlined" sx={{ mt: 5 }}>
        Back to Support
      </Button>
    </Page>
  );
}
