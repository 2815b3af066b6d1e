import { useMediaQuery, type Theme } from '@mui/material';
import type { ReleaseStatus } from '@riffline/contracts';
import { Datagrid, DateField, List, NumberField, SearchInput, TextField, TopToolbar } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { NoResults } from '../common/NoResults.tsx';
import { StatusTabs } from '../common/StatusTabs.tsx';
import { Cover } from './Cover.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { ReleaseCards } from './ReleaseCards.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';

/** The review queue first: releases in processing, then the others by status. */
const tabs: readonly ReleaseStatus[] = ['processing', 'live', 'rejected', 'draft'];

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function ReleaseList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'processing' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
      actions={
        <TopToolbar>
          <ExportButtons />
        </TopToolbar>
      }
    >
      <StatusTabs name="releaseStatus" statuses={tabs} label="Release status" />
      {phone ? (
        <ReleaseCards />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
          <Cover source="coverUrl" label="resources.releases.fields.coverUrl" sortable={false} />
          <TextField source="title" />
          <TextField source="artist" />
          <EnumField source="releaseType" name="releaseType" variant="text" sortable={false} />
          <EnumField source="genre" name="releaseGenre" variant="text" sortable={false} />
          <NumberField source="trackCount" sortable={false} />
          <DateField source="releaseDate" options={{ timeZone: 'UTC' }} />
          <EnumField source="status" name="releaseStatus" />
          <ReviewButtons />
        </Datagrid>
      )}
    </List>
  );
}
