/**
 * `npm run migrate`: brings the configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR)
 * to the latest schema and exits. The API does the same at boot; this is for a deploy step that migrates
 * before the new version starts.
 */
import { loadConfig } from './config.ts';
import { connect } from './connection.ts';
import { migrateLatest } from './migrate.ts';

const command = process.argv[2];
if (command !== 'migrate') {
  console.error('usage: tsx db/src/cli.ts migrate');
  process.exit(2);
}
const db = connect(loadConfig(process.env));
try {
  const applied = await migrateLatest(db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The schema is up to date.');
} finally {
  await db.destroy();
}
