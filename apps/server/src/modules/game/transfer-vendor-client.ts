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
 *
 * The bet feed (`fetchBets`): `POST <apiUrl>/transfer/v1/bets?since=<cursor>`, signed alike, body
 * `{ vendor, since, limit }` (the query repeats the signed `since`), reply `{ status, bets, next,
 * hasMore }`: the vendor's bet changes after the cursor in its own sequence order, each bet whole
 * (`{ betId, account, gameCode, currency, stake, payout, status: open|settled|void, placedAt,
 * settledAt, changedAt }`), `next` the cursor to ask from next, `hasMore` whether more wait. A bet
 * changed later (settled, resettled, voided) appears again further on. apps/vendor-sandbox/README.md
 * "The bet feed" is the protocol's reference.
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

/** A bet as the vendor's feed reports it, checked and in minor units. */
export type FeedBet = {
  betId: string;
  /** Our member id: the playerId our transfer calls name the player by. */
  account: string;
  gameCode: string;
  currency: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: 'open' | 'settled' | 'void';
  placedAt: Date;
  settledAt: Date | null;
  changedAt: Date;
};

export type BetFeedResult =
  | { kind: 'page'; bets: FeedBet[]; next: string; hasMore: boolean }
  /** No usable page: why, for the operators (nothing of it is imported). */
  | { kind: 'failed'; reason: string };

/** The most bets we ask for in one page (a vendor may send fewer) and accept in one. */
export const BET_FEED_PAGE_MAX = 500;
export const BET_FEED_TIMEOUT_MS = 10_000;
const BET_FEED_REPLY_BYTES_MAX = 1024 * 1024;
/** A vendor's cursor is opaque to us, within these bounds. */
export const BET_FEED_CURSOR_PATTERN = /^[A-Za-z0-9_.:-]{0,128}$/;
const FEED_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const FEED_STATUSES: readonly string[] = ['open', 'settled', 'void'];
const ISO_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

function readTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_TIME_PATTERN.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

function readFeedAmount(value: unknown): bigint | null {
  if (typeof value !== 'string') return null;
  const amount = parseAmount(value);
  return amount.ok ? amount.minor : null;
}

/** One bet of a feed page, or null when any field is missing or malformed. */
export function readFeedBet(value: unknown): FeedBet | null {
  if (typeof value !== 'object' || value === null) return null;
  const bet = value as Record<string, unknown>;
  const text = (field: string) => {
    const found = bet[field];
    return typeof found === 'string' && FEED_ID_PATTERN.test(found) ? found : null;
  };
  const [betId, account, gameCode] = [text('betId'), text('account'), text('gameCode')];
  const currency = typeof bet.currency === 'string' && /^[A-Z]{3}$/.test(bet.currency) ? bet.currency : null;
  const status = typeof bet.status === 'string' && FEED_STATUSES.includes(bet.status) ? bet.status : null;
  const [stakeMinor, payoutMinor] = [readFeedAmount(bet.stake), readFeedAmount(bet.payout)];
  const [placedAt, changedAt] = [readTime(bet.placedAt), readTime(bet.changedAt)];
  const settledAt = bet.settledAt === null ? null : readTime(bet.settledAt);
  const isSettledAtValid = status === 'open' ? settledAt === null : settledAt !== null;
  if (
    !betId ||
    !account ||
    !gameCode ||
    !currency ||
    !status ||
    stakeMinor === null ||
    payoutMinor === null ||
    !placedAt ||
    !changedAt ||
    !isSettledAtValid ||
    (status === 'open' && payoutMinor !== 0n)
  )
    return null;
  return {
    betId,
    account,
    gameCode,
    currency,
    stakeMinor,
    payoutMinor,
    status: status as FeedBet['status'],
    placedAt,
    settledAt,
    changedAt,
  };
}

/** A whole page of the feed, or why it is not one (a single bad bet spoils the page: nothing is half-read). */
export function readFeedPage(reply: unknown, since: string): BetFeedResult {
  if (typeof reply !== 'object' || reply === null) return { kind: 'failed', reason: 'not an object' };
  const page = reply as Record<string, unknown>;
  if (page.status !== 'OK') {
    return {
      kind: 'failed',
      reason: `status ${typeof page.status === 'string' ? page.status.slice(0, 32) : '?'}`,
    };
  }
  if (!Array.isArray(page.bets) || page.bets.length > BET_FEED_PAGE_MAX)
    return { kind: 'failed', reason: 'bets' };
  if (
    typeof page.next !== 'string' ||
    !BET_FEED_CURSOR_PATTERN.test(page.next) ||
    typeof page.hasMore !== 'boolean'
  )
    return { kind: 'failed', reason: 'next or hasMore' };
  // A page of bets moves the cursor; an empty one may not, and then there cannot be more.
  if (page.bets.length > 0 ? page.next === since : page.hasMore) return { kind: 'failed', reason: 'cursor' };
  const bets: FeedBet[] = [];
  for (const [index, value] of page.bets.entries()) {
    const bet = readFeedBet(value);
    if (!bet) return { kind: 'failed', reason: `bet ${index}` };
    bets.push(bet);
  }
  return { kind: 'page', bets, next: page.next, hasMore: page.hasMore };
}

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

  /** A page of the vendor's bet feed after `since` ('' for its beginning). */
  async function fetchBets(
    vendor: VendorRow,
    since: string,
    limit = BET_FEED_PAGE_MAX,
  ): Promise<BetFeedResult> {
    const secret = deps.readSecret(vendor);
    if (!vendor.api_url || !secret) return { kind: 'failed', reason: 'no address or secret' };
    const rawBody = JSON.stringify({ vendor: vendor.vassalage, since, limit });
    const url = `${vendor.api_url.replace(/\/+$/, '')}/transfer/v1/bets?since=${encodeURIComponent(since)}`;
    try {
      const response = await postSignedJson(url, {
        secret,
        timestampSeconds: Math.floor(now().getTime() / 1000),
        rawBody,
        timeoutMs: BET_FEED_TIMEOUT_MS,
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return { kind: 'failed', reason: `HTTP ${response.status}` };
      }
      const text = await response.text();
      if (text.length > BET_FEED_REPLY_BYTES_MAX) return { kind: 'failed', reason: 'reply too large' };
      return readFeedPage(JSON.parse(text), since);
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      return { kind: 'failed', reason: typeof name === 'string' ? name : 'unreachable' };
    }
  }

  return { call, fetchBets };
}
