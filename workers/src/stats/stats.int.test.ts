import { describe, expect, it } from 'vitest';
import { platformStats, type Db } from '@riffline/db';
import { useFreshDb, waitingOnLocks } from '#test/support/db.ts';
import { loggedEvent, pollUntil } from '#test/support/eventLog.ts';
import { projectStats } from './index.ts';

describe('the stats projection on PostgreSQL', () => {
  let db: Db;
  let url: string | null = null;
  useFreshDb((fresh, freshUrl) => {
    db = fresh;
    url = freshUrl;
  });

  // Two consumers (two Kafka partitions) meet the same new user at once: one reads its sign-up, the other
  // its application's approval. The second waits for the first's row instead of starting from nothing.
  it('counts a subject two transactions meet at once as one subject', async ({ skip }) => {
    if (!url) skip('needs two connections: PostgreSQL');
    const before = await platformStats(db);
    const user = `user-${Date.now()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstDone!: () => void;
    const firstProjected = new Promise<void>((resolve) => (firstDone = resolve));
    const first = db.transaction(async (trx) => {
      await projectStats(
        [loggedEvent('user.signedUp', user, 10, { email: null, role: 'artist', isApproved: false })],
        trx,
      );
      firstDone();
      await held; // not committed yet
    });
    await firstProjected;
    const second = db.transaction((trx) =>
      projectStats(
        [
          loggedEvent('application.approved', `application-of-${user}`, 20, {
            userId: user,
            email: null,
            firstName: 'Nia',
            artistName: 'NIA',
          }),
        ],
        trx,
      ),
    );
    // Let the first commit only once the second waits on it.
    await pollUntil(
      'the second transaction to wait on the first',
      async () => ((await waitingOnLocks(db)) > 0 ? true : undefined),
      () => 'nothing waits',
    );
    release();
    await Promise.all([first, second]);
    expect(await platformStats(db)).toEqual({ ...before, approvedArtists: before.approvedArtists + 1 });
    expect(await db('platform_stat_subjects').where({ kind: 'user', id: user }).first()).toMatchObject({
      role: 'artist',
      approved: true,
    });
  });
});
