import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyRequest } from '@panalo/crypto/request-signature.ts';
import { formatMinor } from './bets.ts';
import { CARD_NAMES, type GameKind, type SandboxVendorProfile } from './catalogue.ts';
import {
  findSession,
  openSession,
  type PlaySession,
  playedAnswer,
  readStakeMinor,
  SESSIONS_MAX,
} from './play-session.ts';
import { type PageAnswer, parseObject, postSigned, readBody, sendJson, toMinor } from './sandbox-http.ts';
import { type BetLog, createBetLog, type FeedBetStatus } from './transfer-bets.ts';

/**
 * A transfer-wallet vendor (catalogue `walletMode: 'transfer'`): the player's money for its games
 * lives here, in this vendor's own wallet, and the platform moves it in and out with signed calls
 * (the platform's side: apps/server/src/modules/game/transfer-vendor-client.ts):
 *
 * - `POST /<slug>/transfer/v1/{balance|deposit|withdraw|status}`, body
 *   `{ vendor, playerId, currency, transferId, amount }`, headers `X-Timestamp` and `X-Signature`
 *   (HMAC-SHA256 with the shared secret over `<timestamp>.<raw body>`, as on /wallet/v1); reply
 *   `{ status, balance, transferId }` with status OK, INSUFFICIENT_FUNDS, TRANSFER_NOT_FOUND,
 *   REFUSED, INVALID_SIGNATURE or ERROR.
 * - deposit and withdraw are idempotent on transferId: a repeat answers the first result.
 * - `status` answers OK when the transferId was applied, else TRANSFER_NOT_FOUND, and from then on
 *   that transferId is refused, so that a deposit delivered late cannot land after the platform
 *   has refunded it.
 * - `POST /<slug>/transfer/v1/bets?since=<cursor>`, body `{ vendor, since, limit }` (signed alike;
 *   the query's `since` must equal the body's): the bet feed (transfer-bets.ts). Reply `{ status,
 *   bets, next, hasMore }`: the entries after the cursor in sequence order, at most `limit` (and
 *   never more than 100), `next` the cursor to ask from next time.
 *
 * Its game pages (the shared play page) start with the launch token, which the vendor exchanges
 * for the player's id on the platform's `/wallet/v1/authenticate` (signed); the stakes and wins
 * then change this vendor's wallet only.
 *
 * Failures are injectable for tests, per vendor: `POST /<slug>/control/faults` with
 * `{ faults: [...], delayMs }` queues what the next deposit, withdraw or status calls do —
 * `drop` (the connection is cut, nothing applied), `apply_then_drop` (applied, then cut), `slow`
 * (answered and applied after delayMs, past the caller's timeout), `refuse` (REFUSED, never
 * applied) or `error` (HTTP 500, nothing applied). `GET /<slug>/control/state?playerId=…` shows a
 * player's balance here.
 *
 * Bets are recorded for the feed as the game pages play them for real, and tests make them
 * directly: `POST /<slug>/control/bets` `{ playerId, gameCode, stake, payout, status }` places one
 * against the player's wallet here (open: only the stake leaves it), and
 * `POST /<slug>/control/bets/change` `{ betId, status: 'settled' | 'void', payout }` settles,
 * resettles (a new total payout) or voids one, moving the difference; each change is a new feed entry.
 */
type Fault = 'drop' | 'apply_then_drop' | 'slow' | 'refuse' | 'error';
const FAULTS: readonly string[] = ['drop', 'apply_then_drop', 'slow', 'refuse', 'error'];
type TransferAction = 'balance' | 'deposit' | 'withdraw' | 'status';
const TRANSFER_ACTIONS: readonly string[] = ['balance', 'deposit', 'withdraw', 'status'];

type TransferRecord = {
  playerId: string;
  action: 'deposit' | 'withdraw';
  amountMinor: bigint;
  /** applied; refused (a status or a refusal said no: refused for good). */
  state: 'applied' | 'refused';
  /** The reply a repeat gets. */
  status: string;
  balanceAfterMinor: bigint;
};

/** A page's session; the player is null in demo mode. */
type TransferSession = PlaySession & { playerId: string | null };

// Every limit named.
const RECORDS_MAX = 100_000;
const FAULTS_MAX = 100;
const DELAY_MS_MAX = 30_000;
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const PAGE_LIMIT_MAX = 500;

