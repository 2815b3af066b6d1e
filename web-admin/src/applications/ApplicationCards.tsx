import { Card, CardContent, Stack, Typography } from '@mui/material';
import {
  DateField,
  Link,
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useTranslate,
} from 'react-admin';
import { enumLabelKey } from '../common/enums.ts';
import { ApplicationsEmpty } from './ApplicationsEmpty.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';
import { SocialLinks } from './SocialLinks.tsx';

type Row = { id: string; artistName: string; legalName: string; genre: string; age: number };

/** The review queue on a phone: one card per application, the same facts and buttons as the table, the name opening it. */
export function ApplicationCards() {
  const { data, isPending } = useListContext<Row>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (isPending) return null;
  if (!data?.length) return <ApplicationsEmpty />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card component="li" variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                <Link to={createPath({ resource: 'applications', type: 'show', id: record.id })}>
                  {record.artistName}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {record.legalName} · {translate(enumLabelKey('applicationGenre', record.genre))} ·{' '}
                {record.age}
              </Typography>
              <DateField source="createdAt" />
              <SocialLinks />
              <Stack sx={{ mt: 1 }}>
                <ReviewButtons />
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
