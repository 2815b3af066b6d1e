import { useMediaQuery, type Theme } from '@mui/material';
import { roles, type UserResponse } from '@riffline/contracts';
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
import { enumChoices, enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { ApprovalChip } from './ApprovalChip.tsx';
import { csvExporter } from '../common/csvExporter.ts';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={enumChoices('role', roles)} />,
];

export function UserList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={userFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={csvExporter}
    >
      {phone ? (
        <SimpleList<UserResponse>
          primaryText={(u) => u.email ?? u.username ?? u.id}
          secondaryText={(u) =>
            [
              translate(enumLabelKey('role', u.role)),
              translate(u.isApproved ? 'riffline.users.approved' : 'riffline.users.pending'),
              new Date(u.createdAt).toLocaleDateString(),
            ].join(' · ')
          }
          rowClick="show"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show" empty={<NoResults />}>
          <TextField source="username" emptyText="—" />
          <TextField source="email" />
          <EnumField source="role" name="role" variant="text" />
          <ApprovalChip label="resources.users.fields.isApproved" />
          <DateField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}
