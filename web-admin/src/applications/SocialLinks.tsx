import { Link, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';

const networks = [
  ['instagram', 'Instagram'],
  ['youtube', 'YouTube'],
  ['spotify', 'Spotify'],
] as const;

/** The applicant's instagram, youtube and spotify, each opening in a new tab. */
export function SocialLinks(_props: { label?: string }) {
  const record = useRecordContext<Record<(typeof networks)[number][0], string | null>>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {networks
        .filter(([key]) => record[key])
        .map(([key, label]) => (
          <Link key={key} href={record[key]!} target="_blank" rel="noopener noreferrer">
            {label}
          </Link>
        ))}
    </Stack>
  );
}
