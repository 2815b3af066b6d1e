/**
 * What the fault run and the soak start from: a stack of their own under `.data/verify/<name>` (wiped
 * first), a connection to its database, the demo admin signed in through the front door, and an SFTP
 * store (the stack's drop box) that approved releases are delivered to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { connect, loadConfig, type Db } from '../../db/src/index.ts';
import { repoRoot } from '../../db/src/config.ts';
import { ensureNginx } from '../../infra/stack/nginx.ts';
import { startStack, type Stack, type StackOptions } from '../../infra/stack/stack.ts';
import { Client, type Load } from './load.ts';

export async function startVerifyStack(
  name: string,
  eventLog: StackOptions['eventLog'],
): Promise<{ stack: Stack; db: Db; admin: Client }> {
  expect(ensureNginx(), 'nginx (apt-get install nginx-light)').toBe(true);
  const dir = path.join(repoRoot, '.data/verify', name);
  fs.rmSync(dir, { recursive: true, force: true });
  const stack = await startStack({ dir, eventLog });
  const db = connect(loadConfig(stack.env));
  const admin = new Client(stack.url);
  await admin.signIn('admin@riffline.local', 'riffline-admin');
  const target = await admin.write('POST', '/api/admin/store-targets', {
    store: 'deezer',
    protocol: 'sftp',
    host: stack.sftp.host,
    port: stack.sftp.port,
    username: stack.sftp.username,
    folder: '',
    dpid: 'PADPIDA2014101001U',
    mode: 'test',
    enabled: true,
    credentials: { privateKey: stack.sftp.privateKey },
  });
  expect(target.status).toBe(201);
  return { stack, db, admin };
}

/** The admin imports a store report naming every ISRC the stores know by now (and one nobody has). */
export async function importReportOfLiveTracks(db: Db, load: Load): Promise<void> {
  const { rows } = (await db.raw(
    `select t.isrc from tracks t join releases r on r.id = t.release_id where r.status = 'live' and t.isrc is not null`,
  )) as { rows: Array<{ isrc: string }> };
  await load.report(
    rows.map((r) => r.isrc),
    '2026-11',
  );
}
