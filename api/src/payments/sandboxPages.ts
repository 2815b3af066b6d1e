import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { formatMoney } from '@riffline/contracts';
import { findSandboxPayment, settleSandboxPayment, type Db } from '@riffline/db';
import type { Context } from 'koa';
import { escapeHtml } from '../identityProvider/views.ts';
import { walletReturnPath } from './gateway.ts';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Riffline sandbox payments</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f8;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:380px;width:calc(100% - 32px);box-shadow:0 4px 24px #0001}
h1{font-size:1.3rem;margin:0 0 8px}.amount{font-size:2rem;font-weight:700;margin:16px 0}
.note{color:#555;font-size:.9rem}form{display:inline}button{font-size:1rem;padding:10px 22px;border-radius:8px;border:0;margin:8px 8px 0 0;cursor:pointer}
.pay{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}
</style></head><body><main>${body}</main></body></html>`;

/**
 * The embedded sandbox gateway's payment page (`/sandbox-pay/:id`): the amount, and Pay or Fail, which
 * settle the payment in its ledger once. 'Return to Riffline' goes back to the wallet in the same tab,
 * naming the order (as a gateway's redirect does), and the wallet verifies it by itself.
 */
export function sandboxRouter(db: Db): Router {
  const router = new Router({ prefix: '/sandbox-pay' });
  const html = (ctx: Context, status: number, body: string) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };
  const back = (orderId?: string) =>
    `<p><a href="${orderId ? escapeHtml(walletReturnPath(orderId)) : '/wallet'}">Return to Riffline</a></p>`;

  router.get('/:id', async (ctx) => {
    const payment = await findSandboxPayment(db, ctx.params.id!.slice(0, 100));
    if (!payment) return html(ctx, 404, page('Unknown payment', `<h1>Unknown payment</h1>${back()}`));
    const settled =
      payment.status === 'pending'
        ? `<form method="post" action="/sandbox-pay/${encodeURIComponent(payment.gatewayOrderId)}/pay"><button class="pay">Pay</button></form>
<form method="post" action="/sandbox-pay/${encodeURIComponent(payment.gatewayOrderId)}/fail"><button class="fail">Fail</button></form>
<p class="note"><a href="${escapeHtml(walletReturnPath(payment.orderId))}">Back to Riffline without paying</a></p>`
        : `<p>This payment is ${payment.status === 'paid' ? 'paid' : 'declined'}.</p>${back(payment.orderId)}`;
    html(
      ctx,
      200,
      page(
        'Pay',
        `<h1>Riffline sandbox payment</h1><p class="note">Order ${escapeHtml(payment.orderId)}</p>
<p class="amount">${escapeHtml(formatMoney(payment.amount, 'INR'))}</p>${settled}
<p class="note">A test gateway: no money moves. Back in your wallet, the payment is verified and Pay adds the coins.</p>`,
      ),
    );
  });

  for (const outcome of ['pay', 'fail'] as const) {
    router.post(`/:id/${outcome}`, async (ctx) => {
      const id = ctx.params.id!.slice(0, 100);
      if (!(await findSandboxPayment(db, id)))
        return html(ctx, 404, page('Unknown payment', `<h1>Unknown payment</h1>${back()}`));
      const utr = outcome === 'pay' ? `SBX${randomBytes(6).toString('hex').toUpperCase()}` : null;
      await settleSandboxPayment(db, id, outcome === 'pay' ? 'paid' : 'failed', utr);
      ctx.redirect(`/sandbox-pay/${encodeURIComponent(id)}`);
      ctx.status = 303;
    });
  }
  return router;
}
