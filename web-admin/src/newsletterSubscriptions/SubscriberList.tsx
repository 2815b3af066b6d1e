import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminNewsletterSubscriptionResponse } from '@riffline/contracts';
import {
  Datagrid,
  DateField,
  EmailField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumChoices, enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { csvExporter } from '../common/csvExporter.ts';
import { SubscriberExportButton } from './SubscriberExportButton.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="isActive" source="isActive" choices={enumChoices('subscription', ['true', 'false'])} />,
];

/** Newsletter subscribers; Export downloads every one the filters match as CSV. */
export function SubscriberList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={csvExporter}
      actions={
        <TopToolbar>
          <SubscriberExportButton />
        </TopToolbar>
      }
    >
      {phone ? (
        <SimpleList<AdminNewsletterSubscriptionResponse>
          primaryText={(r) => r.email}
          secondaryText={(r) => new Date(r.createdAt).toLocaleDateString()}
          tertiaryText={(r) => translate(enumLabelKey('subscription', r.isActive))}
          rowClick={false}
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<NoResults />}>
          <EmailField source="email" />
          <EnumField source="isActive" name="subscription" />
          <DateField source="createdAt" showTime />
        </Datagrid>
      )}
    </List>
  );
}
