import type { Config, Mail, Mailer } from '@riffline/db';
import type { ConsumerGroup } from '../events/log.ts';
import { approvedMail, rejectedMail } from './applicationDecisions.ts';

/**
 * The `notifications` consumer group: emails what an artist must hear about. A message is sent inside
 * the event's handling transaction, so a failed send is retried; a crash between sending and commit can
 * send it twice, never zero times.
 */
export function notifications(mailer: Mailer, config: Pick<Config, 'publicUrl'>): ConsumerGroup {
  const send = async (mail: Mail | null) => {
    if (mail) await mailer.send(mail);
  };
  return {
    group: 'notifications',
    handlers: {
      'application.approved': (event) => send(approvedMail(event.payload, config.publicUrl)),
      'application.rejected': (event) => send(rejectedMail(event.payload, config.publicUrl)),
    },
  };
}
