import type { SmartLinkStatsRow } from '@riffline/db';
import type { LoggedEvent, TypedEvent } from '../events/log.ts';

/** The events that move a SmartLink's numbers. */
export const smartLinkStatEventTypes = [
  'smartlink.viewed',
  'smartlink.clicked',
  'fan.presaved',
  'fan.confirmed',
] as const;

const dayOf = (event: LoggedEvent) => new Date(event.occurredAt).toISOString().slice(0, 10);
const unknownVisit = { country: null, utmSource: null, utmCampaign: null };

/** What one event adds to the numbers, on the day (UTC) it happened; nothing for a fan with no SmartLink. */
export function statsOf(event: LoggedEvent): SmartLinkStatsRow | null {
  const day = dayOf(event);
  switch (event.type) {
    case 'smartlink.viewed': {
      const { payload } = event as TypedEvent<'smartlink.viewed'>;
      return { smartlinkId: event.aggregateId, day, ...payload, views: 1 };
    }
    case 'smartlink.clicked': {
      const { payload } = event as TypedEvent<'smartlink.clicked'>;
      return { smartlinkId: event.aggregateId, day, ...payload, clicks: 1 };
    }
    case 'fan.presaved': {
      const { smartlinkId, country, utmSource, utmCampaign } = (event as TypedEvent<'fan.presaved'>).payload;
      return { smartlinkId, day, country, utmSource, utmCampaign, presaves: 1 };
    }
    case 'fan.confirmed': {
      const { smartlinkId } = (event as TypedEvent<'fan.confirmed'>).payload;
      return smartlinkId ? { smartlinkId, day, ...unknownVisit, fans: 1 } : null;
    }
    default:
      return null;
  }
}
