import type { LoggedEvent } from '../events/log.ts';
import { describe, expect, test } from 'vitest';
import { statsOf } from './projection.ts';

const event = (type: string, payload: Record<string, unknown>, aggregateId = 'sl-1'): LoggedEvent =>
  ({
    id: '1',
    type,
    aggregateType: type.split('.')[0]!,
    aggregateId,
    actorId: null,
    payload,
    occurredAt: new Date('2026-12-07T23:59:59Z'),
    position: '1',
  }) as LoggedEvent;

const visit = { country: 'DE', utmSource: 'ig', utmCampaign: 'launch' };

describe("statsOf: what an event adds to a SmartLink's numbers", () => {
  test('a view and a click on the day (UTC) they happened, with where they came from', () => {
    expect(statsOf(event('smartlink.viewed', visit))).toEqual({
      smartlinkId: 'sl-1',
      day: '2026-12-07',
      ...visit,
      views: 1,
    });
    expect(statsOf(event('smartlink.clicked', { store: 'deezer', ...visit }))).toEqual({
      smartlinkId: 'sl-1',
      day: '2026-12-07',
      store: 'deezer',
      ...visit,
      clicks: 1,
    });
  });

  test("a pre-save on its SmartLink; a confirmation on the fan's first one; other events nothing", () => {
    expect(
      statsOf(
        event(
          'fan.presaved',
          { smartlinkId: 'sl-2', releaseId: 'r', artistId: 'a', confirmed: false, ...visit },
          'fan-1',
        ),
      ),
    ).toEqual({ smartlinkId: 'sl-2', day: '2026-12-07', ...visit, presaves: 1 });
    expect(statsOf(event('fan.confirmed', { artistId: 'a', smartlinkId: 'sl-2' }, 'fan-1'))).toEqual({
      smartlinkId: 'sl-2',
      day: '2026-12-07',
      country: null,
      utmSource: null,
      utmCampaign: null,
      fans: 1,
    });
    expect(statsOf(event('fan.confirmed', { artistId: 'a', smartlinkId: null }, 'fan-1'))).toBeNull();
    expect(statsOf(event('fan.unsubscribed', { artistId: 'a' }, 'fan-1'))).toBeNull();
  });
});
