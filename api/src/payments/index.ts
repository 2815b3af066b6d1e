import type { ApiDeps } from '../context.ts';
import { HttpError } from '../errors.ts';
import type { PaymentGateway } from './gateway.ts';
import { sandboxGateway } from './sandboxGateway.ts';

/** The embedded sandbox is for development and tests: production needs a real gateway. */
export const sandboxEnabled = (config: ApiDeps['config']) => config.env !== 'production';

/** The gateway recharges go through. */
export function paymentGateway({ config, db }: Pick<ApiDeps, 'config' | 'db'>): PaymentGateway {
  if (!sandboxEnabled(config)) throw new HttpError(503, 'Payments are not configured on this server.');
  return sandboxGateway(db, config.publicUrl);
}
