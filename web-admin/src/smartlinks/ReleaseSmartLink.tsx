import { Link, Stack } from '@mui/material';
import type { AdminSmartLinkResponse, ReleaseWithTracksResponse } from '@riffline/contracts';
import { Labeled, RecordContextProvider, useCreatePath, useGetList, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StatusChip } from './fields.tsx';

/**
 * On a release's page: its SmartLink, by its slug, opening the SmartLink's page in the console (where it is
 * disabled or enabled), with its status.
 */
export function ReleaseSmartLink() {
  const release = useRecordContext<ReleaseWithTracksResponse>();
  const createPath = useCreatePath();
  const { data } = useGetList<AdminSmartLinkResponse>(
    'smartlinks',
    {
      filter: { releaseId: release?.id },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { enabled: Boolean(release) },
  );
  const smartLink = data?.[0];
  if (!smartLink) return null;
  return (
    <Labeled label="riffline.smartlinks.ofRelease">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link
          component={RouterLink}
          to={createPath({ resource: 'smartlinks', type: 'show', id: smartLink.id })}
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {smartLink.slug}
        </Link>
        <RecordContextProvider value={smartLink}>
          <StatusChip />
        </RecordContextProvider>
      </Stack>
    </Labeled>
  );
}
