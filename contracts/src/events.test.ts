import { describe, expect, it } from 'vitest';
import { aggregateOf, eventSchemas, familyOf, type EventType } from './events.ts';

describe('events', () => {
  it("every event type's aggregate has a topic family, so it can be published to Kafka", () => {
    const types = Object.keys(eventSchemas) as EventType[];
    const missing = types.filter((type) => {
      try {
        familyOf(aggregateOf(type));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
