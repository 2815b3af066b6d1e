import { deliveryKinds, deliveryStatuses, selectableStores } from '@riffline/contracts';
import { SelectInput } from 'react-admin';
import { enumChoices } from '../common/enums.ts';

/** Every store an artist can pick, by name: the ones with a drop box are among them. */
export const storeChoices = Object.entries(selectableStores).map(([id, name]) => ({ id, name }));

export const storeFilter = (
  <SelectInput key="store" source="store" choices={storeChoices} translateChoice={false} alwaysOn />
);

export const deliveryFilters = [
  storeFilter,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('deliveryStatus', deliveryStatuses)}
    alwaysOn
  />,
  <SelectInput key="kind" source="kind" choices={enumChoices('deliveryKind', deliveryKinds)} alwaysOn />,
];
