import { Tab, Tabs } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';

const statuses = ['pending', 'approved', 'rejected'] as const;

function TabLabel({ status }: { status: (typeof statuses)[number] }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { total } = useGetList('applications', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { ...filterValues, status },
  });
  const label = translate(`riffline.applications.tabs.${status}`);
  return <>{total === undefined ? label : `${label} (${total})`}</>;
}

/** The review queue as status tabs with counts; Pending first (SPEC §2: the list is filtered to pending). */
export function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = (filterValues.status as string | undefined) ?? 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_e, status: string) => setFilters({ ...filterValues, status }, displayedFilters)}
      aria-label="Application status"
    >
      {statuses.map((status) => (
        <Tab key={status} value={status} label={<TabLabel status={status} />} />
      ))}
    </Tabs>
  );
}
