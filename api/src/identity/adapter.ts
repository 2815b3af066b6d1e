import { affectedRows, type Db } from '@riffline/db';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's persistent store on `oidc_payloads`: sessions, interactions, grants, codes and tokens
 * survive restarts and are shared by every API process.
 */
export function postgresAdapter(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await db('oidc_payloads')
        .insert({
          type: this.type,
          id,
          payload: JSON.stringify(payload),
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        })
        .onConflict(['type', 'id'])
        .merge();
    }

    private async findWhere(where: Record<string, string>): Promise<AdapterPayload | undefined> {
      const row = await db('oidc_payloads')
        .first('payload', 'consumedAt', 'expiresAt')
        .where({ type: this.type, ...where });
      if (!row) return undefined;
      if (row.expiresAt && new Date(row.expiresAt).getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload; // jsonb arrives parsed (pg and PGlite)
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(new Date(row.consumedAt).getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere({ id });
    }

    findByUid(uid: string) {
      return this.findWhere({ uid });
    }

    findByUserCode(userCode: string) {
      return this.findWhere({ userCode });
    }

    async consume(id: string): Promise<void> {
      await db('oidc_payloads').where({ type: this.type, id }).update({ consumedAt: new Date() });
    }

    async destroy(id: string): Promise<void> {
      await db('oidc_payloads').where({ type: this.type, id }).delete();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db('oidc_payloads').where({ grantId }).delete();
    }
  };
}

export async function purgeExpiredPayloads(db: Db): Promise<number> {
  return affectedRows(await db('oidc_payloads').where('expiresAt', '<=', new Date()).delete());
}
