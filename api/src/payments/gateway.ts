/**
 * A payment gateway as the recharge flow sees it: create an order (where the artist pays) and ask how it
 * went. The embedded sandbox is one; a UPI gateway over HTTP is another (PAYMENT_GATEWAY_URL).
 */
/**
 * Where the artist comes back to from the gateway's page, in the same tab: the wallet, naming the order,
 * which the wallet then verifies by itself (`web-artist/src/pages/wallet/Wallet.tsx`).
 */
export const walletReturnPath = (orderId: string) => `/wallet?order=${encodeURIComponent(orderId)}`;

export interface GatewayOrder {
  orderId: string;
  amount: string;
  customerMobile: string;
  /** Where the gateway sends the artist back. */
  redirectUrl: string;
}

/** `message` is the gateway's word on the order (remark1); `remark2` any further detail it gives. */
export type GatewayStatus =
  | { status: 'completed'; utr: string | null; message: string; remark2?: string | null }
  | { status: 'failed'; message: string; remark2?: string | null }
  | { status: 'pending'; message: string };

export interface PaymentGateway {
  readonly name: string;
  createOrder(order: GatewayOrder): Promise<{ gatewayOrderId: string; paymentUrl: string }>;
  checkStatus(order: { orderId: string; gatewayOrderId: string }): Promise<GatewayStatus>;
}

/**
 * The gateway could not be asked, or gave no usable answer: it was unreachable, timed out, answered 5xx
 * (after the retries), refused our key, or answered something that is not the protocol. Nothing about the
 * order is known from it, so callers change nothing and answer 502.
 */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}
