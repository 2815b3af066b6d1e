import { useListContext } from 'react-admin';
import { NoResults } from '../common/NoResults.tsx';

/** SPEC §8: 'No pending applications found', or 'No applications match your search' while searching. */
export function ApplicationsEmpty() {
  const { filterValues } = useListContext();
  const status = (filterValues.status as string | undefined) ?? 'pending';
  return (
    <NoResults
      message={
        filterValues.q ? 'riffline.applications.empty.search' : `riffline.applications.empty.${status}`
      }
    />
  );
}
