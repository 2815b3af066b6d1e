import { describe, expect } from 'vitest';
import type { AdminPipelineResponse } from '@riffline/contracts';
import { apiTest } from '#test/support/api.ts';
import { appendMarker, failEvent } from '#test/support/eventLog.ts';

// Its own database: the counts are exactly what this file made (no workers run here).
const test = apiTest.extend({ freshDb: true });

describe('GET /api/admin/pipeline', () => {
  test('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/pipeline')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/pipeline')).status).toBe(403);
  });

  test('the outbox not yet relayed, each group’s lag on the Postgres log, its retrying and parked events', async ({
    db,
    admin,
  }) => {
    const before = (await admin.get('/api/admin/pipeline')).json<AdminPipelineResponse>();
    expect(before.eventLog).toBe('postgres');
    expect(before.groups.map((g) => g.group)).toEqual(['notifications', 'reports', 'exports', 'stats']);

    // No relay runs in this test: appended events wait in the outbox, unpositioned.
    await appendMarker(db);
    await appendMarker(db);
    await failEvent(db, { group: 'reports', attempts: 5, maxAttempts: 5 });
    await failEvent(db, { group: 'reports', attempts: 1, maxAttempts: 5 });
    const after = (await admin.get('/api/admin/pipeline')).json<AdminPipelineResponse>();
    expect(after.outbox.events).toBe(before.outbox.events + 4);
    expect(after.outbox.oldestSeconds).toBeGreaterThanOrEqual(0);
    expect(after.groups.find((g) => g.group === 'reports')).toMatchObject({ parked: 1, retrying: 1 });
    expect(after.groups.find((g) => g.group === 'notifications')).toMatchObject({ parked: 0, retrying: 0 });
    for (const g of after.groups) expect(g.lag).toEqual(expect.any(Number));
    expect(after.mail).toEqual({
      pending: expect.any(Number),
      failed: expect.any(Number),
      oldestSeconds: expect.any(Number),
    });
  });
});
