import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminEventResponse } from '@riffline/contracts';
import { Datagrid, DateField, List, SimpleList, TextField } from 'react-admin';
import { NoResults } from '../common/NoResults.tsx';
import { Actor } from './Actor.tsx';
import { eventFilters } from './eventFilters.tsx';

/** The audit trail: every change the platform recorded, newest first (read-only). */
export function EventList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={eventFilters}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      {phone ? (
        <SimpleList<AdminEventResponse>
          primaryText={(r) => r.type}
          secondaryText={<Actor />}
          tertiaryText={(r) => new Date(r.occurredAt).toLocaleString()}
          rowClick="show"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
          <DateField source="occurredAt" showTime />
          <TextField source="type" />
          <TextField source="aggregateType" />
          <TextField source="aggregateId" sortable={false} />
          <Actor label="resources.events.fields.actorId" sortable={false} />
          <TextField source="position" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
