import { Alert, AlertTitle, Link } from '@mui/material';
import type { AdminDeliveryResponse } from '@riffline/contracts';
import {
  DateField,
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { countriesText, day } from '../releases/changeWords.ts';
import { RedeliverButton } from './RedeliverButton.tsx';
import { ReleaseLink } from './ReleaseLink.tsx';

type Delivery = AdminDeliveryResponse;

const code = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** The store's error in its own words, first: what the admin opened the delivery for. */
function StoreError() {
  const delivery = useRecordContext<Delivery>();
  const translate = useTranslate();
  if (!delivery?.error) return null;
  return (
    <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>{translate('riffline.deliveries.storeSaid', { store: delivery.storeName })}</AlertTitle>
      {delivery.error}
    </Alert>
  );
}

/** The delivery's fields; a takedown's with where and from when its deals end. */
function DeliveryDetails() {
  const delivery = useRecordContext<Delivery>();
  const translate = useTranslate();
  const takedown = delivery?.kind === 'takedown';
  return (
    <SimpleShowLayout>
      <StoreError />
      <ReleaseLink source="releaseTitle" />
      <TextField source="artist" />
      <TextField source="storeName" />
      <EnumField source="kind" name="deliveryKind" variant="text" />
      <EnumField source="status" name="deliveryStatus" />
      <FunctionField<Delivery>
        source="storeUrl"
        render={(d) =>
          d.storeUrl ? (
            <Link href={d.storeUrl} target="_blank" rel="noopener">
              {d.storeUrl}
            </Link>
          ) : (
            '—'
          )
        }
      />
      {takedown && (
        <FunctionField<Delivery>
          source="territories"
          render={(d) =>
            d.territories?.length ? countriesText(d.territories) : translate('riffline.changes.everywhere')
          }
        />
      )}
      {takedown && (
        <FunctionField<Delivery>
          source="effectiveOn"
          render={(d) => (d.effectiveOn ? day(d.effectiveOn) : translate('riffline.changes.atOnce'))}
        />
      )}
      <NumberField source="attempts" />
      <TextField source="batchId" sx={code} />
      <TextField source="messageId" sx={code} />
      <DateField source="createdAt" showTime />
      <DateField source="deliveredAt" showTime emptyText="—" />
      <DateField source="updatedAt" showTime />
    </SimpleShowLayout>
  );
}

/** One delivery: the release, the store, its batch and MessageId, its state, and Redeliver. */
export function DeliveryShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RedeliverButton />
        </TopToolbar>
      }
    >
      <DeliveryDetails />
    </Show>
  );
}
