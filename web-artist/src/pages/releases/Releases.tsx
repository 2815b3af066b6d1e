import AddIcon from '@mui/icons-material/Add';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { releasesQuery, type Release } from '../../api/releases.ts';
import { ArtistArea } from '../../components/Auth/ArtistArea.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { DeleteReleaseDialog } from '../../components/Releases/DeleteReleaseDialog.tsx';
import { EditReleaseDialog } from '../../components/Releases/EditReleaseDialog.tsx';
import { ReleaseCard } from '../../components/Releases/ReleaseCard.tsx';
import { ReleaseWizard } from './ReleaseWizard.tsx';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';

function ReleaseBuilder() {
  const [params, setParams] = useSearchParams();
  // `/releases?new=1` (the dashboard's New Release) opens the wizard at once.
  const [wizardOpen, setWizardOpen] = useState(params.get('new') === '1');
  // `/releases?split=<id>(&change=1|&expense=1)`: back from signing in again for that release's split.
  const [resumeSplit] = useState(() => ({
    id: params.get('split'),
    as:
      params.get('change') === '1'
        ? ('change' as const)
        : params.get('expense') === '1'
          ? ('expense' as const)
          : ('open' as const),
  }));
  // `/releases?smartlink=<id>(&export=1)`: back from signing in again for the fans export.
  const [resumeSmartLink] = useState(() => ({
    id: params.get('smartlink'),
    as: params.get('export') === '1' ? ('export' as const) : ('open' as const),
  }));
  useEffect(() => {
    // The export runs once: a reload of the page does not download the file again.
    if (params.has('export')) {
      const next = new URLSearchParams(params);
      next.delete('export');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  const [editing, setEditing] = useState<Release | null>(null);
  const [deleting, setDeleting] = useState<Release | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const releases = useQuery(releasesQuery);

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const newRelease = (
    <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={() => setWizardOpen(true)}>
      New Release
    </Button>
  );

  return (
    <Page
      title="Release Builder"
      subtitle="Build a single, EP or album in five steps, upload its audio and send it to 150+ platforms."
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          mb: 3,
        }}
      >
        <Typography variant="h3" component="h2">
          Your Releases
        </Typography>
        {newRelease}
      </Box>

      {releases.isPending && <Spinner label="Loading releases" />}
      {releases.error && (
        <LoadFailed onRetry={() => void releases.refetch()}>Your releases could not be loaded.</LoadFailed>
      )}
      {releases.data?.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <LibraryMusicIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h4" component="p" sx={{ mt: 1 }}>
            No releases found
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Create your first release: add its tracks, upload the audio, then submit it for distribution.
          </Typography>
          {newRelease}
        </Paper>
      )}
      {releases.data && releases.data.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {releases.data.map((release) => (
            <ReleaseCard
              key={release.id}
              release={release}
              expanded={expanded.has(release.id)}
              onToggle={() => toggle(release.id)}
              onEdit={() => setEditing(release)}
              onDelete={() => setDeleting(release)}
              resumeSplit={resumeSplit.id === release.id ? resumeSplit.as : undefined}
              resumeSmartLink={resumeSmartLink.id === release.id ? resumeSmartLink.as : undefined}
            />
          ))}
        </Box>
      )}

      <ReleaseWizard
        open={wizardOpen}
        onClose={() => {
          setWizardOpen(false);
          if (params.has('new')) setParams({}, { replace: true });
        }}
        onCreated={(release) => setExpanded((open) => new Set(open).add(release.id))}
      />
      <EditReleaseDialog key={editing?.id ?? 'none'} release={editing} onClose={() => setEditing(null)} />
      <DeleteReleaseDialog release={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}

/** /releases: the approved artist's releases and the 5-step wizard (SPEC §2 Release Builder). */
export default function Releases() {
  return (
    <ArtistArea path="/releases" title="Release Builder">
      <ReleaseBuilder />
    </ArtistArea>
  );
}
