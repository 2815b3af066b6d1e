import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookSignatureValid } from './webhookSignature.ts';

const secret = 'whsec-0123456789abcdef';
const body = '{"orderId":"RFL1","status":"completed"}';

describe('webhook signatures', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body', () => {
    const hex = createHmac('sha256', secret).update(body).digest('hex');
    expect(signWebhook(body, secret)).toBe(`sha256=${hex}`);
    expect(webhookSignatureValid(body, `sha256=${hex}`, [secret])).toBe(true);
    expect(webhookSignatureValid(body, hex.toUpperCase(), [secret])).toBe(true);
  });

  it('accepts any configured secret (rotation) and nothing else', () => {
    const old = 'whsec-old-0123456789';
    expect(webhookSignatureValid(body, signWebhook(body, old), [secret, old])).toBe(true);
    expect(webhookSignatureValid(body, signWebhook(body, old), [secret])).toBe(false);
    expect(webhookSignatureValid(`${body} `, signWebhook(body, secret), [secret])).toBe(false);
    for (const header of [undefined, '', 'sha256=', 'sha256=abc', `sha1=${'0'.repeat(40)}`, 'x'.repeat(64)]) {
      expect(webhookSignatureValid(body, header, [secret]), String(header)).toBe(false);
    }
    expect(webhookSignatureValid(body, signWebhook(body, secret), [])).toBe(false);
  });
});
