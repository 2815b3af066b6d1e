import CheckIcon from '@mui/icons-material/Check';
import { Box, Chip } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';

/**
 * A filter one click away, above a list: "Needs attention (3)" sets its values (the list's filter inputs
 * show them), and a second click takes them off. The count is of the rows it would show with the other
 * filters as they are.
 */
export function QuickFilterToggle({ label, filter }: { label: string; filter: Record<string, string> }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters, resource } = useListContext();
  const on = Object.entries(filter).every(([name, value]) => filterValues[name] === value);
  const { total } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
    filter: { ...filterValues, ...filter },
  });
  const toggle = () => {
    if (!on) {
      setFilters({ ...filterValues, ...filter }, displayedFilters);
      return;
    }
    const rest = Object.fromEntries(
      Object.entries(filterValues as Record<string, unknown>).filter(([name]) => !(name in filter)),
    );
    setFilters(rest, displayedFilters);
  };
  const text = translate(label);
  return (
    <Box sx={{ px: { xs: 1, md: 0 }, py: 1 }}>
      <Chip
        label={total === undefined ? text : `${text} (${total})`}
        icon={on ? <CheckIcon /> : undefined}
        color={on ? 'primary' : 'default'}
        variant={on ? 'filled' : 'outlined'}
        onClick={toggle}
        aria-pressed={on}
      />
    </Box>
  );
}
