import { Box, Tab, Tabs, useMediaQuery, type Theme } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { enumLabelKey, type EnumName } from './enums.ts';

function TabLabel({ name, status }: { name: EnumName; status: string }) {
  const translate = useTranslate();
  // The list's permanent filter too (the Corrections are the API's changes of kind correction).
  const { filter, filterValues, resource } = useListContext();
  const { total } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
    filter: { ...filter, ...filterValues, status },
  });
  const label = translate(enumLabelKey(name, status));
  return <>{total === undefined ? label : `${label} (${total})`}</>;
}

/**
 * A review queue as status tabs with their counts (STYLE.md); the first status is the queue itself. On a
 * phone three tabs share the width, all on screen (a long label wraps); more scroll, behind arrows.
 */
export function StatusTabs({
  name,
  statuses,
  label,
}: {
  name: EnumName;
  statuses: readonly string[];
  label: string;
}) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shared = phone && statuses.length <= 3;
  const current = (filterValues.status as string | undefined) ?? statuses[0];
  // `contain: inline-size`: the tabs stay within the page's width instead of widening it.
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <Tabs
        value={current}
        onChange={(_e, status: string) => setFilters({ ...filterValues, status }, displayedFilters)}
        aria-label={label}
        variant={shared ? 'fullWidth' : 'scrollable'}
        allowScrollButtonsMobile
      >
        {statuses.map((status) => (
          <Tab
            key={status}
            value={status}
            label={<TabLabel name={name} status={status} />}
            sx={shared ? { minWidth: 0, px: 0.5 } : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
