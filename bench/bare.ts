/**
 * The yardstick: a bare Koa + pg server answering the benchmarked routes with the same SQL and the same
 * JSON as the API, and nothing else (no session signing, validation, logging, security headers or
 * presenters). `make bench` compares the API with it.
 */
import Koa from 'koa';
import pg from 'pg';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { numberedPlaceholders } from '../db/src/prepared.ts';
import { OWN_RELEASES_JSON_SQL } from '../db/src/releases/queries.ts';

const releasesSql = numberedPlaceholders(OWN_RELEASES_JSON_SQL);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Koa();

const camel = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]),
  );

async function signedInUser(cookie: string | undefined) {
  const sid = /riffline\.sid=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!sid) return undefined;
  // The session and its user in one query, as the API's session store reads them.
  const result = await pool.query(
    `select "s"."sess" as "session_data", "s"."expire" as "session_expire", "u".*
  from "sessions" as "s" left join "users" as "u" on "u"."id" = "s"."sess"->>'userId'
  where "s"."sid" = $1 limit 1`,
    [sid],
  );
  const {
    session_data: sess,
    session_expire: _expire,
    ...user
  } = (result.rows[0] ?? {}) as Record<string, unknown>;
  if (!(sess as { userId?: string } | undefined)?.userId || !user.id) return undefined;
  return user;
}

app.use(async (ctx) => {
  if (ctx.method === 'PUT' && ctx.path === '/upload') {
    await pipeline(ctx.req, fs.createWriteStream(process.env.UPLOAD_FILE!));
    ctx.body = { ok: true };
    return;
  }
  const user = await signedInUser(ctx.get('cookie'));
  if (!user) {
    ctx.status = 401;
    ctx.body = { message: 'Unauthorized' };
    return;
  }
  if (ctx.path === '/api/auth/user') {
    ctx.body = camel(user);
  } else if (ctx.path === '/api/releases') {
    // The API's own SQL (PostgreSQL presents each release); the bench's releases have no uploaded cover.
    const releases = await pool.query(releasesSql, [user.id, 100, 0]);
    ctx.type = 'json';
    ctx.body = `[${releases.rows
      .map(
        (r: { json: string; albumArt: string | null }) =>
          `${r.json.slice(0, -1)},"coverUrl":${JSON.stringify(r.albumArt)}}`,
      )
      .join(',')}]`;
  } else if (ctx.path === '/api/admin/applications') {
    const [rows, total] = await Promise.all([
      pool.query(
        'select "applications".* from "applications" where "applications"."status" = $1 order by "created_at" desc limit $2',
        ['pending', 100],
      ),
      // The API's total for a list by status: the count the database keeps (migration 20261127000300).
      pool.query(
        'select sum("applications") as "count" from "application_status_counts" where "status" = $1',
        ['pending'],
      ),
    ]);
    const users = await pool.query(
      'select "users"."id", "users"."email", "users"."username" from "users" where "users"."id" = any($1)',
      [rows.rows.map((r: { user_id: string }) => r.user_id)],
    );
    const byId = new Map(users.rows.map((u: { id: string }) => [u.id, u]));
    ctx.set('Content-Range', `applications 0-99/${total.rows[0].count}`);
    ctx.body = rows.rows.map((r: Record<string, unknown>) => {
      const u = byId.get(r.user_id as string) as { email: string; username: string } | undefined;
      return { ...camel(r), user: { email: u?.email ?? null, username: u?.username ?? null } };
    });
  } else {
    ctx.status = 404;
  }
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => void pool.end()));
