import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * What the `cookies` module (under Koa and koa-session) asks of its `keys`: sign with the newest key,
 * and tell which key, if any, signed a value. Signatures are Keygrip's own (HMAC-SHA1, base64url), so
 * cookies signed before stay valid. It differs from Keygrip in cost only, on every request: the keys are
 * imported once (Keygrip imports each key on every HMAC) and a digest is checked with one constant-time
 * comparison (Keygrip's `tsscmp` computes two more HMACs for each comparison). A signature found good is
 * remembered (a bounded map of value and digest to key), so a browser's session cookie is checked by HMAC
 * once per process rather than on each of its requests; a bad one is never remembered.
 */
export class CookieKeys {
  private readonly keys: KeyObject[];
  private readonly verified = new Map<string, number>();
  static readonly REMEMBERED = 10_000;

  constructor(secrets: readonly string[]) {
    if (!secrets.length) throw new Error('cookie signing needs at least one key');
    this.keys = secrets.map((secret) => createSecretKey(Buffer.from(secret)));
  }

  sign(data: string): string {
    return this.digest(data, this.keys[0]!).toString('base64url');
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The position of the key that signed `data` with `digest`, or -1. */
  index(data: string, digest: string): number {
    const memo = `${digest}\u0000${data}`;
    const known = this.verified.get(memo);
    if (known !== undefined) return known;
    const found = this.check(data, digest);
    if (found > -1) {
      if (this.verified.size >= CookieKeys.REMEMBERED) this.verified.clear();
      this.verified.set(memo, found);
    }
    return found;
  }

  private check(data: string, digest: string): number {
    const given = Buffer.from(digest, 'base64url');
    // base64url decoding skips characters outside the alphabet: only the exact encoding counts.
    if (given.toString('base64url') !== digest) return -1;
    return this.keys.findIndex((key) => {
      const expected = this.digest(data, key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  private digest(data: string, key: KeyObject): Buffer {
    return createHmac('sha1', key).update(data).digest();
  }
}
