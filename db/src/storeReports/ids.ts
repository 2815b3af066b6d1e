import { randomBytes } from 'node:crypto';

/**
 * The first 24 characters of UUIDs made in order by one bulk write (version 7 of RFC 9562: the time in
 * milliseconds first, then random bits), to which the write appends each row's number as the last 12 hex
 * digits (insertAnalyticsRows). A bulk write of many rows with random ids
 * (gen_random_uuid) puts each in a random place of the primary key's index and of any index that ends
 * with the id, touching page after page of them; these put a statement's rows side by side, at the
 * indexes' end (docs/benchmarks.md).
 */
export function orderedIdPrefix(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  const random = randomBytes(3).toString('hex');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(0, 3)}-8${random.slice(3)}-`;
}
