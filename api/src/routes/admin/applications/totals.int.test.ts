import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildApplication, buildArtist } from '#test/support/factories.ts';

// Totals of the whole table: a database of its own, so other files' applications do not count.
const test = apiTest.extend({ freshDb: true });

describe('GET /api/admin/applications: the total in Content-Range', () => {
  test('by status or of all from the kept counts, exact after a review; narrowed lists counted by their rows', async ({
    db,
    admin,
  }) => {
    const applied = [];
    for (let i = 0; i < 3; i++) {
      applied.push(
        await buildApplication(db, { userId: (await buildArtist(db)).id, artistName: `Totals ${i}` }),
      );
    }
    await buildApplication(db, { userId: (await buildArtist(db)).id, status: 'rejected' });
    const total = async (query: string) =>
      (await admin.get(`/api/admin/applications?${query}`)).headers.get('content-range');

    const pending = encodeURIComponent(JSON.stringify({ status: 'pending' }));
    expect(await total(`filter=${pending}&range=[0,1]`)).toBe('applications 0-1/3');
    expect(await total('range=[0,9]')).toBe('applications 0-3/4');

    const review = await admin.send('PATCH', `/api/admin/applications/${applied[0]!.id}`, {
      status: 'approved',
    });
    expect(review.status).toBe(200);
    expect(await total(`filter=${pending}`)).toBe('applications 0-1/2');
    expect(await total(`filter=${encodeURIComponent(JSON.stringify({ status: 'approved' }))}`)).toBe(
      'applications 0-0/1',
    );

    // A search, ids or dates narrow the rows: their total is theirs.
    const search = encodeURIComponent(JSON.stringify({ status: 'pending', q: 'totals 2' }));
    expect(await total(`filter=${search}`)).toBe('applications 0-0/1');
    const ids = encodeURIComponent(JSON.stringify({ status: 'pending', id: [applied[1]!.id] }));
    expect(await total(`filter=${ids}`)).toBe('applications 0-0/1');
    const future = encodeURIComponent(JSON.stringify({ status: 'pending', createdAt_gte: '2999-01-01' }));
    expect(await total(`filter=${future}`)).toBe('applications 0-0/0');
  });
});
