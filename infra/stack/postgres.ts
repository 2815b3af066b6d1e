/**
 * A PostgreSQL cluster of the stack's own (initdb + pg_ctl from the machine's PostgreSQL packages), so that
 * cutting it never touches the machine's server that the test suites use. As root it runs as the
 * `postgres` system user: PostgreSQL refuses to run as root.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/ports.ts';

export interface StackPostgres {
  url: string;
  port: number;
  /** Ends the server as a crash would (`pg_ctl stop -m immediate`): every connection is cut. */
  cut(): void;
  /** Starts it again on its data (crash recovery) and the same port. */
  start(): void;
  /** A clean shutdown. */
  stop(): void;
}

const DATABASE = 'riffline';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return found;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(command: string, args: string[]): void {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} ${args[0] ?? ''} failed: ${result.stdout}${result.stderr}`);
  }
}

export async function startPostgres(dataDir: string): Promise<StackPostgres> {
  const bin = binDir();
  const dir = path.resolve(dataDir);
  const portFile = path.join(dir, 'stack-port');
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (asRoot) spawnSync('chown', ['postgres:postgres', dir]);
    run(path.join(bin, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  }
  const port = fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-k ${dir}`,
    '-c max_connections=300',
    // The faults end the server, never the machine: what it wrote survives in the page cache.
    '-c fsync=off',
  ].join(' ');
  const start = () =>
    run(path.join(bin, 'pg_ctl'), [
      'start',
      '-D',
      dir,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
    ]);
  start();
  fs.writeFileSync(portFile, String(port));
  if (fresh) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query(`create database ${DATABASE}`);
    await client.end();
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    port,
    cut: () => run(path.join(bin, 'pg_ctl'), ['stop', '-D', dir, '-m', 'immediate']),
    start,
    stop: () => run(path.join(bin, 'pg_ctl'), ['stop', '-D', dir, '-m', 'fast', '-w']),
  };
}
