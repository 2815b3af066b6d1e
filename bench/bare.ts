/**
 * The yardstick: a bare Koa + pg server answering the benchmarked routes with the same SQL and the same
 * JSON as the API, and nothing else (no session signing, validation, logging, security headers or
 * presenters). `make bench` compares the API with it.
 */
import Koa from 'koa';
import pg from 'pg';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

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
    const releases = await pool.query(
      'select "releases".* from "releases" where "releases"."user_id" = $1 order by "releases"."created_at" desc, "releases"."id" desc limit $2 offset $3',
      [user.id, 100, 0],
    );
    const counts = await pool.query(
      'select "release_id", count(*) as "n" from "tracks" where "release_id" = any($1) group by "release_id"',
      [releases.rows.map((r: { id: string }) => r.id)],
    );
    const n = new Map(counts.rows.map((r: { release_id: string; n: string }) => [r.release_id, Number(r.n)]));
    ctx.body = releases.rows.map((r: Record<string, unknown>) => ({
      ...camel(r),
      trackCount: n.get(r.id as string) ?? 0,
    }));
  } else if (ctx.path === '/api/admin/applications') {
    const [rows, total] = await Promise.all([
      pool.query(
        'select "applications".* from "applications" where "applications"."status" = $1 order by "created_at" desc limit $2',
        ['pending', 100],
      ),
      pool.query('select count(*) as "count" from "applications" where "applications"."status" = $1', [
        'pending',
      ]),
    ]);
    const users = await pool.query('select "users".* from "users" where "users"."id" = any($1)', [
      rows.rows.map((r: { user_id: string }) => r.user_id),
    ]);
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
