/**
 * A payment gateway as the recharge flow sees it: create an order (where the artist pays) and ask how it
 * went. The embedded sandbox is one; a UPI gateway over HTTP is another (PAYMENT_GATEWAY_URL).
 */
export interface GatewayOrder {
  orderId: string;
  amount: string;
  customerMobile: string;
  /** Where the gateway sends the artist back. */
  redirectUrl: string;
}

export type GatewayStatus =
  | { status: 'completed'; utr: string | null; message: string }
  | { status: 'failed'; message: string }
  | { status: 'pending'; message: string };

export interface PaymentGateway {
  readonly name: string;
  createOrder(order: GatewayOrder): Promise<{ gatewayOrderId: string; paymentUrl: string }>;
  checkStatus(order: { orderId: string; gatewayOrderId: string }): Promise<GatewayStatus>;
}
