import type { AdminSupportTicketResponse } from '@riffline/contracts';
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
  useRedirect,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey } from '../common/enums.ts';
import { useToast } from '../common/Toast.tsx';
import { statusChoices } from './choices.ts';
import { TicketThread } from './TicketThread.tsx';

/** An admin reads the ticket, answers it, and moves it along (open, in progress, resolved, closed). */
export function TicketEdit() {
  const toast = useToast();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        // Riffline's words, not react-admin's 'Element updated'.
        onSuccess: (ticket: AdminSupportTicketResponse) => {
          toast.success('riffline.tickets.updated', 'riffline.tickets.updatedText', {
            subject: ticket.subject,
            status: translate(enumLabelKey('ticketStatus', ticket.status), { _: ticket.status }),
          });
          redirect('list', 'tickets');
        },
        onError: () => toast.error('riffline.tickets.failed', 'riffline.tickets.failedText'),
      }}
    >
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
