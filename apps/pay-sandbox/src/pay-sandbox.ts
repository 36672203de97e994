import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest, verifyRequest } from '@panalo/crypto/request-signature.ts';

/**
 * The hosted payment gateway protocol, version 1 — what this sandbox serves and what the
 * platform's gateway adapter speaks. Every API call and every callback is JSON, signed with the
 * merchant's secret: headers `X-Pay-Timestamp` (Unix seconds) and `X-Pay-Signature` (hex
 * HMAC-SHA256 over `<timestamp>.<raw body>`), refused outside ±300 s.
 *
 * - `POST /api/v1/orders` {merchantNo, orderId, amount ("100.00"), currency, channel, notifyUrl,
 *   returnUrl, description} → {status: "OK", gatewayOrderId, payUrl}; the same orderId again
 *   answers the first order.
 * - The payer opens payUrl, a hosted page, and pays or declines.
 * - The gateway then POSTs {merchantNo, orderId, gatewayOrderId, amount, currency, status: "PAID"
 *   | "FAILED", paidAt} to notifyUrl until it answers 2xx with {"status":"OK"}, waiting longer
 *   after each failure, and sends the payer back to returnUrl.
 * - `POST /api/v1/payouts` {merchantNo, payoutId, amount, currency, channel, accountName,
 *   accountNumber, notifyUrl} → {status: "OK", gatewayPayoutId}; the result arrives the same way
 *   at notifyUrl with status "PAID" or "FAILED". The same payoutId again answers the first payout
 *   and pays nothing more, so a payout sent without an answer can be sent again safely.
 */
export type SandboxMerchant = { merchantNo: string; secret: string };

export type PaySandboxOptions = {
  host: string;
  port: number;
  merchants: SandboxMerchant[];
  /** Callback delivery: attempts, and the first wait, doubled after each failure. */
  callbackAttempts?: number;
  callbackFirstDelayMs?: number;
  /** How long a payout takes to complete. */
  payoutDelayMs?: number;
};

export type PaySandbox = { url: string; close(): Promise<void> };

type OrderStatus = 'PENDING' | 'PAID' | 'FAILED';

type Order = {
  gatewayOrderId: string;
  merchant: SandboxMerchant;
  orderId: string;
  amount: string;
  currency: string;
  channel: string;
  description: string;
  notifyUrl: string;
  returnUrl: string;
  status: OrderStatus;
  paidAt: string | null;
};

// Every limit named: request bodies, text fields, how many orders the sandbox remembers.
const BODY_BYTES_MAX = 16 * 1024;
const TEXT_LENGTH_MAX = 200;
const URL_LENGTH_MAX = 500;
const ORDERS_MAX = 100_000;
const CALLBACK_TIMEOUT_MS = 10_000;
const AMOUNT_PATTERN = /^\d{1,13}\.\d{2}$/;
/** Payouts to an account number ending in 0000 fail: how a test asks for a failed payout. */
const FAILING_ACCOUNT_SUFFIX = '0000';

