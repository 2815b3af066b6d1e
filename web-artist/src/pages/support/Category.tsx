import { Button, Card, CardActionArea, CardContent, Typography, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { categoryQuery } from '../../api/help.ts';
import { Page } from '../../components/Page/Page.tsx';
import { PageSpinner } from '../../components/Page/Spinner.tsx';
import { HelpNotFound } from './HelpNotFound.tsx';

export default function Category() {
  const { category = '' } = useParams();
  const { data, isPending, error } = useQuery(categoryQuery(category));
  if (isPending) return <PageSpinner />;
  if (error || !data) return <HelpNotFound title="Category Not Found" />;
  return (
    <Page title={data.title} subtitle={data.description} maxWidth="md">
      <Box sx={{ display: 'grid', gap: 2 }}>
        {data.articles.map((a) => (
          <Card key={a.id}>
            <CardActionArea component={RouterLink} to={`/articles/${data.slug}/${a.id}`}>
              <CardContent>
                <Typography variant="h4" component="h2">
                  {a.title}
                </Typography>
                <Typography color="text.secondary">{a.excerpt}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Button component={RouterLink} to="/support" sx={{ mt: 4 }}>
        Back to Support
      </Button>
    </Page>
  );
}
