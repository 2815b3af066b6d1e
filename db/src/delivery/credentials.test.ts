import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialNames, decryptCredentials, encryptCredentials } from './credentials.ts';

describe("the stores' credentials at rest", () => {
  const key = randomBytes(32);
  const credentials = { privateKey: 'secret key text', password: null };

  it('reads back what was sealed, and the sealed text holds none of it', () => {
    const sealed = encryptCredentials(key, credentials);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('secret');
    expect(decryptCredentials(key, sealed)).toEqual(credentials);
    // A fresh IV each time: the same credentials never seal to the same text.
    expect(encryptCredentials(key, credentials)).not.toBe(sealed);
  });

  it('refuses another key, a changed text and an unknown format', () => {
    const sealed = encryptCredentials(key, credentials);
    expect(() => decryptCredentials(randomBytes(32), sealed)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => decryptCredentials(key, `v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => decryptCredentials(key, 'plain text')).toThrow(
      'The store credentials are in an unknown format',
    );
  });

  it('names the credentials that are set, never their values', () => {
    expect(credentialNames({ accessKeyId: 'AKIA', secretAccessKey: 's', password: '' })).toEqual([
      'accessKeyId',
      'secretAccessKey',
    ]);
  });
});
