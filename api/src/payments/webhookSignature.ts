import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header the gateway signs its webhook calls in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'X-Gateway-Signature';

/** The signature of a body under a secret, as the gateway sends it (and tests sign with). */
export function signWebhook(body: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Whether `header` signs `body` under one of the secrets (PAYMENT_WEBHOOK_SECRET, newest first: a rotation
 * accepts the old one until it is removed). The digests are compared in constant time, and every secret is
 * tried, so the time taken tells nothing about how close a forgery came.
 */
export function webhookSignatureValid(
  body: string | Uint8Array,
  header: string | undefined,
  secrets: readonly string[],
): boolean {
  const match = /^(?:sha256=)?([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'hex');
  let valid = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(body).digest();
    if (timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
