import { useMediaQuery, type Theme } from '@mui/material';
import { contactMessageStatuses, type AdminContactMessageResponse } from '@riffline/contracts';
import { Datagrid, DateField, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumChoices } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={enumChoices('contactStatus', contactMessageStatuses)} />,
];

/** What visitors wrote through the contact form, newest first. */
export function ContactMessageList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      {phone ? (
        <SimpleList<AdminContactMessageResponse>
          primaryText={(r) => r.subject}
          secondaryText={(r) => `${r.name} · ${r.email}`}
          tertiaryText={(r) => new Date(r.createdAt).toLocaleDateString()}
          rowClick="show"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
          <DateField source="createdAt" showTime />
          <TextField source="name" sortable={false} />
          <TextField source="email" />
          <TextField source="subject" />
          <EnumField source="status" name="contactStatus" />
        </Datagrid>
      )}
    </List>
  );
}
