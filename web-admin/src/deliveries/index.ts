import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { AdminDeliveryResponse } from '@riffline/contracts';
import { DeliveryList } from './DeliveryList.tsx';
import { DeliveryShow } from './DeliveryShow.tsx';

/** The `deliveries` resource, "Deliveries": the delivery log across releases, with Redeliver. */
export default {
  list: DeliveryList,
  show: DeliveryShow,
  icon: LocalShippingIcon,
  recordRepresentation: (delivery: AdminDeliveryResponse) =>
    `${delivery.releaseTitle} · ${delivery.storeName}`,
};
