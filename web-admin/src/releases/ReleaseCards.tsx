import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReleaseResponse } from '@riffline/contracts';
import {
  DateField,
  Link,
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { Cover } from './Cover.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';

/** Releases on a phone: one card each, the same facts and buttons as the table, the title opening it. */
export function ReleaseCards() {
  const { data, isPending } = useListContext<ReleaseResponse>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (isPending) return null;
  if (!data?.length) return <NoResults />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((release) => (
        <RecordContextProvider key={release.id} value={release}>
          <Card component="li" variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Cover size={56} />
                <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    <Link to={createPath({ resource: 'releases', type: 'show', id: release.id })}>
                      {release.title}
                    </Link>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {release.artist} · {translate(enumLabelKey('releaseType', release.releaseType))} ·{' '}
                    {translate('resources.releases.fields.trackCount')}: {release.trackCount}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <EnumField source="status" name="releaseStatus" />
                    <DateField source="releaseDate" options={{ timeZone: 'UTC' }} variant="body2" />
                  </Stack>
                </Stack>
              </Stack>
              <Stack sx={{ mt: 1.5 }}>
                <ReviewButtons />
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
