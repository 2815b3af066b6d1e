import { z } from 'zod';

/**
 * Every event type, its aggregate and its payload schema, defined once (DESIGN.md §2, STYLE.md).
 * Names are `<aggregate>.<pastTenseVerb>`. Later features add their events here.
 */
export const aggregates = {
  release: 'releases',
  track: 'releases',
  wallet: 'wallet',
  withdrawal: 'payouts',
  application: 'artists',
  user: 'artists',
  ticket: 'support',
  contact: 'support',
  newsletter: 'support',
  setting: 'platform',
  report: 'usage',
} as const;

export type AggregateType = keyof typeof aggregates;
/** The Kafka topic family (`<prefix>.<family>`) an aggregate's events are published to. */
export type AggregateFamily = (typeof aggregates)[AggregateType];

const applicationDecision = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  artistName: z.string(),
});

export const eventSchemas = {
  'application.submitted': z.object({
    userId: z.string(),
    email: z.string().nullable(),
    artistName: z.string(),
    genre: z.string(),
  }),
  'application.approved': applicationDecision,
  'application.rejected': applicationDecision,
  'ticket.opened': z.object({
    userId: z.string(),
    subject: z.string(),
    priority: z.string(),
    category: z.string().nullable(),
  }),
  'ticket.updated': z.object({
    status: z.string(),
    assignedTo: z.string().nullable(),
    changed: z.array(z.enum(['status', 'assignedTo'])),
  }),
  'contact.received': z.object({ name: z.string(), email: z.string(), subject: z.string() }),
  'newsletter.subscribed': z.object({ email: z.string(), reactivated: z.boolean() }),
  'setting.changed': z.object({
    settingKey: z.string().min(1),
    settingValue: z.string(),
    previousValue: z.string().nullable(),
  }),
  'user.signedUp': z.object({
    email: z.string().nullable(),
    role: z.enum(['artist', 'admin']),
  }),
  'user.roleChanged': z.object({
    from: z.enum(['artist', 'admin']),
    to: z.enum(['artist', 'admin']),
    reason: z.string(),
  }),
  'user.currencyChanged': z.object({ from: z.string(), to: z.string() }),
  'user.passwordChanged': z.object({}),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export function aggregateOf(type: EventType): AggregateType {
  return type.slice(0, type.indexOf('.')) as AggregateType;
}

export function familyOf(aggregateType: string): AggregateFamily {
  const family = (aggregates as Record<string, AggregateFamily>)[aggregateType];
  if (!family) throw new Error(`unknown aggregate type: ${aggregateType}`);
  return family;
}
