import { signRequest, verifyRequest } from '@panalo/crypto/request-signature.ts';
import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { PaymentGatewaySettings } from '../../db/schema.ts';

/**
 * A payment gateway as the platform uses it. One implementation exists, the hosted gateway
 * protocol (v1) that apps/pay-sandbox serves; a gateway with another protocol is another
 * implementation of this type, chosen by the method's settings.
 */
export type PaymentGateway = {
  /** Opens a payment for the payer to complete on the gateway's page. */
  createOrder(input: {
    orderId: string;
    amountMinor: bigint;
    currency: string;
    notifyUrl: string;
    returnUrl: string;
    description: string;
  }): Promise<{ gatewayOrderId: string; payUrl: string }>;
  /** Sends money to a payee; the result arrives later by callback. */
  createPayout(input: PayoutRequest): Promise<{ gatewayPayoutId: string }>;
};

/** A payout as a gateway is asked to make it. */
export type PayoutRequest = {
  payoutId: string;
  amountMinor: bigint;
  currency: string;
  accountName: string;
  accountNumber: string;
  notifyUrl: string;
};

/** A gateway's callback about a payout. */
export type PayoutCallback = {
  payoutId: string;
  gatewayPayoutId: string;
  amountMinor: bigint;
  currency: string;
  status: 'PAID' | 'FAILED';
};

/** A gateway's callback, once its signature and shape are checked. */
export type GatewayCallback = {
  orderId: string;
  gatewayOrderId: string;
  amountMinor: bigint;
  currency: string;
  status: 'PAID' | 'FAILED';
};

export type CallbackCheck =
  | { kind: 'ok'; callback: GatewayCallback }
  | { kind: 'bad_signature' | 'stale' | 'malformed' };

/**
 * A gateway call that did not go through. `isRefused` when the gateway answered that it did not
 * take the request, so nothing was made; otherwise (no answer, or one that cannot be read) the
 * request may have reached it and what it did is unknown until it says.
 */
export class GatewayError extends Error {
  readonly isRefused: boolean;

  constructor(message: string, options: { cause?: unknown; isRefused: boolean }) {
    super(message, { cause: options.cause });
    this.isRefused = options.isRefused;
  }
}

/** How long a call to the gateway waits for its answer. */
export const GATEWAY_REQUEST_TIMEOUT_MS = 10_000;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The hosted gateway protocol v1 (see apps/pay-sandbox): signed JSON calls and callbacks. */
export function createHostedGateway(
  settings: PaymentGatewaySettings & { secret: string },
  deps: { nowSeconds?: () => number } = {},
): PaymentGateway {
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  /** One signed API call; answers the gateway's JSON when it says OK. */
  async function call(path: string, payload: Record<string, string>): Promise<Record<string, unknown>> {
    const body = JSON.stringify({ merchantNo: settings.merchantNo, ...payload });
    const timestamp = nowSeconds();
    let answer: Record<string, unknown>;
    try {
      const response = await fetch(new URL(path, settings.baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-pay-timestamp': String(timestamp),
          'x-pay-signature': signRequest(settings.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(GATEWAY_REQUEST_TIMEOUT_MS),
      });
      answer = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      throw new GatewayError('the gateway did not answer', { cause: error, isRefused: false });
    }
    if (answer.status !== 'OK') {
      throw new GatewayError(`the gateway refused: ${String(answer.message ?? answer.status)}`, {
        isRefused: true,
      });
    }
    return answer;
  }

  return {
    async createOrder(input) {
      const answer = await call('/api/v1/orders', {
        orderId: input.orderId,
        amount: formatAmount(input.amountMinor),
        currency: input.currency,
        channel: settings.channel,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        description: input.description,
      });
      const { gatewayOrderId, payUrl } = answer;
      if (typeof gatewayOrderId !== 'string' || typeof payUrl !== 'string' || !/^https?:\/\//.test(payUrl)) {
        throw new GatewayError('the gateway answered an order without a usable id or pay address', {
          isRefused: false,
        });
      }
      return { gatewayOrderId, payUrl };
    },

    async createPayout(input) {
      const answer = await call('/api/v1/payouts', {
        payoutId: input.payoutId,
        amount: formatAmount(input.amountMinor),
        currency: input.currency,
        channel: settings.channel,
        accountName: input.accountName,
        accountNumber: input.accountNumber,
        notifyUrl: input.notifyUrl,
      });
      if (typeof answer.gatewayPayoutId !== 'string')
        throw new GatewayError('the gateway answered no payout id', { isRefused: false });
      return { gatewayPayoutId: answer.gatewayPayoutId };
    },
  };
}

type SignedInput = {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  nowSeconds: number;
};

type Refusal = { kind: 'bad_signature' | 'stale' | 'malformed' };

/**
 * The fields every hosted-gateway callback carries, once the signature and clock are checked:
 * our id and the gateway's (named per callback kind), the amount, currency and status.
 */
function readSignedCallback(
  input: SignedInput,
  idField: string,
  gatewayIdField: string,
):
  | {
      kind: 'ok';
      id: string;
      gatewayId: string;
      amountMinor: bigint;
      currency: string;
      status: 'PAID' | 'FAILED';
    }
  | Refusal {
  const signature = verifyRequest(input);
  if (signature !== 'ok') return { kind: signature };
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(input.rawBody);
    // `null`, an array or a number is JSON but no callback, and has no fields to read.
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { kind: 'malformed' };
    body = parsed as Record<string, unknown>;
  } catch {
    return { kind: 'malformed' };
  }
  const { amount, currency, status } = body;
  const id = body[idField];
  const gatewayId = body[gatewayIdField];
  if (
    typeof id !== 'string' ||
    !ID_PATTERN.test(id) ||
    typeof gatewayId !== 'string' ||
    !ID_PATTERN.test(gatewayId) ||
    typeof amount !== 'string' ||
    typeof currency !== 'string' ||
    !/^[A-Z]{3}$/.test(currency) ||
    (status !== 'PAID' && status !== 'FAILED')
  ) {
    return { kind: 'malformed' };
  }
  const parsed = parseAmount(amount);
  if (!parsed.ok) return { kind: 'malformed' };
  return { kind: 'ok', id, gatewayId, amountMinor: parsed.minor, currency, status };
}

/** Checks a hosted-gateway payment callback: signature and clock first, then every field's shape. */
export function readHostedCallback(input: SignedInput): CallbackCheck {
  const read = readSignedCallback(input, 'orderId', 'gatewayOrderId');
  if (read.kind !== 'ok') return read;
  const { id: orderId, gatewayId: gatewayOrderId, amountMinor, currency, status } = read;
  return { kind: 'ok', callback: { orderId, gatewayOrderId, amountMinor, currency, status } };
}

/** Checks a hosted-gateway payout callback the same way. */
export function readHostedPayoutCallback(
  input: SignedInput,
): { kind: 'ok'; callback: PayoutCallback } | Refusal {
  const read = readSignedCallback(input, 'payoutId', 'gatewayPayoutId');
  if (read.kind !== 'ok') return read;
  const { id: payoutId, gatewayId: gatewayPayoutId, amountMinor, currency, status } = read;
  return { kind: 'ok', callback: { payoutId, gatewayPayoutId, amountMinor, currency, status } };
}
