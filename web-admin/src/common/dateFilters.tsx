import { DateInput } from 'react-admin';

const day = (value: unknown) => (value ? String(value).slice(0, 10) : '');

/**
 * A date span on a list's own date field (`<field>_gte` / `<field>_lte`, docs/api.md: Lists). 'Until'
 * takes the whole day it names: the API compares instants, so it is sent as that day's last millisecond.
 */
export const dateFilters = (field: string) => [
  <DateInput key={`${field}_gte`} source={`${field}_gte`} label="riffline.filters.since" format={day} />,
  <DateInput
    key={`${field}_lte`}
    source={`${field}_lte`}
    label="riffline.filters.until"
    format={day}
    parse={(value: string) => (value ? `${value}T23:59:59.999Z` : null)}
  />,
];
