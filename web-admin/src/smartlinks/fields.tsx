import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Chip, Link } from '@mui/material';
import type { AdminSmartLinkResponse } from '@riffline/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { chipColors, enumLabelKey } from '../common/enums.ts';

type SmartLink = Pick<AdminSmartLinkResponse, 'slug' | 'url' | 'disabledAt'>;

/** Active, or Disabled since an admin disabled it for abuse. */
export const smartLinkStatus = (smartLink: Pick<SmartLink, 'disabledAt'>) =>
  smartLink.disabledAt ? 'disabled' : 'active';

/**
 * The SmartLink by its slug, opening its public page in a new tab (not the row's page): what the admin
 * checks before disabling it, and after.
 */
export function SlugLink(_props: { source?: string; label?: string; sortable?: boolean }) {
  const smartLink = useRecordContext<SmartLink>();
  const translate = useTranslate();
  if (!smartLink) return null;
  return (
    <Link
      href={smartLink.url}
      target="_blank"
      rel="noopener"
      onClick={(e) => e.stopPropagation()}
      title={translate('riffline.smartlinks.open', { slug: smartLink.slug })}
      sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', whiteSpace: 'nowrap' }}
    >
      {smartLink.slug}
      <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} />
    </Link>
  );
}

/** Active (green) or Disabled (red): whether the page shows the release or says it is unavailable. */
export function StatusChip(_props: { source?: string; label?: string; sortable?: boolean }) {
  const smartLink = useRecordContext<SmartLink>();
  const translate = useTranslate();
  if (!smartLink) return null;
  const status = smartLinkStatus(smartLink);
  return (
    <Chip
      size="small"
      label={translate(enumLabelKey('smartLinkStatus', status))}
      color={chipColors.smartLinkStatus?.[status] ?? 'default'}
    />
  );
}
