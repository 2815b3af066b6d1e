import { royaltyStatuses } from '@riffline/contracts';
import { NumberInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { dateFilters } from '../common/dateFilters.tsx';
import { enumChoices } from '../common/enums.ts';

/** Search (artist or release title), status, sale month, amount span and when it was credited. */
export const royaltyFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={enumChoices('royaltyStatus', royaltyStatuses)} />,
  <TextInput key="period" source="period" placeholder="YYYY-MM" />,
  <NumberInput key="amount_gte" source="amount_gte" min={0} />,
  <NumberInput key="amount_lte" source="amount_lte" min={0} />,
  ...dateFilters('createdAt'),
];
