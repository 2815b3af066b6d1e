import { SearchInput } from 'react-admin';

/** Search artist name, legal name and genre (the API's `q`). */
export const applicationFilters = [<SearchInput key="q" source="q" alwaysOn />];
