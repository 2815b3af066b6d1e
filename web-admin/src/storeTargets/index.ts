import StorefrontIcon from '@mui/icons-material/Storefront';
import type { StoreTargetResponse } from '@riffline/contracts';
import { StoreTargetCreate, StoreTargetEdit } from './StoreTargetForm.tsx';
import { StoreTargetList } from './StoreTargetList.tsx';

/** The `store-targets` resource, "Stores": each store's drop box for delivery (docs/delivery.md). */
export default {
  list: StoreTargetList,
  create: StoreTargetCreate,
  edit: StoreTargetEdit,
  icon: StorefrontIcon,
  recordRepresentation: (target: StoreTargetResponse) => target.storeName,
};
