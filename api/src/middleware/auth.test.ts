import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import type { HttpError } from '../errors.ts';
import { requireAdmin, requireApproved, requireUser } from './auth.ts';

type Gate = typeof requireUser;

async function run(gate: Gate, user?: { role: 'artist' | 'admin'; isApproved: boolean }) {
  let reached = false;
  const ctx = { state: { user } } as unknown as Context;
  try {
    await gate(ctx, async () => {
      reached = true;
    });
    return reached ? 'next' : 'stopped';
  } catch (error) {
    const e = error as HttpError;
    return `${e.status} ${e.message}`;
  }
}

const artist = { role: 'artist' as const, isApproved: false };
const approved = { role: 'artist' as const, isApproved: true };
const admin = { role: 'admin' as const, isApproved: false };

describe('gates', () => {
  it('requireUser: 401 Unauthorized when signed out, else through', async () => {
    expect(await run(requireUser)).toBe('401 Unauthorized');
    expect(await run(requireUser, artist)).toBe('next');
  });

  it('requireApproved: 401 signed out, 403 for an artist awaiting approval, through for approved and admins', async () => {
    expect(await run(requireApproved)).toBe('401 Unauthorized');
    expect(await run(requireApproved, artist)).toBe('403 Your account is awaiting approval');
    expect(await run(requireApproved, approved)).toBe('next');
    expect(await run(requireApproved, admin)).toBe('next');
  });

  it('requireAdmin: 401 signed out, 403 for artists, through for admins', async () => {
    expect(await run(requireAdmin)).toBe('401 Unauthorized');
    expect(await run(requireAdmin, approved)).toBe("403 You don't have permission to access this page.");
    expect(await run(requireAdmin, admin)).toBe('next');
  });
});
