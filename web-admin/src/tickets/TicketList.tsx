import { Datagrid, DateField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { priorityChoices, statusChoices } from './choices.ts';

const ticketFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <SelectInput key="priority" source="priority" choices={priorityChoices} />,
];

export function TicketList() {
  return (
    <List filters={ticketFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="subject" />
        <TextField source="user.email" />
        <TextField source="category" emptyText="—" />
        <TextField source="priority" />
        <TextField source="status" />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
