import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip } from '@mui/material';
import type { AdminStoreReportResponse } from '@riffline/contracts';
import { useTranslate } from 'react-admin';

/** A report whose import found something an admin must check (its warnings, listed on its page). */
export function FlaggedChip({ report }: { report: Pick<AdminStoreReportResponse, 'warnings'> }) {
  const translate = useTranslate();
  if (!report.warnings.length) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label={translate('riffline.reports.flagged')}
    />
  );
}
