import { DateField, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, UrlField } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';

export function ApplicationShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ReviewButtons />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="artistName" />
        <TextField source="legalName" />
        <TextField source="user.email" />
        <TextField source="phone" />
        <NumberField source="age" />
        <EnumField source="genre" name="applicationGenre" variant="text" />
        <EnumField source="status" name="applicationStatus" />
        <TextField source="artistStory" />
        <TextField source="demoLinks" />
        <UrlField source="instagram" target="_blank" rel="noopener noreferrer" />
        <UrlField source="youtube" target="_blank" rel="noopener noreferrer" />
        <UrlField source="spotify" target="_blank" rel="noopener noreferrer" emptyText="—" />
        <DateField source="createdAt" showTime />
        <DateField source="reviewedAt" showTime emptyText="—" />
        <TextField source="rejectionReason" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
