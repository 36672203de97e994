import { postSignedJson } from '@panalo/crypto/signed-post.ts';
import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { VendorRow } from './game.repository.ts';

/**
 * Our calls to a transfer-wallet vendor (a vendor that keeps the player's money in its own system,
 * game_vendors.wallet_mode `transfer`). The mirror of the seamless wallet the vendors call:
 *
 * - `POST <apiUrl>/transfer/v1/{balance|deposit|withdraw|status}` with the JSON body
 *   `{ vendor, playerId, currency, transferId, amount }` (amount a decimal string; balance sends
 *   neither transferId nor amount);
 * - headers `X-Timestamp` (Unix seconds) and `X-Signature`, lowercase hex HMAC-SHA256 with the
 *   vendor's secret over `<X-Timestamp>.<raw body>`: the seamless wallet's scheme and helper;
 * - the reply `{ status, balance, transferId }`, status `OK`, `INSUFFICIENT_FUNDS`,
 *   `TRANSFER_NOT_FOUND`, `REFUSED`, `INVALID_SIGNATURE` or `ERROR`.
 *
 * deposit and withdraw are idempotent on transferId at the vendor. `status` answers OK when the
 * transferId was applied (with the same player and amount) and TRANSFER_NOT_FOUND when it was not,
 * and from then on the vendor refuses that transferId: a deposit that arrives after we were told
 * "not applied" can never land, so refunding on that answer is safe. The seamless wallet does not
 * sign its replies, so neither do vendors here; the reply is trusted as the answer on the
 * connection we opened.
 */
export type TransferVendorAction = 'balance' | 'deposit' | 'withdraw' | 'status';
export type TransferVendorStatus =
  | 'OK'
  | 'INSUFFICIENT_FUNDS'
  | 'TRANSFER_NOT_FOUND'
  | 'REFUSED'
  | 'INVALID_SIGNATURE'
  | 'ERROR';
const STATUSES: readonly string[] = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'TRANSFER_NOT_FOUND',
  'REFUSED',
  'INVALID_SIGNATURE',
  'ERROR',
];

export type TransferVendorResult =
  /** The vendor answered. */
  | { kind: 'answered'; status: TransferVendorStatus; balanceMinor: bigint | null }
  /** The call never reached the vendor (no address, no secret, connection refused): nothing applied. */
  | { kind: 'unreachable' }
  /** No usable answer (timeout, 5xx, a garbled body): the call may or may not have been applied. */
  | { kind: 'unknown' };

/** A transfer call's timeout; a balance read (the wallet page asks every vendor at once) is shorter. */
export const TRANSFER_CALL_TIMEOUT_MS = 3_000;
export const BALANCE_READ_TIMEOUT_MS = 2_000;
const REPLY_BYTES_MAX = 16 * 1024;
/** Errors of a connection that was never made: the request did not leave this machine. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export type TransferVendorClient = ReturnType<typeof createTransferVendorClient>;

export function createTransferVendorClient(deps: {
  /** The vendor's shared secret in plain text, or null when none is configured. */
  readSecret: (vendor: VendorRow) => string | null;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function call(
    vendor: VendorRow,
    action: TransferVendorAction,
    fields: { playerId: string; currency: string; transferId?: string; amountMinor?: bigint },
    timeoutMs = action === 'balance' ? BALANCE_READ_TIMEOUT_MS : TRANSFER_CALL_TIMEOUT_MS,
  ): Promise<TransferVendorResult> {
    const secret = deps.readSecret(vendor);
    if (!vendor.api_url || !secret) return { kind: 'unreachable' };
    const rawBody = JSON.stringify({
      vendor: vendor.vassalage,
      playerId: fields.playerId,
      currency: fields.currency,
      ...(fields.transferId !== undefined ? { transferId: fields.transferId } : {}),
      ...(fields.amountMinor !== undefined ? { amount: formatAmount(fields.amountMinor) } : {}),
    });
    let response: Response;
    try {
      response = await postSignedJson(`${vendor.api_url.replace(/\/+$/, '')}/transfer/v1/${action}`, {
        secret,
        timestampSeconds: Math.floor(now().getTime() / 1000),
        rawBody,
        timeoutMs,
      });
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      return typeof code === 'string' && NOT_CONNECTED_CODES.has(code)
        ? { kind: 'unreachable' }
        : { kind: 'unknown' };
    }
    try {
      if (response.status !== 200) {
        await response.body?.cancel();
        return { kind: 'unknown' };
      }
      const text = await response.text();
      if (text.length > REPLY_BYTES_MAX) return { kind: 'unknown' };
      const reply = JSON.parse(text) as { status?: unknown; balance?: unknown; transferId?: unknown };
      if (typeof reply.status !== 'string' || !STATUSES.includes(reply.status)) return { kind: 'unknown' };
      // An answer about another transfer is no answer about this one.
      if (fields.transferId !== undefined && reply.transferId !== fields.transferId)
        return { kind: 'unknown' };
      const balance = typeof reply.balance === 'string' ? parseAmount(reply.balance) : null;
      return {
        kind: 'answered',
        status: reply.status as TransferVendorStatus,
        balanceMinor: balance?.ok ? balance.minor : null,
      };
    } catch {
      // The body did not arrive whole (a dropped connection, a timeout while reading) or is not JSON.
      return { kind: 'unknown' };
    }
  }

  return { call };
}