/** Starts the sandbox gateway; its state lives in memory, as a test double's may. */
export async function startPaySandbox(options: PaySandboxOptions): Promise<PaySandbox> {
  const callbackAttempts = options.callbackAttempts ?? 8;
  const callbackFirstDelayMs = options.callbackFirstDelayMs ?? 1_000;
  const payoutDelayMs = options.payoutDelayMs ?? 2_000;
  const merchants = new Map(options.merchants.map((merchant) => [merchant.merchantNo, merchant]));
  const orders = new Map<string, Order>();
  const ordersByMerchantOrder = new Map<string, Order>();
  /** The gateway's id of each payout taken, by merchant and payoutId. */
  const payoutsByMerchantPayout = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host}:${port}`;

  function later(delayMs: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, delayMs);
    timers.add(timer);
  }

  /** Delivers one signed callback, retrying with doubling waits until the merchant answers OK. */
  function deliver(
    merchant: SandboxMerchant,
    notifyUrl: string,
    payload: Record<string, unknown>,
    attempt = 1,
  ) {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    fetch(notifyUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-pay-timestamp': String(timestamp),
        'x-pay-signature': signRequest(merchant.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    })
      .then(async (response) => {
        const answer = (await response.json().catch(() => null)) as { status?: string } | null;
        if (!response.ok || answer?.status !== 'OK') throw new Error(`answered ${response.status}`);
      })
      .catch((error: unknown) => {
        if (attempt >= callbackAttempts) {
          console.error(`pay sandbox: gave up on ${notifyUrl} after ${attempt} attempts (${String(error)})`);
          return;
        }
        later(callbackFirstDelayMs * 2 ** (attempt - 1), () =>
          deliver(merchant, notifyUrl, payload, attempt + 1),
        );
      });
  }

  function orderCallback(order: Order) {
    return {
      merchantNo: order.merchant.merchantNo,
      orderId: order.orderId,
      gatewayOrderId: order.gatewayOrderId,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      paidAt: order.paidAt,
    };
  }

  async function readSigned(
    request: IncomingMessage,
  ): Promise<{ merchant: SandboxMerchant; body: Record<string, unknown> }> {
    const raw = await readBody(request);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'the body is not JSON');
    }
    const merchant = merchants.get(String(body.merchantNo ?? ''));
    if (!merchant) throw new HttpError(401, 'unknown merchantNo');
    const check = verifyRequest({
      secret: merchant.secret,
      timestamp: header(request, 'x-pay-timestamp'),
      signature: header(request, 'x-pay-signature'),
      rawBody: raw,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (check !== 'ok') throw new HttpError(401, check === 'stale' ? 'stale timestamp' : 'bad signature');
    return { merchant, body };
  }

  async function createOrder(request: IncomingMessage, response: ServerResponse) {
    const { merchant, body } = await readSigned(request);
    const orderId = text(body, 'orderId');
    const existing = ordersByMerchantOrder.get(`${merchant.merchantNo}:${orderId}`);
    if (existing) {
      sendJson(response, 200, {
        status: 'OK',
        gatewayOrderId: existing.gatewayOrderId,
        payUrl: payUrlOf(existing),
      });
      return;
    }
    const amount = text(body, 'amount');
    if (!AMOUNT_PATTERN.test(amount) || Number(amount) <= 0)
      throw new HttpError(400, 'amount must look like 100.00');
    if (orders.size >= ORDERS_MAX) throw new HttpError(503, 'the sandbox is full; restart it');
    const order: Order = {
      gatewayOrderId: `PSB${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`,
      merchant,
      orderId,
      amount,
      currency: text(body, 'currency'),
      channel: text(body, 'channel'),
      description: text(body, 'description', true),
      notifyUrl: httpUrl(body, 'notifyUrl'),
      returnUrl: httpUrl(body, 'returnUrl'),
      status: 'PENDING',
      paidAt: null,
    };
    orders.set(order.gatewayOrderId, order);
    ordersByMerchantOrder.set(`${merchant.merchantNo}:${orderId}`, order);
    sendJson(response, 200, { status: 'OK', gatewayOrderId: order.gatewayOrderId, payUrl: payUrlOf(order) });
  }

  async function createPayout(request: IncomingMessage, response: ServerResponse) {
    const { merchant, body } = await readSigned(request);
    const amount = text(body, 'amount');
    if (!AMOUNT_PATTERN.test(amount) || Number(amount) <= 0)
      throw new HttpError(400, 'amount must look like 100.00');
    const payoutId = text(body, 'payoutId');
    const taken = payoutsByMerchantPayout.get(`${merchant.merchantNo}:${payoutId}`);
    if (taken) {
      sendJson(response, 200, { status: 'OK', gatewayPayoutId: taken });
      return;
    }
    const accountNumber = text(body, 'accountNumber');
    const notifyUrl = httpUrl(body, 'notifyUrl');
    if (payoutsByMerchantPayout.size >= ORDERS_MAX)
      throw new HttpError(503, 'the sandbox is full; restart it');
    const gatewayPayoutId = `PSP${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
    payoutsByMerchantPayout.set(`${merchant.merchantNo}:${payoutId}`, gatewayPayoutId);
    later(payoutDelayMs, () =>
      deliver(merchant, notifyUrl, {
        merchantNo: merchant.merchantNo,
        payoutId,
        gatewayPayoutId,
        amount,
        currency: text(body, 'currency'),
        status: accountNumber.endsWith(FAILING_ACCOUNT_SUFFIX) ? 'FAILED' : 'PAID',
        paidAt: new Date().toISOString(),
      }),
    );
    sendJson(response, 200, { status: 'OK', gatewayPayoutId });
  }

  function payUrlOf(order: Order): string {
    return `${url}/pay/${order.gatewayOrderId}`;
  }

  async function handlePayPage(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, , gatewayOrderId = '', action = ''] = path.split('/');
    const order = orders.get(gatewayOrderId);
    if (!order) throw new HttpError(404, 'no such payment');
    if (request.method === 'GET' && action === '') {
      sendHtml(response, 200, payPage(order));
      return;
    }
    if (request.method !== 'POST') throw new HttpError(405, 'method not allowed');
    if ((action === 'pay' || action === 'decline') && order.status === 'PENDING') {
      order.status = action === 'pay' ? 'PAID' : 'FAILED';
      order.paidAt = action === 'pay' ? new Date().toISOString() : null;
      deliver(order.merchant, order.notifyUrl, orderCallback(order));
    } else if (action === 'resend' && order.status !== 'PENDING') {
      // A duplicate delivery, as real gateways send now and then.
      deliver(order.merchant, order.notifyUrl, orderCallback(order));
    } else if (action !== 'pay' && action !== 'decline' && action !== 'resend') {
      throw new HttpError(404, 'no such action');
    }
    if (action === 'resend') {
      response.writeHead(303, { location: `/pay/${order.gatewayOrderId}` }).end();
      return;
    }
    response.writeHead(303, { location: order.returnUrl }).end();
  }

  server.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', url).pathname;
    let handled: Promise<void>;
    if (request.method === 'POST' && path === '/api/v1/orders') handled = createOrder(request, response);
    else if (request.method === 'POST' && path === '/api/v1/payouts')
      handled = createPayout(request, response);
    else if (path.startsWith('/pay/')) handled = handlePayPage(request, response, path);
    else handled = Promise.reject(new HttpError(404, 'not found'));
    handled.catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof HttpError ? error.message : 'sandbox error';
      if (status === 500) console.error('pay sandbox:', error);
      if (!response.headersSent) sendJson(response, status, { status: 'ERROR', message });
      else response.end();
    });
  });

  return {
    url,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function text(body: Record<string, unknown>, field: string, optional = false): string {
  const value = body[field];
  if (value === undefined && optional) return '';
  if (typeof value !== 'string' || value.length === 0 || value.length > TEXT_LENGTH_MAX) {
    throw new HttpError(400, `${field} must be a string of 1 to ${TEXT_LENGTH_MAX} characters`);
  }
  return value;
}

function httpUrl(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.length > URL_LENGTH_MAX || !/^https?:\/\//.test(value)) {
    throw new HttpError(400, `${field} must be an http(s) address`);
  }
  return value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_BYTES_MAX) throw new HttpError(413, 'the body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

function sendHtml(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Payment sandbox</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f0;
    font: 16px/1.5 system-ui, sans-serif; color: #14241c; }
  main { width: min(92vw, 400px); background: #fff; border-radius: 16px; padding: 28px;
    box-shadow: 0 8px 30px rgba(0,0,0,.08); }
  h1 { font-size: 18px; margin: 0 0 4px; } .muted { color: #5a6b62; font-size: 14px; margin: 0; }
  .amount { font-size: 36px; font-weight: 700; margin: 20px 0 4px; font-variant-numeric: tabular-nums; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; font-size: 14px; margin: 16px 0 24px; }
  dt { color: #5a6b62; } dd { margin: 0; word-break: break-all; }
  .actions { display: flex; gap: 10px; } form { flex: 1; display: flex; }
  button { flex: 1; min-height: 48px; border-radius: 10px; border: 1px solid #c5d0ca; background: #fff;
    font: inherit; font-weight: 600; cursor: pointer; }
  button.primary { background: #0f7a4a; border-color: #0f7a4a; color: #fff; }
  .status { font-weight: 700; } .note { font-size: 12px; color: #5a6b62; margin: 18px 0 0; }
</style></head><body><main>${body}</main></body></html>`);
}

function payPage(order: Order): string {
  const action = `/pay/${encodeURIComponent(order.gatewayOrderId)}`;
  const details = `<dl><dt>Channel</dt><dd>${escapeHtml(order.channel)}</dd>
<dt>Merchant order</dt><dd>${escapeHtml(order.orderId)}</dd>
<dt>Gateway order</dt><dd>${escapeHtml(order.gatewayOrderId)}</dd>
${order.description ? `<dt>For</dt><dd>${escapeHtml(order.description)}</dd>` : ''}</dl>`;
  const head = `<h1>Payment sandbox</h1><p class="muted">Stands in for a payment gateway on this machine.</p>
<p class="amount">${escapeHtml(order.currency)} ${escapeHtml(order.amount)}</p>`;
  if (order.status !== 'PENDING') {
    return `${head}${details}<p>Status: <span class="status">${order.status}</span></p>
<div class="actions"><form method="post" action="${action}/resend"><button type="submit">Send the callback again</button></form></div>
<p class="note"><a href="${escapeHtml(order.returnUrl)}">Back to the merchant</a></p>`;
  }
  return `${head}${details}
<div class="actions">
  <form method="post" action="${action}/decline"><button type="submit">Decline</button></form>
  <form method="post" action="${action}/pay"><button type="submit" class="primary">Pay</button></form>
</div>
<p class="note">No money moves: "Pay" tells the merchant the payment succeeded.</p>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
