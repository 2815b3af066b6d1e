import { useMediaQuery, type Theme } from '@mui/material';
import type { StoreTargetResponse } from '@riffline/contracts';
import { Datagrid, FunctionField, List, SimpleList, TextField, useTranslate } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey, type EnumName } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { whereOf } from './format.ts';

/** "private key, password": which credentials are kept, by name (their values never reach the console). */
export function useCredentialNames() {
  const translate = useTranslate();
  return (target: Pick<StoreTargetResponse, 'credentialsSet'>) =>
    target.credentialsSet.map((name) => translate(enumLabelKey('storeCredential', name))).join(', ') || '—';
}

/** The stores' drop boxes (docs/delivery.md), one per store: open one to change it. */
export function StoreTargetList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const credentials = useCredentialNames();
  const label = (name: EnumName, value: string) => translate(enumLabelKey(name, value));
  return (
    <List sort={{ field: 'store', order: 'ASC' }} perPage={50} empty={false} exporter={false}>
      {phone ? (
        <SimpleList<StoreTargetResponse>
          primaryText={(r) => r.storeName}
          secondaryText={(r) => `${label('storeProtocol', r.protocol)} · ${whereOf(r)}`}
          tertiaryText={(r) => `${label('storeMode', r.mode)} · ${label('storeEnabled', String(r.enabled))}`}
          rowClick="edit"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false} empty={<NoResults />}>
          <TextField source="storeName" sortBy="store" />
          <EnumField source="protocol" name="storeProtocol" variant="text" />
          <FunctionField<StoreTargetResponse> source="where" sortable={false} render={whereOf} />
          <TextField source="dpid" sortable={false} />
          <EnumField source="profile" name="storeProfile" variant="text" sortable={false} />
          <EnumField source="mode" name="storeMode" />
          <EnumField source="enabled" name="storeEnabled" />
          <FunctionField<StoreTargetResponse> source="credentialsSet" sortable={false} render={credentials} />
        </Datagrid>
      )}
    </List>
  );
}
