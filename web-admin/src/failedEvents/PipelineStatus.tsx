import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';

const key = (name: string) => `riffline.pipeline.${name}`;

/** A figure with its label; amber when it is not zero (something waits). */
function Figure({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" color={warn ? 'warning.main' : undefined}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The event pipeline at a glance, above its dead letters (`GET /api/admin/pipeline`, read again every
 * 10 s): the outbox the relay has still to publish, each consumer group's lag, retrying and parked events,
 * and the mail waiting to go.
 */
export function PipelineStatus() {
  const translate = useTranslate();
  const status = useQuery({
    queryKey: ['admin', 'pipeline'],
    queryFn: () => dataProvider.getPipeline(),
    refetchInterval: 10_000,
  });
  if (status.error) return <Alert severity="error">{translate(key('failed'))}</Alert>;
  const data = status.data;
  return (
    <Card component="section" aria-label={translate(key('title'))} sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            {translate(key('title'))}
          </Typography>
          {data && <Chip size="small" label={translate(key(`log.${data.eventLog}`))} />}
        </Stack>
        {data && (
          <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
            <Figure
              label={translate(key('outbox'))}
              value={translate(key('events'), { smart_count: data.outbox.events })}
              warn={data.outbox.events > 0}
            />
            {data.groups.map((g) => (
              <Figure
                key={g.group}
                label={translate(key('group'), { group: g.group })}
                value={[
                  g.lag === null
                    ? translate(key('lagOnKafka'))
                    : g.lag === 0
                      ? translate(key('upToDate'))
                      : translate(key('lag'), { count: g.lag }),
                  g.retrying ? translate(key('retrying'), { count: g.retrying }) : null,
                  g.parked ? translate(key('parked'), { count: g.parked }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                warn={Boolean(g.lag || g.retrying || g.parked)}
              />
            ))}
            <Figure
              label={translate(key('mail'))}
              value={[
                translate(key('mailPending'), { count: data.mail.pending }),
                data.mail.failed ? translate(key('mailFailed'), { count: data.mail.failed }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              warn={data.mail.pending > 0 || data.mail.failed > 0}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
