import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, List, ReferenceField, SimpleList, TextField, useTranslate } from 'react-admin';
import type { AdminSettingResponse } from '@riffline/contracts';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey, humanize } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';

/** The platform's editable values (SPEC §2 Platform Settings): open one to change it. */
export function SettingList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const label = (r: AdminSettingResponse) =>
    translate(enumLabelKey('settingKey', r.settingKey), { _: humanize(r.settingKey) });
  return (
    <List
      sort={{ field: 'settingKey', order: 'ASC' }}
      perPage={50}
      empty={false}
      actions={false}
      exporter={false}
      pagination={false}
    >
      {phone ? (
        <SimpleList<AdminSettingResponse>
          primaryText={label}
          secondaryText={(r) => r.settingValue}
          tertiaryText={(r) => new Date(r.updatedAt).toLocaleDateString()}
          rowClick="edit"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false} empty={<NoResults />}>
          <EnumField source="settingKey" name="settingKey" variant="text" />
          <TextField source="settingValue" />
          <ReferenceField source="updatedBy" reference="users" link={false} sortable={false} emptyText="—">
            <TextField source="email" />
          </ReferenceField>
          <DateField source="updatedAt" showTime />
        </Datagrid>
      )}
    </List>
  );
}
