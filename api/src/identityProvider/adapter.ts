import {
  consumeOidcPayload,
  deleteOidcGrant,
  deleteOidcPayload,
  findOidcPayload,
  upsertOidcPayload,
  type Db,
  type OidcPayloadLookup,
} from '@riffline/db';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's persistent store on `oidc_payloads`: sessions, interactions, grants, codes and tokens
 * survive restarts and are shared by every API process. Expiry is on real time, oidc-provider's own clock.
 */
export function postgresAdapter(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertOidcPayload(db, {
        type: this.type,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    private async findBy(lookup: OidcPayloadLookup): Promise<AdapterPayload | undefined> {
      const row = await findOidcPayload(db, this.type, lookup);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findBy({ id });
    }

    findByUid(uid: string) {
      return this.findBy({ uid });
    }

    findByUserCode(userCode: string) {
      return this.findBy({ userCode });
    }

    async consume(id: string): Promise<void> {
      await consumeOidcPayload(db, this.type, id, new Date());
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.type, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcGrant(db, grantId);
    }
  };
}
