import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  releaseChangeStatuses,
  type AdminReleaseChangeResponse,
  type ReleaseWithTracksResponse,
} from '@riffline/contracts';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SimpleList,
  useGetOne,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { StatusTabs } from '../common/StatusTabs.tsx';
import { ReleaseLink } from '../deliveries/ReleaseLink.tsx';
import { correctionSummary, trackNumbersOf } from './correctionWords.ts';

type Correction = AdminReleaseChangeResponse;

/** The API's list has takedowns and purges too: this resource is the corrections, always. */
export const correctionsOnly = { kind: 'correction' } as const;

/**
 * What the correction changes, in short ("Title, Track 2, Cover"): a track by its number on the release,
 * read from the release when the correction names tracks.
 */
export function CorrectionSummary(_props: { label?: string; source?: string; sortable?: boolean }) {
  const change = useRecordContext<Correction>();
  const translate = useTranslate();
  const tracksNamed = Boolean(change?.proposed?.tracks?.length);
  const { data: release } = useGetOne<ReleaseWithTracksResponse>(
    'releases',
    { id: change?.releaseId },
    { enabled: tracksNamed },
  );
  if (!change) return null;
  return (
    <Typography component="span" variant="body2" data-testid="correction-summary">
      {correctionSummary(change, trackNumbersOf(release), translate)}
    </Typography>
  );
}

/** 'No pending corrections', by the tab that is open. */
function CorrectionsEmpty() {
  const { filterValues } = useListContext();
  const status = (filterValues.status as string | undefined) ?? 'pending';
  return <NoResults message={`riffline.corrections.empty.${status}`} />;
}

/**
 * Corrections (docs/admin-console.md): the artists' corrections of live releases, the review queue first
 * (Pending, newest first), then Approved and Rejected; each opens on its before → after and its review.
 */
export function CorrectionList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filter={correctionsOnly}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      <StatusTabs name="releaseChangeStatus" statuses={releaseChangeStatuses} label="Correction status" />
      {phone ? (
        <SimpleList<Correction>
          primaryText={(r) => r.releaseTitle}
          secondaryText={<CorrectionSummary />}
          tertiaryText={(r) => `${r.artist} · ${translate(enumLabelKey('releaseChangeStatus', r.status))}`}
          rowClick="show"
          empty={<CorrectionsEmpty />}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<CorrectionsEmpty />}>
          <FunctionField<Correction>
            source="releaseTitle"
            sortable={false}
            render={(c) => (
              <Stack sx={{ minWidth: 120 }}>
                <ReleaseLink />
                <Typography variant="body2" color="text.secondary">
                  {c.artist}
                </Typography>
              </Stack>
            )}
          />
          <CorrectionSummary label="resources.release-changes.fields.changes" sortable={false} />
          <DateField source="createdAt" showTime />
          <DateField source="decidedAt" showTime emptyText="—" />
          <EnumField source="status" name="releaseChangeStatus" />
        </Datagrid>
      )}
    </List>
  );
}
