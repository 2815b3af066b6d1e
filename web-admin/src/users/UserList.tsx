import { Chip } from '@mui/material';
import {
  Datagrid,
  DateField,
  EmailField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="role"
    source="role"
    choices={[
      { id: 'artist', name: 'artist' },
      { id: 'admin', name: 'admin' },
    ]}
  />,
];

/** SPEC §2: Approved or Pending. */
function ApprovalChip(_props: { label?: string }) {
  const record = useRecordContext<{ isApproved: boolean }>();
  const translate = useTranslate();
  if (!record) return null;
  return record.isApproved ? (
    <Chip size="small" color="success" label={translate('riffline.users.approved')} />
  ) : (
    <Chip size="small" label={translate('riffline.users.pending')} />
  );
}

export function UserList() {
  return (
    <List filters={userFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="username" emptyText="—" />
        <EmailField source="email" />
        <TextField source="role" />
        <ApprovalChip label="resources.users.fields.isApproved" />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
