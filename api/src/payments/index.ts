import type { ApiDeps } from '../context.ts';
import { HttpError } from '../errors.ts';
import type { PaymentGateway } from './gateway.ts';
import { httpGateway } from './httpGateway.ts';
import { sandboxGateway } from './sandboxGateway.ts';

/** The embedded sandbox is for development and tests: production needs a real gateway. */
export const sandboxEnabled = (config: ApiDeps['config']) => config.env !== 'production';

/** Where the gateway posts its signed notifications about an order (`POST /api/payment/webhook`). */
export const webhookUrl = (config: ApiDeps['config']) => `${config.publicUrl}/api/payment/webhook`;

/**
 * The gateway recharges go through: the UPI gateway over HTTP when PAYMENT_GATEWAY_URL (and its key) are
 * set, else the embedded sandbox (never in production).
 */
export function paymentGateway({
  config,
  db,
  logger,
}: Pick<ApiDeps, 'config' | 'db'> & Partial<Pick<ApiDeps, 'logger'>>): PaymentGateway {
  const { gateway, webhookSecrets } = config.payments;
  if (gateway) {
    return httpGateway({
      ...gateway,
      webhookUrl: webhookSecrets.length ? webhookUrl(config) : undefined,
      logger,
    });
  }
  if (!sandboxEnabled(config)) throw new HttpError(503, 'Payments are not configured on this server.');
  return sandboxGateway(db, config.publicUrl);
}
