import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { JsonBlock } from '../common/JsonBlock.tsx';
import { Actor } from './Actor.tsx';

export function EventShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="occurredAt" showTime />
        <TextField source="type" />
        <TextField source="aggregateType" />
        <TextField source="aggregateId" />
        <Actor label="resources.events.fields.actorId" />
        <TextField source="position" emptyText="—" />
        <JsonBlock source="payload" />
      </SimpleShowLayout>
    </Show>
  );
}
