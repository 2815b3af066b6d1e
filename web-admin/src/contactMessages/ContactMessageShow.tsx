import { DateField, EmailField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { AdminContactMessageResponse } from '@riffline/contracts';
import { EnumField } from '../common/EnumField.tsx';
import { ContactActions } from './ContactActions.tsx';

/** The reply and when it went, once there is one. */
function Reply() {
  const message = useRecordContext<AdminContactMessageResponse>();
  if (!message?.reply) return null;
  return (
    <SimpleShowLayout sx={{ p: 0 }}>
      <TextField source="reply" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      <DateField source="repliedAt" showTime />
    </SimpleShowLayout>
  );
}

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
        <ContactActions />
        <Reply />
      </SimpleShowLayout>
    </Show>
  );
}
