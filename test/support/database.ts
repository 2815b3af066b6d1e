import pg from 'pg';

export const DEFAULT_TEST_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server the test run uses: DATABASE_URL when given, else the machine's local server. */
export function testServerUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_TEST_SERVER;
}

/** Resolves with null when the server answers, else with the reason it did not. */
export async function serverProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await adminQuery(serverUrl, `create database "${name}"`);
  return databaseUrl(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
}

/** Unique suffix for rows a test creates, so tests never depend on each other's data. */
export function unique(prefix = 't'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
