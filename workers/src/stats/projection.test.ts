import { describe, expect, it } from 'vitest';
import type { EventPayload, EventType } from '@riffline/contracts';
import type { StatName, StatSubject, StatSubjectKind } from '@riffline/db';
import type { LoggedEvent } from '../events/log.ts';
import { loggedEvent } from '#test/support/eventLog.ts';
import { addMoves, applyEvent, changesOf, countedIn } from './projection.ts';

let position = 0;
/** The next event on the log. */
const event = <T extends EventType>(type: T, aggregateId: string, payload: EventPayload<T>) =>
  loggedEvent(type, aggregateId, ++position, payload);

/** The projection in memory: every subject and the four stats, fed events in the order given. */
function project(events: LoggedEvent[]) {
  const subjects = new Map<string, StatSubject>();
  const stats: Record<StatName, number> = {
    pendingApplications: 0,
    approvedArtists: 0,
    totalReleases: 0,
    openTickets: 0,
  };
  for (const e of events) addMoves(stats, applyEvent(subjects, e));
  return { subjects, stats };
}

const decision = { email: 'nia@example.com', firstName: 'Nia', artistName: 'NIA' };

/** An artist signs up (`user`) and applies (`application`). */
const applicant = (user: string, application: string) => [
  event('user.signedUp', user, { email: null, role: 'artist', isApproved: false }),
  event('application.submitted', application, {
    userId: user,
    email: null,
    artistName: 'NIA',
    genre: 'afrobeats',
  }),
];

describe('the stats projection', () => {
  it('counts pending applications, approved artists, releases and open tickets through their lives', () => {
    const events = [
      ...applicant('u1', 'a1'),
      ...applicant('u2', 'a2'),
      event('application.approved', 'a1', { userId: 'u1', ...decision }),
      event('application.rejected', 'a2', { userId: 'u2', ...decision, reason: null }),
      event('release.created', 'r1', { userId: 'u1', title: 'One', releaseType: 'single', trackCount: 1 }),
      event('release.created', 'r2', { userId: 'u1', title: 'Two', releaseType: 'single', trackCount: 1 }),
      event('release.deleted', 'r2', { userId: 'u1', title: 'Two' }),
      event('ticket.opened', 't1', { userId: 'u1', subject: 'ISRC?', priority: 'high', category: null }),
      event('ticket.opened', 't2', { userId: 'u1', subject: 'UPC?', priority: 'low', category: null }),
      event('ticket.updated', 't1', { status: 'in_progress', assignedTo: null, changed: ['status'] }),
      event('ticket.updated', 't2', { status: 'resolved', assignedTo: null, changed: ['status'] }),
    ];
    expect(project(events).stats).toEqual({
      pendingApplications: 0,
      approvedArtists: 1,
      totalReleases: 1,
      openTickets: 1,
    });
    // The artist answers the resolved ticket: it is open again.
    events.push(event('ticket.updated', 't2', { status: 'open', assignedTo: null, changed: ['status'] }));
    expect(project(events).stats.openTickets).toBe(2);
  });

  it("follows a user's role and approval: only an approved artist counts", () => {
    const events = [
      event('user.signedUp', 'demo', { email: null, role: 'artist', isApproved: true }),
      event('user.signedUp', 'boss', { email: null, role: 'admin', isApproved: true }),
      // An event from before `isApproved` was carried: an artist's account opened unapproved.
      event('user.signedUp', 'old', { email: null, role: 'artist' }),
    ];
    expect(project(events).stats.approvedArtists).toBe(1);
    events.push(event('user.roleChanged', 'demo', { from: 'artist', to: 'admin', reason: 'admin' }));
    expect(project(events).stats.approvedArtists).toBe(0);
    events.push(
      event('user.roleChanged', 'boss', { from: 'admin', to: 'artist', reason: 'admin', isApproved: true }),
    );
    expect(project(events).stats.approvedArtists).toBe(1);
    events.push(event('user.approvalChanged', 'old', { isApproved: true, applicationId: null }));
    expect(project(events).stats.approvedArtists).toBe(2);
  });

  it("closing an artist's area rejects the application that followed it", () => {
    const events = [
      ...applicant('u1', 'a1'),
      event('user.approvalChanged', 'u1', { isApproved: true, applicationId: 'a1' }),
    ];
    expect(project(events).stats).toMatchObject({ pendingApplications: 0, approvedArtists: 1 });
    events.push(event('user.approvalChanged', 'u1', { isApproved: false, applicationId: 'a1' }));
    const { stats, subjects } = project(events);
    expect(stats).toMatchObject({ pendingApplications: 0, approvedArtists: 0 });
    expect(subjects.get('application:a1')?.status).toBe('rejected');
  });

  it('ends the same whatever order different aggregates arrive in, and a repeat changes nothing', () => {
    const events = [
      ...applicant('u1', 'a1'),
      event('application.approved', 'a1', { userId: 'u1', ...decision }),
      event('user.approvalChanged', 'u1', { isApproved: false, applicationId: null }),
      event('release.created', 'r1', { userId: 'u1', title: 'One', releaseType: 'single', trackCount: 1 }),
    ];
    const inOrder = project(events);
    expect(inOrder.stats).toEqual({
      pendingApplications: 0,
      approvedArtists: 0,
      totalReleases: 1,
      openTickets: 0,
    });
    // The user's own events (one Kafka partition) before the application's (another), each twice.
    const [signedUp, submitted, approved, closed, created] = events as [LoggedEvent, ...LoggedEvent[]];
    const shuffled = project([
      signedUp,
      closed!,
      closed!,
      created!,
      submitted!,
      approved!,
      approved!,
      submitted!,
    ]);
    expect(shuffled.stats).toEqual(inOrder.stats);
    expect(shuffled.subjects).toEqual(inOrder.subjects);
  });

  it('counts nothing for events it does not follow, and a subject it never saw counts nowhere', () => {
    expect(
      changesOf(event('setting.changed', 'k', { settingKey: 'k', settingValue: '1', previousValue: null })),
    ).toEqual([]);
    for (const kind of ['application', 'user', 'release', 'ticket'] as StatSubjectKind[])
      expect(countedIn(kind, null)).toBeNull();
  });
});
