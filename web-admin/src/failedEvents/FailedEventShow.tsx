import { DateField, Labeled, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { JsonBlock } from '../common/JsonBlock.tsx';
import { ReplayButton } from './ReplayButton.tsx';

export function FailedEventShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ReplayButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="group" />
        <TextField source="event.type" />
        <EnumField source="status" name="failedEventStatus" />
        <NumberField source="attempts" />
        <TextField source="error" />
        <DateField source="firstFailedAt" showTime />
        <DateField source="lastFailedAt" showTime />
        <DateField source="parkedAt" showTime emptyText="—" />
        <DateField source="replayRequestedAt" showTime emptyText="—" />
        <DateField source="replayedAt" showTime emptyText="—" />
        <Labeled label="riffline.failedEvents.event">
          <JsonBlock source="event" />
        </Labeled>
        <Labeled label="riffline.failedEvents.stack">
          <JsonBlock source="stack" />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
