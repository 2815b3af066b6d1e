import { MenuItem, TextField } from '@mui/material';
import { analyticsTimeframes, type AnalyticsTimeframe } from '@riffline/contracts';
import { timeframeLabels } from './analyticsView.ts';

/** 'Last 30 days', 'Last 90 days' or 'Last year' (SPEC §2): the dashboard's period, the Analytics timeframe. */
export function TimeframeSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: AnalyticsTimeframe;
  onChange: (days: AnalyticsTimeframe) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as AnalyticsTimeframe)}
      sx={{ minWidth: 180 }}
    >
      {analyticsTimeframes.map((d) => (
        <MenuItem key={d} value={d}>
          {timeframeLabels[d]}
        </MenuItem>
      ))}
    </TextField>
  );
}
