import { Chip } from '@mui/material';
import { statusLabel } from './wizardRules.ts';

const colors = {
  Draft: 'default',
  Processing: 'warning',
  Live: 'success',
  Rejected: 'error',
} as const;

/** A release's status: Draft when it has none; an unknown status is not shown (SPEC §4). */
export function StatusChip({ status }: { status: string | null | undefined }) {
  const label = statusLabel(status);
  if (!label) return null;
  return (
    <Chip
      size="small"
      label={label}
      color={colors[label as keyof typeof colors] ?? 'default'}
      data-testid="release-status"
      sx={{ fontWeight: 700 }}
    />
  );
}
