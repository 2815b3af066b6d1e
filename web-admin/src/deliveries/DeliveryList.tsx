import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { AdminDeliveryResponse } from '@riffline/contracts';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SimpleList,
  TextField,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { QuickFilterToggle } from '../common/QuickFilterToggle.tsx';
import { deliveryFilters } from './filters.tsx';
import { RedeliverButton } from './RedeliverButton.tsx';
import { ReleaseLink } from './ReleaseLink.tsx';

const code = { fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' } as const;

/**
 * The delivery log (docs/delivery.md): every delivery to a store, newest first, with the release it
 * carried (its title opens its page), its state, the store's error in its words, and its batch and
 * MessageId. "Needs attention" keeps the errors: the admin's list of what to look at, each with
 * Redeliver.
 */
export function DeliveryList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={deliveryFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      <QuickFilterToggle label="riffline.deliveries.needsAttention" filter={{ status: 'error' }} />
      {phone ? (
        <SimpleList<AdminDeliveryResponse>
          primaryText={(r) => r.releaseTitle}
          secondaryText={(r) =>
            [
              r.storeName,
              translate(enumLabelKey('deliveryKind', r.kind)),
              translate(enumLabelKey('deliveryStatus', r.status)),
            ].join(' · ')
          }
          tertiaryText={(r) => r.error ?? ''}
          rowClick="show"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid
          rowClick="show"
          bulkActionButtons={false}
          empty={<NoResults />}
          sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
        >
          <FunctionField<AdminDeliveryResponse>
            source="releaseTitle"
            sortable={false}
            render={(d) => (
              <Stack sx={{ minWidth: 120 }}>
                <ReleaseLink />
                <Typography variant="body2" color="text.secondary">
                  {d.artist}
                </Typography>
              </Stack>
            )}
          />
          <FunctionField<AdminDeliveryResponse>
            source="storeName"
            label="resources.deliveries.fields.storeAndKind"
            sortable={false}
            render={() => (
              <Stack>
                <TextField source="storeName" />
                <Box sx={{ color: 'text.secondary' }}>
                  <EnumField source="kind" name="deliveryKind" variant="text" />
                </Box>
              </Stack>
            )}
          />
          <EnumField source="status" name="deliveryStatus" />
          <TextField
            source="error"
            sortable={false}
            emptyText="—"
            sx={{ display: 'block', minWidth: 150, maxWidth: 300, overflowWrap: 'break-word' }}
          />
          <NumberField source="attempts" sortable={false} />
          <FunctionField<AdminDeliveryResponse>
            source="batchId"
            label="resources.deliveries.fields.batch"
            sortable={false}
            render={(d) => (
              <Stack sx={code}>
                <span>{d.batchId}</span>
                <Box
                  component="span"
                  title={d.messageId}
                  sx={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {d.messageId}
                </Box>
              </Stack>
            )}
          />
          <DateField source="deliveredAt" showTime emptyText="—" />
          <RedeliverButton row />
        </Datagrid>
      )}
    </List>
  );
}
