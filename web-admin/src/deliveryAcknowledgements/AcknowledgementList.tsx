import { useMediaQuery, type Theme } from '@mui/material';
import type { DeliveryAcknowledgementResponse } from '@riffline/contracts';
import { Datagrid, DateField, List, SimpleList, TextField, useTranslate } from 'react-admin';
import { NoResults } from '../common/NoResults.tsx';
import { QuickFilterToggle } from '../common/QuickFilterToggle.tsx';
import { storeFilter } from '../deliveries/filters.tsx';

const filters = [storeFilter];

/**
 * The acknowledgements the stores wrote into their drop boxes (docs/delivery.md), newest first, kept as
 * they came: an unreadable one is listed with the reason, never dropped. Open one to read it.
 */
export function AcknowledgementList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'receivedAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      <QuickFilterToggle label="riffline.acknowledgements.unreadableOnly" filter={{ unreadable: 'true' }} />
      {phone ? (
        <SimpleList<DeliveryAcknowledgementResponse>
          primaryText={(r) => r.fileName}
          secondaryText={(r) => `${r.storeName} · ${new Date(r.receivedAt).toLocaleString()}`}
          tertiaryText={(r) => r.problem ?? translate('riffline.acknowledgements.read')}
          rowClick="show"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
          <DateField source="receivedAt" showTime />
          <TextField source="storeName" sortable={false} />
          <TextField source="fileName" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />
          <DateField source="madeAt" showTime emptyText="—" />
          <TextField
            source="problem"
            sortable={false}
            emptyText="—"
            sx={{ display: 'block', maxWidth: 360, overflowWrap: 'anywhere', color: 'error.main' }}
          />
        </Datagrid>
      )}
    </List>
  );
}
