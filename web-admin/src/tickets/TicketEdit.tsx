import {
  DateField,
  Edit,
  Labeled,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  Toolbar,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { statusChoices } from './choices.ts';
import { TicketThread } from './TicketThread.tsx';

/** An admin reads the ticket, answers it, and moves it along (open, in progress, resolved, closed). */
export function TicketEdit() {
  return (
    <Edit mutationMode="pessimistic">
      {/* Tickets are never deleted: the form saves, nothing else. */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Labeled>
          <TextField source="subject" />
        </Labeled>
        <Labeled>
          <TextField source="user.email" />
        </Labeled>
        <Labeled>
          <TextField source="message" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
        </Labeled>
        <Labeled>
          <EnumField source="category" name="ticketCategory" variant="text" />
        </Labeled>
        <Labeled>
          <EnumField source="priority" name="ticketPriority" />
        </Labeled>
        <Labeled>
          <DateField source="createdAt" showTime />
        </Labeled>
        <SelectInput source="status" choices={statusChoices} validate={required()} />
        <TicketThread />
      </SimpleForm>
    </Edit>
  );
}
