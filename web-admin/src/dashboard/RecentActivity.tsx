import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { AdminEventResponse } from '@riffline/contracts';
import { Link, RecordContextProvider, useCreatePath, useGetList, useTranslate } from 'react-admin';
import { Actor } from '../events/Actor.tsx';
import { humanizeEventType, timeAgo } from './activity.ts';

/** SPEC §2 Admin panel: how many of the latest events the dashboard shows. */
const RECENT_EVENTS = 10;

/**
 * The latest events of the audit trail (`GET /api/admin/events`, newest first): what happened in words,
 * who did it (a person's email, or System) and when, each opening the event's page.
 */
export function RecentActivity() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data, isPending, error, refetch } = useGetList<AdminEventResponse>('events', {
    pagination: { page: 1, perPage: RECENT_EVENTS },
    sort: { field: 'occurredAt', order: 'DESC' },
  });
  return (
    <Card component="section" aria-labelledby="recent-activity" data-testid="recent-activity">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h6" component="h2" id="recent-activity">
            {translate('riffline.activity.title')}
          </Typography>
          <Button component={Link} to={createPath({ resource: 'events', type: 'list' })} size="small">
            {translate('riffline.activity.viewAll')}
          </Button>
        </Box>
        {isPending && (
          <Box aria-busy="true" aria-label={translate('riffline.activity.loading')} sx={{ mt: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="text" height={48} />
            ))}
          </Box>
        )}
        {error && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {translate('ra.action.refresh')}
              </Button>
            }
          >
            {translate('riffline.activity.failed')}
          </Alert>
        )}
        {data?.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('riffline.activity.empty')}
          </Typography>
        )}
        {data && data.length > 0 && (
          <List dense disablePadding sx={{ mt: 1 }}>
            {data.map((event) => (
              <RecordContextProvider key={event.id} value={event}>
                <ListItem disablePadding divider>
                  <ListItemButton
                    component={Link}
                    to={createPath({ resource: 'events', type: 'show', id: event.id })}
                  >
                    <ListItemText
                      primary={translate(`riffline.activity.types.${event.type}`, {
                        _: humanizeEventType(event.type),
                      })}
                      secondary={
                        <>
                          <Actor />
                          {' · '}
                          <time
                            dateTime={event.occurredAt}
                            title={new Date(event.occurredAt).toLocaleString()}
                          >
                            {timeAgo(event.occurredAt)}
                          </time>
                        </>
                      }
                      slotProps={{ secondary: { component: 'span', sx: { display: 'block' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              </RecordContextProvider>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
