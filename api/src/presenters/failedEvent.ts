import type { AdminFailedEventResponse } from '@riffline/contracts';
import type { FailedEvent } from '@riffline/db';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

export function presentFailedEvent(row: FailedEvent): AdminFailedEventResponse {
  const event = row.event;
  return {
    id: row.id,
    group: row.groupName,
    status: row.status,
    attempts: Number(row.attempts),
    error: row.error,
    stack: row.stack,
    firstFailedAt: iso(row.firstFailedAt)!,
    lastFailedAt: iso(row.lastFailedAt)!,
    parkedAt: iso(row.parkedAt),
    replayRequestedAt: iso(row.replayRequestedAt),
    replayedAt: iso(row.replayedAt),
    event: {
      id: String(row.eventId),
      type: event?.type ?? '',
      aggregateType: event?.aggregateType ?? '',
      aggregateId: event?.aggregateId ?? '',
      position: event?.position === null || event?.position === undefined ? null : String(event.position),
      occurredAt: iso(event?.occurredAt ?? row.firstFailedAt)!,
      payload: event?.payload ?? {},
    },
  };
}
