import { describe, expect, it } from 'vitest';
import { hasRecentSecondFactor } from './secondFactor.ts';

describe('hasRecentSecondFactor', () => {
  const signedInAt = 1_800_000_000;
  const at = (seconds: number) => new Date((signedInAt + seconds) * 1000);

  it('holds for 10 minutes after a sign-in with a second factor, and not a second longer', () => {
    const session = { amr: ['pwd', 'otp'], authTime: signedInAt };
    expect(hasRecentSecondFactor(session, at(0))).toBe(true);
    expect(hasRecentSecondFactor(session, at(600))).toBe(true);
    expect(hasRecentSecondFactor(session, at(601))).toBe(false);
  });

  it("takes an external issuer's second-factor methods, never the password alone", () => {
    for (const amr of [['mfa'], ['pwd', 'hwk'], ['swk'], ['sms']]) {
      expect(hasRecentSecondFactor({ amr, authTime: signedInAt }, at(1)), amr.join()).toBe(true);
    }
    for (const amr of [['pwd'], [], 'otp', undefined]) {
      expect(hasRecentSecondFactor({ amr, authTime: signedInAt }, at(1)), String(amr)).toBe(false);
    }
  });

  it('needs the time of the sign-in, and a session at all', () => {
    expect(hasRecentSecondFactor({ amr: ['otp'] }, at(1))).toBe(false);
    expect(hasRecentSecondFactor({ amr: ['otp'], authTime: String(signedInAt) }, at(1))).toBe(false);
    expect(hasRecentSecondFactor(null, at(1))).toBe(false);
  });
});
