import { expect, vi } from 'vitest';
import { startTestServer } from '#test/support/api.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { secret } from './secrets.ts';

// A database of its own: the first boot below is the one that finds no signing key.
const test = dbTest.extend({ freshDb: true });

test('a generated secret is generated only when none is stored, then read back', async ({ db }) => {
  const name = unique('secret');
  const generate = vi.fn(() => ({ key: unique('value') }));
  const first = await secret(db, name, generate);
  expect(await secret(db, name, generate)).toEqual(first);
  expect(generate).toHaveBeenCalledTimes(1);
});

test("the identity provider's signing key survives a reboot: the JWKS kid stays the same", async ({ db }) => {
  const bootAndReadKids = async () => {
    const app = await startTestServer({ db, keepDb: true });
    try {
      const res = await fetch(`${app.url}/oidc/jwks`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
    } finally {
      await app.close();
    }
  };
  const first = await bootAndReadKids();
  expect(first).toHaveLength(1);
  expect(await bootAndReadKids()).toEqual(first);
});