export type TransferVendor = ReturnType<typeof createTransferVendor>;

export function createTransferVendor(options: {
  /** The platform's base URL, for /wallet/v1/authenticate. */
  walletUrl: string;
  secrets: Map<string, string>;
  walletTimeoutMs: number;
}) {
  const wallets = new Map<string, bigint>();
  const records = new Map<string, TransferRecord>();
  const faults = new Map<string, { queue: Fault[]; delayMs: number }>();
  const sessions = new Map<string, TransferSession>();
  const betLogs = new Map<string, BetLog>();
  const betLogOf = (vendor: SandboxVendorProfile): BetLog => {
    const known = betLogs.get(vendor.code);
    if (known) return known;
    const created = createBetLog();
    betLogs.set(vendor.code, created);
    return created;
  };
  const walletKey = (vendor: SandboxVendorProfile, playerId: string) => `${vendor.code}|${playerId}`;
  const balanceOf = (vendor: SandboxVendorProfile, playerId: string) =>
    wallets.get(walletKey(vendor, playerId)) ?? 0n;

  /** Serves `/<slug>/{transfer|control|api}/…` of a transfer vendor; `rest` is the path after the slug. */
  async function route(
    request: IncomingMessage,
    response: ServerResponse,
    vendor: SandboxVendorProfile,
    rest: string[],
    query: URLSearchParams,
  ): Promise<void> {
    const [section, version, action] = rest;
    if (request.method === 'POST' && section === 'transfer' && version === 'v1' && action === 'bets') {
      return betFeedCall(request, response, vendor, query);
    }
    if (request.method === 'POST' && section === 'transfer' && version === 'v1' && action) {
      if (!TRANSFER_ACTIONS.includes(action)) return sendJson(response, 404, { error: 'not found' });
      return transferCall(request, response, vendor, action as TransferAction);
    }
    if (section === 'control' && version === 'bets' && request.method === 'POST') {
      const body = parseObject(await readBody(request));
      if (!body) return sendJson(response, 400, { error: 'malformed' });
      const result = action === 'change' ? changeBet(vendor, body) : action ? null : placeBet(vendor, body);
      if (!result) return sendJson(response, 404, { error: 'not found' });
      return sendJson(response, result.httpStatus, result.body);
    }
    if (section === 'control' && version === 'faults' && request.method === 'POST') {
      const body = parseObject(await readBody(request));
      const list = Array.isArray(body?.faults) ? body.faults : null;
      if (!list || list.length > FAULTS_MAX || !list.every((fault) => FAULTS.includes(fault as string)))
        return sendJson(response, 422, { error: 'faults' });
      const delayMs =
        typeof body?.delayMs === 'number' ? Math.min(Math.max(0, body.delayMs), DELAY_MS_MAX) : 0;
      faults.set(vendor.code, { queue: [...(list as Fault[])], delayMs });
      return sendJson(response, 200, { faults: list, delayMs });
    }
    if (section === 'control' && version === 'state' && request.method === 'GET') {
      const playerId = query.get('playerId') ?? '';
      return sendJson(response, 200, { playerId, balance: formatMinor(balanceOf(vendor, playerId)) });
    }
    if (request.method === 'POST' && section === 'api' && (version === 'start' || version === 'play')) {
      const body = parseObject(await readBody(request));
      if (!body) return sendJson(response, 400, { error: 'malformed' });
      const result = version === 'start' ? await start(vendor, body) : play(body);
      return sendJson(response, result.httpStatus, result.body);
    }
    sendJson(response, 404, { error: 'not found' });
  }

  /** Whether a call of the platform carries a valid, fresh signature of its raw body. */
  function isSigned(request: IncomingMessage, vendor: SandboxVendorProfile, rawBody: string | null): boolean {
    const secret = options.secrets.get(vendor.code);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (!secret || rawBody === null) return false;
    const check = verifyRequest({
      secret,
      timestamp: header('x-timestamp'),
      signature: header('x-signature'),
      rawBody,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    return check === 'ok';
  }

  /** The platform's signed request for a page of the bet feed. */
  async function betFeedCall(
    request: IncomingMessage,
    response: ServerResponse,
    vendor: SandboxVendorProfile,
    query: URLSearchParams,
  ): Promise<void> {
    const rawBody = await readBody(request);
    if (!isSigned(request, vendor, rawBody)) return sendJson(response, 200, { status: 'INVALID_SIGNATURE' });
    const body = parseObject(rawBody);
    const since = typeof body?.since === 'string' ? body.since : body?.since === undefined ? '' : null;
    const limit = body?.limit === undefined ? PAGE_LIMIT_MAX : body.limit;
    const isLimitValid =
      typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= PAGE_LIMIT_MAX;
    // The signature covers the body only: the query's cursor must say the same.
    if (
      !body ||
      body.vendor !== vendor.code ||
      since === null ||
      (query.get('since') ?? '') !== since ||
      !isLimitValid
    )
      return sendJson(response, 200, { status: 'ERROR' });
    const page = betLogOf(vendor).page(since, limit);
    if (!page) return sendJson(response, 200, { status: 'ERROR' });
    sendJson(response, 200, { status: 'OK', ...page });
  }

  /** One signed call of the platform. */
  async function transferCall(
    request: IncomingMessage,
    response: ServerResponse,
    vendor: SandboxVendorProfile,
    action: TransferAction,
  ): Promise<void> {
    const rawBody = await readBody(request);
    const body = parseObject(rawBody);
    const transferId =
      typeof body?.transferId === 'string' && ID_PATTERN.test(body.transferId) ? body.transferId : null;
    const reply = (status: string, balanceMinor: bigint | null) =>
      sendJson(response, 200, {
        status,
        balance: balanceMinor === null ? null : formatMinor(balanceMinor),
        transferId,
      });
    if (!isSigned(request, vendor, rawBody)) return reply('INVALID_SIGNATURE', null);
    const playerId =
      typeof body?.playerId === 'string' && ID_PATTERN.test(body.playerId) ? body.playerId : null;
    if (!body || body.vendor !== vendor.code || playerId === null || body.currency !== 'PHP')
      return reply('ERROR', null);
    if (action === 'balance') return reply('OK', balanceOf(vendor, playerId));

    const amountMinor =
      typeof body.amount === 'string' && AMOUNT_PATTERN.test(body.amount) ? toMinor(body.amount) : 0n;
    if (transferId === null || amountMinor <= 0n) return reply('ERROR', balanceOf(vendor, playerId));
    const recordKey = `${vendor.code}|${transferId}`;

    const injected = faults.get(vendor.code);
    const fault = injected?.queue.shift();
    if (fault === 'error') {
      sendJson(response, 500, { error: 'injected' });
      return;
    }
    if (fault === 'drop') {
      response.socket?.destroy();
      return;
    }
    if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, injected?.delayMs ?? 0));

    const known = records.get(recordKey);
    if (known && (known.playerId !== playerId || known.amountMinor !== amountMinor))
      return reply('ERROR', balanceOf(vendor, playerId));
    if (action === 'status') {
      if (known?.state === 'applied') return reply('OK', balanceOf(vendor, playerId));
      // Not applied, and now never will be: a late deposit or withdraw with this id is refused.
      if (!known)
        remember(recordKey, refusedRecord(playerId, 'deposit', amountMinor, 'TRANSFER_NOT_FOUND', vendor));
      return reply('TRANSFER_NOT_FOUND', balanceOf(vendor, playerId));
    }
    if (known) {
      if (known.state === 'refused') return reply(known.status, balanceOf(vendor, playerId));
      if (known.action !== action) return reply('ERROR', balanceOf(vendor, playerId));
      return reply('OK', known.balanceAfterMinor);
    }
    if (fault === 'refuse') {
      remember(recordKey, refusedRecord(playerId, action, amountMinor, 'REFUSED', vendor));
      return reply('REFUSED', balanceOf(vendor, playerId));
    }
    const before = balanceOf(vendor, playerId);
    if (action === 'withdraw' && before < amountMinor) {
      remember(recordKey, refusedRecord(playerId, action, amountMinor, 'INSUFFICIENT_FUNDS', vendor));
      return reply('INSUFFICIENT_FUNDS', before);
    }
    const after = action === 'deposit' ? before + amountMinor : before - amountMinor;
    wallets.set(walletKey(vendor, playerId), after);
    remember(recordKey, {
      playerId,
      action,
      amountMinor,
      state: 'applied',
      status: 'OK',
      balanceAfterMinor: after,
    });
    if (fault === 'apply_then_drop') {
      response.socket?.destroy();
      return;
    }
    reply('OK', after);
  }

  function refusedRecord(
    playerId: string,
    action: 'deposit' | 'withdraw',
    amountMinor: bigint,
    status: string,
    vendor: SandboxVendorProfile,
  ): TransferRecord {
    return {
      playerId,
      action,
      amountMinor,
      state: 'refused',
      status,
      balanceAfterMinor: balanceOf(vendor, playerId),
    };
  }

  function remember(key: string, record: TransferRecord): void {
    // A test double's memory: the oldest records go first once the bound is reached.
    if (records.size >= RECORDS_MAX) {
      const oldest = records.keys().next().value;
      if (oldest !== undefined) records.delete(oldest);
    }
    records.set(key, record);
  }

  /** The page opens: play money, or the launch token exchanged for the player at the platform. */
  async function start(vendor: SandboxVendorProfile, body: Record<string, unknown>): Promise<PageAnswer> {
    const opened = openSession(vendor, body);
    if ('refusal' in opened) return opened.refusal;
    let playerId: string | null = null;
    if (opened.token !== null) {
      playerId = await authenticate(vendor, opened.token, opened.session.game.gameCode);
      if (!playerId) return { httpStatus: 401, body: { error: 'the platform did not accept the token' } };
    }
    const session: TransferSession = { ...opened.session, playerId };
    if (sessions.size >= SESSIONS_MAX) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
    sessions.set(session.id, session);
    return {
      httpStatus: 200,
      body: { sessionId: session.id, mode: session.mode, balance: formatMinor(sessionBalance(session)) },
    };
  }

  const sessionBalance = (session: TransferSession) =>
    session.playerId === null ? session.demoBalanceMinor : balanceOf(session.vendor, session.playerId);

  /** Whom a launch token names, asked of the platform (signed, as every vendor call is). */
  async function authenticate(
    vendor: SandboxVendorProfile,
    token: string,
    gameCode: string,
  ): Promise<string | null> {
    const secret = options.secrets.get(vendor.code);
    if (!secret) return null;
    const rawBody = JSON.stringify({ vendor: vendor.code, currency: 'PHP', playerToken: token, gameCode });
    try {
      const response = await postSigned(
        `${options.walletUrl}/wallet/v1/authenticate`,
        secret,
        rawBody,
        options.walletTimeoutMs,
      );
      const reply = (await response.json()) as { status?: string; playerId?: string };
      return reply.status === 'OK' && typeof reply.playerId === 'string' ? reply.playerId : null;
    } catch {
      return null;
    }
  }

  /** One round against this vendor's own wallet (or the demo's play money). */
  function play(body: Record<string, unknown>): PageAnswer {
    const session = findSession(sessions, body);
    if (!session) return { httpStatus: 401, body: { error: 'no session' } };
    const stakeMinor = readStakeMinor(body.stake, AMOUNT_PATTERN);
    if (stakeMinor === null) return { httpStatus: 422, body: { error: 'stake' } };
    const outcome = drawTransferOutcome(
      session.game.kind,
      typeof body.pick === 'string' ? body.pick : '',
      stakeMinor,
    );
    if (!outcome) return { httpStatus: 422, body: { error: 'pick' } };
    const balance = sessionBalance(session);
    if (balance < stakeMinor)
      return { httpStatus: 200, body: { status: 'INSUFFICIENT_FUNDS', balance: formatMinor(balance) } };
    // The stake and the win settle at once: nothing awaits between reading and writing the balance.
    const after = balance - stakeMinor + outcome.winMinor;
    if (session.playerId === null) session.demoBalanceMinor = after;
    else {
      wallets.set(walletKey(session.vendor, session.playerId), after);
      betLogOf(session.vendor).place({
        betId: randomUUID(),
        account: session.playerId,
        gameCode: session.game.gameCode,
        currency: 'PHP',
        stakeMinor,
        payoutMinor: outcome.winMinor,
        status: 'settled',
      });
    }
    return playedAnswer('OK', outcome, formatMinor(after));
  }

  /** A test's bet placed directly against a player's wallet here, open or settled at once. */
  function placeBet(vendor: SandboxVendorProfile, body: Record<string, unknown>): PageAnswer {
    const playerId =
      typeof body.playerId === 'string' && ID_PATTERN.test(body.playerId) ? body.playerId : null;
    const game = vendor.games.find((candidate) => candidate.gameCode === body.gameCode);
    const stakeMinor = readStakeMinor(body.stake, AMOUNT_PATTERN);
    const status: FeedBetStatus | null =
      body.status === 'open' || body.status === 'settled' ? body.status : null;
    const payoutMinor =
      status === 'open'
        ? 0n
        : typeof body.payout === 'string' && AMOUNT_PATTERN.test(body.payout)
          ? toMinor(body.payout)
          : null;
    if (!playerId || !game || stakeMinor === null || status === null || payoutMinor === null)
      return { httpStatus: 422, body: { error: 'playerId, gameCode, stake, payout and status' } };
    const balance = balanceOf(vendor, playerId);
    if (balance < stakeMinor)
      return { httpStatus: 200, body: { status: 'INSUFFICIENT_FUNDS', balance: formatMinor(balance) } };
    const after = balance - stakeMinor + payoutMinor;
    wallets.set(walletKey(vendor, playerId), after);
    const bet = betLogOf(vendor).place({
      betId: randomUUID(),
      account: playerId,
      gameCode: game.gameCode,
      currency: 'PHP',
      stakeMinor,
      payoutMinor,
      status,
    });
    return { httpStatus: 200, body: { status: 'OK', bet, balance: formatMinor(after) } };
  }

  /**
   * A later change of a bet: settled (an open bet's payout, or a settled one's new total payout)
   * or void (the stake back, any payout taken back). The player's wallet here moves by the
   * difference and never below zero.
   */
  function changeBet(vendor: SandboxVendorProfile, body: Record<string, unknown>): PageAnswer {
    const log = betLogOf(vendor);
    const found = typeof body.betId === 'string' ? log.find(body.betId) : undefined;
    if (!found) return { httpStatus: 404, body: { error: 'unknown bet' } };
    const payoutMinor =
      typeof body.payout === 'string' && AMOUNT_PATTERN.test(body.payout) ? toMinor(body.payout) : null;
    if (body.status !== 'void' && (body.status !== 'settled' || payoutMinor === null))
      return { httpStatus: 422, body: { error: 'status and payout' } };
    const paidBefore = found.status === 'open' ? 0n : found.payoutMinor;
    const paidAfter = body.status === 'void' ? found.stakeMinor : (payoutMinor ?? 0n);
    const balance = balanceOf(vendor, found.account);
    if (balance + paidAfter - paidBefore < 0n)
      return { httpStatus: 200, body: { status: 'INSUFFICIENT_FUNDS', balance: formatMinor(balance) } };
    const changed = log.change(
      found.betId,
      body.status === 'void' ? { status: 'void' } : { status: 'settled', payoutMinor: payoutMinor ?? 0n },
    );
    if ('refused' in changed) return { httpStatus: 409, body: { error: changed.refused } };
    const after = balance + paidAfter - paidBefore;
    wallets.set(walletKey(vendor, found.account), after);
    return { httpStatus: 200, body: { status: 'OK', bet: changed.bet, balance: formatMinor(after) } };
  }

  return { route };
}

/** A round of a transfer vendor's game: Hi-Lo (the next card higher or lower) or a coin flip. */
export function drawTransferOutcome(
  kind: GameKind,
  pick: string,
  stakeMinor: bigint,
): { winMinor: bigint; shown: Record<string, unknown> } | null {
  if (kind === 'coin') {
    if (pick !== 'heads' && pick !== 'tails') return null;
    const side = randomInt(2) === 0 ? 'heads' : 'tails';
    return { winMinor: side === pick ? (stakeMinor * 195n) / 100n : 0n, shown: { result: side } };
  }
  if (kind !== 'hilo' || (pick !== 'higher' && pick !== 'lower')) return null;
  const first = randomInt(13);
  const next = randomInt(13);
  // A right call pays 1.95×; the same rank again gives the stake back.
  const isRight = pick === 'higher' ? next > first : next < first;
  const winMinor = next === first ? stakeMinor : isRight ? (stakeMinor * 195n) / 100n : 0n;
  return { winMinor, shown: { result: `${CARD_NAMES[first]} → ${CARD_NAMES[next]}` } };
}
