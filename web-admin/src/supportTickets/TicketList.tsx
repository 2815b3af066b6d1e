import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminSupportTicketResponse } from '@riffline/contracts';
import {
  Datagrid,
  DateField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { priorityChoices, statusChoices } from './choices.ts';
import { csvExporter } from '../common/csvExporter.ts';

const ticketFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <SelectInput key="priority" source="priority" choices={priorityChoices} />,
];

export function TicketList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={ticketFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={csvExporter}
    >
      {phone ? (
        <SimpleList<AdminSupportTicketResponse>
          primaryText={(t) => t.subject}
          secondaryText={(t) =>
            [t.user.email, translate(enumLabelKey('ticketPriority', t.priority))].filter(Boolean).join(' · ')
          }
          tertiaryText={(t) => translate(enumLabelKey('ticketStatus', t.status))}
          rowClick="edit"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false} empty={<NoResults />}>
          <TextField source="subject" />
          <TextField source="user.email" />
          <EnumField source="category" name="ticketCategory" variant="text" />
          <EnumField source="priority" name="ticketPriority" />
          <EnumField source="status" name="ticketStatus" />
          <DateField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}
