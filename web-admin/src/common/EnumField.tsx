import { Chip, Typography } from '@mui/material';
import { useFieldValue, useTranslate } from 'react-admin';
import { chipColors, enumLabelKey, humanize, type EnumName } from './enums.ts';

interface EnumFieldProps {
  source: string;
  /** Which enumeration the value belongs to (its labels are `riffline.enums.<name>.<value>`). */
  name: EnumName;
  label?: string;
  sortable?: boolean;
  /** A chip (statuses) or plain text (types, genres). */
  variant?: 'chip' | 'text';
}

/** An enumeration's value as people read it: `In progress`, not `in_progress`. */
export function EnumField({ source, name, variant = 'chip' }: EnumFieldProps) {
  const translate = useTranslate();
  const value: unknown = useFieldValue({ source });
  if (value === null || value === undefined || value === '') return null;
  const label = translate(enumLabelKey(name, value), { _: humanize(value) });
  if (variant === 'text') {
    return (
      <Typography component="span" variant="body2">
        {label}
      </Typography>
    );
  }
  return <Chip size="small" label={label} color={chipColors[name]?.[String(value)] ?? 'default'} />;
}
