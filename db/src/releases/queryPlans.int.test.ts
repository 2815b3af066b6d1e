/**
 * The hot release lists are served by indexes: with sequential and bitmap scans and sorts priced out (so
 * the plan does not depend on how few rows a test table has), each plan reads an index in order.
 */
import { describe, expect } from 'vitest';
import { dbTest } from '#test/support/db.ts';
import { indexPlan as plan } from '#test/support/queryPlan.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';
import { Release } from '../models/Release.ts';
import { ownReleasesJsonQuery, tracksOf } from './queries.ts';

describe('release list plans', () => {
  dbTest('an artist’s releases, newest first: an index scan, no sort, no sequential scan', async ({ db }) => {
    const artist = await buildArtist(db);
    for (let i = 0; i < 5; i++) await buildRelease(db, { userId: artist.id });
    await db.raw('analyze releases');
    const query = ownReleasesJsonQuery(db, artist.id, { limit: 100, offset: 0 });
    const text = await plan(db, { toKnexQuery: () => query });
    expect(text).toMatch(/Index Scan using releases_user_created_index/);
    // Each release's track count from the tracks' index, not a scan of the table.
    expect(text).toMatch(/Index Only Scan using tracks_release_track_number_unique/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });

  dbTest('the review queue by status, newest first', async ({ db }) => {
    const query = Release.query(db)
      .where('releases.status', 'processing')
      .orderBy([
        { column: 'releases.createdAt', order: 'desc' },
        { column: 'releases.id', order: 'desc' },
      ])
      .limit(25);
    const text = await plan(db, query);
    expect(text).toMatch(/Index Scan using releases_status_created_index/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });

  dbTest('a release’s tracks in order', async ({ db }) => {
    const text = await plan(db, tracksOf(db, '00000000-0000-4000-8000-000000000000'));
    expect(text).toMatch(/Index Scan using tracks_release_track_number_unique/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });
});
