import { eventSchemas } from '@riffline/contracts';
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { dateFilters } from '../common/dateFilters.tsx';

const types = Object.keys(eventSchemas)
  .sort()
  .map((id) => ({ id, name: id }));

/** Who did what, when: by event type, by the person who caused it, by date. */
export const eventFilters = [
  <AutocompleteInput
    key="type"
    source="type"
    choices={types}
    translateChoice={false}
    alwaysOn
    sx={{ minWidth: 260 }}
  />,
  <ReferenceInput key="actorId" source="actorId" reference="users">
    <AutocompleteInput
      label="riffline.filters.actor"
      optionText="email"
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>,
  ...dateFilters('occurredAt'),
];
