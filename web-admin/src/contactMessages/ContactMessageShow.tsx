import { DateField, EmailField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';

export function ContactMessageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="subject" />
        <TextField source="name" />
        <EmailField source="email" />
        <DateField source="createdAt" showTime />
        <EnumField source="status" name="contactStatus" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      </SimpleShowLayout>
    </Show>
  );
}
