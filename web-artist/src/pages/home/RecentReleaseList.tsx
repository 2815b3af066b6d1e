import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { releasesQuery, type Release } from '../../api/releases.ts';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { ReleaseCard } from '../../components/Releases/ReleaseCard.tsx';

/** SPEC §9: the dashboard shows the first 3 releases. */
const RECENT_RELEASES = 3;

// The edit and delete dialogs (the edit form and its rules) load when first opened.
const EditReleaseDialog = lazy(() =>
  import('../../components/Releases/EditReleaseDialog.tsx').then((m) => ({ default: m.EditReleaseDialog })),
);
const DeleteReleaseDialog = lazy(() =>
  import('../../components/Releases/DeleteReleaseDialog.tsx').then((m) => ({
    default: m.DeleteReleaseDialog,
  })),
);

/** SPEC §9: the dashboard's first releases, each with its tracks, edit and delete. */
export default function RecentReleaseList() {
  const releases = useQuery(releasesQuery);
  const [editing, setEditing] = useState<Release | null>(null);
  const [deleting, setDeleting] = useState<Release | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Once opened, a dialog stays mounted (closed) so its closing transition plays.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  const edit = (release: Release) => {
    setDialogsUsed(true);
    setEditing(release);
  };
  const remove = (release: Release) => {
    setDialogsUsed(true);
    setDeleting(release);
  };
  const all = releases.data;
  const recent = all?.slice(0, RECENT_RELEASES) ?? [];
  return (
    <>
      {releases.isPending && <Spinner label="Loading releases" />}
      {releases.error && (
        <LoadFailed onRetry={() => void releases.refetch()}>Your releases could not be loaded.</LoadFailed>
      )}
      {all?.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No releases found
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Your releases show here once you create them.
          </Typography>
          <Button component={RouterLink} to="/releases?new=1" variant="contained" startIcon={<AddIcon />}>
            New Release
          </Button>
        </Paper>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {recent.map((release) => (
          <ReleaseCard
            key={release.id}
            release={release}
            expanded={expanded.has(release.id)}
            onToggle={() =>
              setExpanded((open) => {
                const next = new Set(open);
                if (!next.delete(release.id)) next.add(release.id);
                return next;
              })
            }
            onEdit={() => edit(release)}
            onDelete={() => remove(release)}
          />
        ))}
      </Box>
      {dialogsUsed && (
        <Suspense fallback={null}>
          <EditReleaseDialog key={editing?.id ?? 'none'} release={editing} onClose={() => setEditing(null)} />
          <DeleteReleaseDialog release={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </>
  );
}
