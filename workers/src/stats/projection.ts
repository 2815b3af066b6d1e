import type { EventPayload, EventType } from '@riffline/contracts';
import { statSubjectKey, type StatName, type StatSubject, type StatSubjectKind } from '@riffline/db';
import type { LoggedEvent } from '../events/log.ts';

/**
 * The admin console's top stats as a projection of the log, without a database: what each event says
 * about the subjects the stats follow (`changesOf`), how a subject takes it (`applyFacts`), and which
 * stat a subject counts in (`countedIn`). A fact is taken only from an event later on the log than the
 * one that set it, so the order events of different aggregates arrive in (Kafka's partitions) does not
 * matter, and an event delivered twice changes nothing the second time.
 */

/** The facts an event states about one subject. */
export interface SubjectFacts {
  status?: string;
  role?: string;
  approved?: boolean;
}

export interface SubjectChange {
  kind: StatSubjectKind;
  id: string;
  facts: SubjectFacts;
}

/** The event types the stats read. */
export const statEventTypes = [
  'application.submitted',
  'application.approved',
  'application.rejected',
  'user.signedUp',
  'user.roleChanged',
  'user.approvalChanged',
  'release.created',
  'release.deleted',
  'ticket.opened',
  'ticket.updated',
] as const satisfies readonly EventType[];

const payloadOf = <T extends EventType>(event: LoggedEvent, _type: T) =>
  event.payload as unknown as EventPayload<T>;

/** What `event` says about applications, users, releases and tickets (nothing for other events). */
export function changesOf(event: LoggedEvent): SubjectChange[] {
  const id = event.aggregateId;
  switch (event.type) {
    case 'application.submitted':
      return [{ kind: 'application', id, facts: { status: 'pending' } }];
    case 'application.approved': {
      const { userId } = payloadOf(event, 'application.approved');
      return [
        { kind: 'application', id, facts: { status: 'approved' } },
        { kind: 'user', id: userId, facts: { approved: true } },
      ];
    }
    case 'application.rejected':
      return [{ kind: 'application', id, facts: { status: 'rejected' } }];
    case 'user.signedUp': {
      const { role, isApproved } = payloadOf(event, 'user.signedUp');
      // Before `isApproved` was in the event, only an admin's account opened approved.
      return [{ kind: 'user', id, facts: { role, approved: isApproved ?? role === 'admin' } }];
    }
    case 'user.roleChanged': {
      const { to, isApproved } = payloadOf(event, 'user.roleChanged');
      return [
        {
          kind: 'user',
          id,
          facts: isApproved === undefined ? { role: to } : { role: to, approved: isApproved },
        },
      ];
    }
    case 'user.approvalChanged': {
      const { isApproved, applicationId } = payloadOf(event, 'user.approvalChanged');
      const changes: SubjectChange[] = [{ kind: 'user', id, facts: { approved: isApproved } }];
      // The application that followed has its own event too; saying it here as well costs nothing.
      if (applicationId)
        changes.push({
          kind: 'application',
          id: applicationId,
          facts: { status: isApproved ? 'approved' : 'rejected' },
        });
      return changes;
    }
    case 'release.created':
      return [{ kind: 'release', id, facts: { status: 'created' } }];
    case 'release.deleted':
      return [{ kind: 'release', id, facts: { status: 'deleted' } }];
    case 'ticket.opened':
      return [{ kind: 'ticket', id, facts: { status: 'open' } }];
    case 'ticket.updated':
      return [{ kind: 'ticket', id, facts: { status: payloadOf(event, 'ticket.updated').status } }];
    default:
      return [];
  }
}

const unknownSubject: StatSubject = {
  status: null,
  statusAt: 0n,
  role: null,
  roleAt: 0n,
  approved: null,
  approvedAt: 0n,
};

/** The subject once it took `facts` from the event at `position`: each fact only if newer than its own. */
export function applyFacts(subject: StatSubject | null, facts: SubjectFacts, position: bigint): StatSubject {
  const next = { ...(subject ?? unknownSubject) };
  if (facts.status !== undefined && position > next.statusAt) {
    next.status = facts.status;
    next.statusAt = position;
  }
  if (facts.role !== undefined && position > next.roleAt) {
    next.role = facts.role;
    next.roleAt = position;
  }
  if (facts.approved !== undefined && position > next.approvedAt) {
    next.approved = facts.approved;
    next.approvedAt = position;
  }
  return next;
}

/** The stat a subject counts in, if any (SPEC §2's admin stats). */
export function countedIn(kind: StatSubjectKind, subject: StatSubject | null): StatName | null {
  if (!subject) return null;
  switch (kind) {
    case 'application':
      return subject.status === 'pending' ? 'pendingApplications' : null;
    case 'user':
      return subject.role === 'artist' && subject.approved === true ? 'approvedArtists' : null;
    case 'release':
      return subject.status === 'created' ? 'totalReleases' : null;
    case 'ticket':
      return subject.status === 'open' || subject.status === 'in_progress' ? 'openTickets' : null;
  }
}

/** How much each stat moves when a subject goes from `before` to `after`. */
export function statDeltas(
  kind: StatSubjectKind,
  before: StatSubject | null,
  after: StatSubject,
): Partial<Record<StatName, number>> {
  const was = countedIn(kind, before);
  const is = countedIn(kind, after);
  if (was === is) return {};
  const deltas: Partial<Record<StatName, number>> = {};
  if (was) deltas[was] = -1;
  if (is) deltas[is] = (deltas[is] ?? 0) + 1;
  return deltas;
}

/**
 * Applies `event` to `subjects` (by `statSubjectKey`; those it speaks of are replaced by what they
 * became) and returns how much each stat moved.
 */
export function applyEvent(
  subjects: Map<string, StatSubject>,
  event: LoggedEvent,
): Partial<Record<StatName, number>> {
  const moves: Partial<Record<StatName, number>> = {};
  for (const { kind, id, facts } of changesOf(event)) {
    const key = statSubjectKey(kind, id);
    const before = subjects.get(key) ?? null;
    const after = applyFacts(before, facts, BigInt(event.position));
    subjects.set(key, after);
    addMoves(moves, statDeltas(kind, before, after));
  }
  return moves;
}

/** Adds `moves` into `into`, stat by stat. */
export function addMoves(
  into: Partial<Record<StatName, number>>,
  moves: Partial<Record<StatName, number>>,
): Partial<Record<StatName, number>> {
  for (const [name, delta] of Object.entries(moves))
    into[name as StatName] = (into[name as StatName] ?? 0) + delta;
  return into;
}
