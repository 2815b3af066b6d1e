import { DateField, Edit, SelectInput, SimpleForm, TextField, Labeled } from 'react-admin';
import { statusChoices } from './choices.ts';

/** An admin reads the ticket and moves it along (open, in progress, resolved, closed). */
export function TicketEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <Labeled>
          <TextField source="subject" />
        </Labeled>
        <Labeled>
          <TextField source="user.email" />
        </Labeled>
        <Labeled>
          <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        </Labeled>
        <Labeled>
          <TextField source="priority" />
        </Labeled>
        <Labeled>
          <DateField source="createdAt" showTime />
        </Labeled>
        <SelectInput source="status" choices={statusChoices} />
      </SimpleForm>
    </Edit>
  );
}
