import ArticleIcon from '@mui/icons-material/Article';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  OutlinedInput,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useVisitor } from '../../api/auth.ts';
import type { ArticleSummary } from '@riffline/contracts';
import { categoriesQuery, popularQuery, searchQuery } from '../../api/help.ts';
import { Page } from '../../components/Page/Page.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';

// The ticket form (react-hook-form, the contracts' zod schema) is for signed-in people only: a chunk of its
// own, so a visitor's help center does not download it.
const loadTicketForm = () => import('./TicketForm.tsx').then((m) => ({ default: m.TicketForm }));
const TicketForm = lazy(loadTicketForm);

const icons: Record<string, typeof ArticleIcon> = {
  'getting-started': RocketLaunchIcon,
  'uploading-music': CloudUploadIcon,
  'royalties-payments': AttachMoneyIcon,
};

const articlePath = (a: ArticleSummary) => `/articles/${a.category}/${a.id}`;

function ArticleList({ articles, label }: { articles: ArticleSummary[]; label: string }) {
  return (
    <List aria-label={label}>
      {articles.map((a) => (
        <ListItem key={a.id} disablePadding>
          <ListItemButton component={RouterLink} to={articlePath(a)} sx={{ borderRadius: 2 }}>
            <ListItemText primary={a.title} secondary={`${a.categoryTitle} · ${a.excerpt}`} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function Search() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const results = useQuery(searchQuery(q));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <Box>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
        {/* The outlined field of a TextField without its select machinery (menus, popovers), which
            TextField always brings in. */}
        <OutlinedInput
          fullWidth
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Search help articles, e.g. artwork size"
          inputProps={{ 'aria-label': 'Search help articles' }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          }
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
      {q && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          {results.isPending ? (
            <Typography color="text.secondary">Searching…</Typography>
          ) : results.data?.length ? (
            <>
              <Typography variant="h4" component="h2">
                Results for “{q}”
              </Typography>
              <ArticleList articles={results.data} label="Search results" />
            </>
          ) : (
            <Typography color="text.secondary">
              No articles match “{q}”. Try other words, or open a ticket below.
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

export default function Support() {
  const { shown } = useVisitor();
  // Signed in (or signed in last time): the form's chunk loads at once, beside the page's data.
  useEffect(() => {
    if (shown !== 'anonymous') void loadTicketForm();
  }, [shown]);
  const categories = useQuery(categoriesQuery);
  const popular = useQuery(popularQuery);
  return (
    <Page
      title="Help Center"
      subtitle="Answers about releases, royalties and your account, and a team that replies within 24 hours."
    >
      <Search />
      <Typography variant="h3" component="h2" sx={{ mt: 5, mb: 2 }}>
        Browse by topic
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {categories.data?.map((c) => {
          const Icon = icons[c.slug] ?? ArticleIcon;
          return (
            <Card key={c.slug}>
              <CardActionArea component={RouterLink} to={`/articles/${c.slug}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Icon color="primary" sx={{ fontSize: 36 }} aria-hidden />
                  <Typography variant="h4" component="h3" sx={{ mt: 1 }}>
                    {c.title}
                  </Typography>
                  <Typography color="text.secondary">{c.description}</Typography>
                  <Typography sx={{ mt: 1, fontWeight: 600 }} color="primary">
                    {c.articleCount} articles
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <Box sx={{ display: 'grid', gap: 4, mt: 5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box>
          <Typography variant="h3" component="h2">
            Popular articles
          </Typography>
          {popular.data && <ArticleList articles={popular.data} label="Popular articles" />}
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
              Open a support ticket
            </Typography>
            {shown === 'loading' ? null : shown === 'anonymous' ? (
              <Box>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Sign in to open a ticket and follow our answers.
                </Typography>
                <Button variant="contained" href="/api/login">
                  Login to Continue
                </Button>
              </Box>
            ) : (
              <Suspense fallback={<Spinner />}>
                <TicketForm />
              </Suspense>
            )}
          </CardContent>
        </Card>
      </Box>
    </Page>
  );
}
