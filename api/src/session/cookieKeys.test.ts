import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { CookieKeys } from './cookieKeys.ts';

describe('CookieKeys (what signs the session cookie)', () => {
  const secrets = ['newest-secret', 'older-secret'];
  const keygrip = new Keygrip(secrets);
  const ours = new CookieKeys(secrets);

  it('signs exactly as Keygrip does, so cookies signed before still verify', () => {
    for (const data of ['riffline.sid=abc', 'riffline.sid=' + 'x'.repeat(200), '', 'ü→✓']) {
      expect(ours.sign(data)).toBe(keygrip.sign(data));
    }
  });

  it('tells which key signed a value, like Keygrip', () => {
    const byOlder = new Keygrip(['older-secret']).sign('riffline.sid=abc');
    expect(ours.index('riffline.sid=abc', byOlder)).toBe(1);
    expect(ours.index('riffline.sid=abc', keygrip.sign('riffline.sid=abc'))).toBe(0);
    expect(ours.verify('riffline.sid=abc', byOlder)).toBe(true);
  });

  it('refuses another key’s signature, another value, and any altered digest', () => {
    const digest = ours.sign('riffline.sid=abc');
    expect(ours.index('riffline.sid=abc', new Keygrip(['someone-else']).sign('riffline.sid=abc'))).toBe(-1);
    expect(ours.index('riffline.sid=abd', digest)).toBe(-1);
    expect(ours.index('riffline.sid=abc', digest.slice(0, -1))).toBe(-1);
    expect(ours.index('riffline.sid=abc', `${digest}A`)).toBe(-1);
    expect(ours.index('riffline.sid=abc', `${digest}=`)).toBe(-1);
    expect(ours.index('riffline.sid=abc', `!${digest}`)).toBe(-1);
    expect(ours.index('riffline.sid=abc', '')).toBe(-1);
    expect(keygrip.index('riffline.sid=abc', `${digest}=`)).toBe(-1);
  });

  it('answers a remembered signature as the first time, and still refuses any other digest for the value', () => {
    const keys = new CookieKeys(secrets);
    const byOlder = new Keygrip(['older-secret']).sign('riffline.sid=abc');
    expect(keys.index('riffline.sid=abc', byOlder)).toBe(1);
    expect(keys.index('riffline.sid=abc', byOlder)).toBe(1);
    expect(keys.index('riffline.sid=abd', byOlder)).toBe(-1);
    expect(keys.index('riffline.sid=abc', `${byOlder}A`)).toBe(-1);
    expect(keys.index('riffline.sid=abc', byOlder.slice(0, -1))).toBe(-1);
    // past the bound it forgets and checks again, with the same answers
    for (let i = 0; i <= CookieKeys.REMEMBERED; i++) keys.index(`v${i}`, keygrip.sign(`v${i}`));
    expect(keys.index('riffline.sid=abc', byOlder)).toBe(1);
    expect(keys.index('v3', keygrip.sign('v3'))).toBe(0);
    expect(keys.index('v3', keygrip.sign('v4'))).toBe(-1);
  });

  it('needs a key', () => {
    expect(() => new CookieKeys([])).toThrow(/at least one key/);
  });
});
