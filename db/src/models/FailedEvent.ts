import type { RelationMappings } from 'objection';
import type { FailedEventState } from '../events/deadLetters.ts';
import { BaseModel } from './BaseModel.ts';
import { Event } from './Event.ts';
import { belongsTo } from './relations.ts';

/**
 * A dead letter: a consumer group's failed attempts at one event (db/src/events/deadLetters.ts writes
 * them; read here for the admin list).
 */
export class FailedEvent extends BaseModel {
  static override tableName = 'failed_events';

  id!: string;
  groupName!: string;
  eventId!: string;
  status!: FailedEventState;
  attempts!: number;
  error!: string;
  stack!: string | null;
  firstFailedAt!: Date;
  lastFailedAt!: Date;
  parkedAt!: Date | null;
  replayRequestedAt!: Date | null;
  replayRequestedBy!: string | null;
  replayedAt!: Date | null;
  event?: Event;

  static override get relationMappings(): RelationMappings {
    return { event: belongsTo(Event, 'failed_events.eventId', 'events.id') };
  }
}
