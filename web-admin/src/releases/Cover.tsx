import AlbumIcon from '@mui/icons-material/Album';
import { Avatar } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** A release's artwork as a square thumbnail (the signed upload or the album-art URL), or a record icon. */
export function Cover({ size = 48 }: { size?: number; label?: string; source?: string; sortable?: boolean }) {
  const record = useRecordContext<{ coverUrl: string | null; title: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Avatar
      variant="rounded"
      src={record.coverUrl ?? undefined}
      alt={translate('riffline.releases.artwork', { title: record.title })}
      sx={{ width: size, height: size }}
    >
      <AlbumIcon />
    </Avatar>
  );
}
