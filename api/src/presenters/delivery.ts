import {
  storeName,
  type DeliveryAcknowledgementResponse,
  type DeliveryResponse,
  type ReleaseChangeResponse,
  type StoreTargetResponse,
} from '@riffline/contracts';
import {
  credentialNames,
  decryptCredentials,
  type DeliveryAcknowledgement,
  type DeliveryWithStore,
  type ReleaseChange,
  type StoreTarget,
} from '@riffline/db';

const iso = (date: Date | string) => new Date(date).toISOString();

/** A store's drop box without its credentials: only which ones are kept (docs/delivery.md). */
export function presentStoreTarget(row: StoreTarget, key: Buffer): StoreTargetResponse {
  return {
    id: row.id,
    store: row.store as StoreTargetResponse['store'],
    storeName: storeName(row.store),
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    folder: row.folder,
    username: row.username,
    bucket: row.bucket,
    region: row.region,
    endpoint: row.endpoint,
    credentialsSet: credentialNames(decryptCredentials(key, row.credentials)),
    dpid: row.dpid,
    profile: row.profile,
    mode: row.mode,
    enabled: row.enabled,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentDelivery(row: DeliveryWithStore): DeliveryResponse {
  return {
    id: row.id,
    releaseId: row.releaseId,
    store: row.store,
    storeName: storeName(row.store),
    kind: row.kind,
    changeId: row.changeId,
    territories: row.territories ?? null,
    effectiveOn: row.effectiveOn ?? null,
    batchId: row.batchId,
    messageId: row.messageId,
    status: row.status,
    error: row.error,
    storeUrl: row.storeUrl,
    attempts: row.attempts,
    createdAt: iso(row.createdAt),
    deliveredAt: row.deliveredAt ? iso(row.deliveredAt) : null,
    updatedAt: iso(row.updatedAt),
  };
}

export function presentReleaseChange(
  change: ReleaseChange,
  deliveries: DeliveryWithStore[] = [],
): ReleaseChangeResponse {
  return {
    id: change.id,
    releaseId: change.releaseId,
    kind: change.kind,
    status: change.status,
    proposed: change.proposed,
    previous: change.previous,
    reason: change.reason,
    decidedAt: change.decidedAt ? iso(change.decidedAt) : null,
    stores: change.stores,
    territories: change.territories,
    effectiveOn: change.effectiveOn,
    createdAt: iso(change.createdAt),
    deliveries: deliveries.map(presentDelivery),
  };
}

export function presentAcknowledgement(
  row: DeliveryAcknowledgement,
  store: string,
): DeliveryAcknowledgementResponse {
  return {
    id: row.id,
    targetId: row.targetId,
    store,
    storeName: storeName(store),
    fileName: row.fileName,
    messageId: row.messageId,
    madeAt: row.madeAt ? iso(row.madeAt) : null,
    problem: row.problem,
    receivedAt: iso(row.receivedAt),
    body: row.body,
  };
}
