import { BaseModel } from './BaseModel.ts';

/** A row of the outbox. Written through appendEvent (events/append.ts), never inserted directly. */
export class Event extends BaseModel {
  static override tableName = 'events';
  static override jsonAttributes = ['payload'];

  id!: string;
  type!: string;
  aggregateType!: string;
  aggregateId!: string;
  actorId!: string | null;
  payload!: Record<string, unknown>;
  occurredAt!: Date;
  position!: string | null;
  publishedAt!: Date | null;
}

export class ProcessedEvent extends BaseModel {
  static override tableName = 'processed_events';
  static override idColumn = ['groupName', 'eventId'];

  groupName!: string;
  eventId!: string;
  processedAt!: Date;
}

export class ConsumerPosition extends BaseModel {
  static override tableName = 'consumer_positions';
  static override idColumn = ['groupName', 'stream'];

  groupName!: string;
  stream!: string;
  position!: string;
  updatedAt!: Date;
}
