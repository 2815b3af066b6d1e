import { Link } from '@mui/material';
import type { AdminDeliveryResponse } from '@riffline/contracts';
import { useCreatePath, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The release a delivery carried (or a change is of), by its title, opening the release's page (not the
 * row's).
 */
export function ReleaseLink(_props: { source?: string; label?: string; sortable?: boolean }) {
  const delivery = useRecordContext<Pick<AdminDeliveryResponse, 'id' | 'releaseId' | 'releaseTitle'>>();
  const createPath = useCreatePath();
  if (!delivery) return null;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource: 'releases', type: 'show', id: delivery.releaseId })}
      onClick={(e) => e.stopPropagation()}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {delivery.releaseTitle || delivery.releaseId}
    </Link>
  );
}
