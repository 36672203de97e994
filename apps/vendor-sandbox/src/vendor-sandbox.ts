import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type BetSession,
  type BetWallet,
  createLotteries,
  createSportsbook,
  formatMinor,
  type LotteryDraw,
  publicBet,
  publicTicket,
} from './bets.ts';
import {
  CARD_NAMES,
  type GameKind,
  type SandboxGame,
  type SandboxVendorProfile,
  VENDOR_PROFILES,
} from './catalogue.ts';
import { lotteryPage } from './lottery-page.ts';
import { playPage } from './play-page.ts';
import {
  findSession,
  openSession,
  type PlaySession,
  playedAnswer,
  type RoundOutcome,
  readStakeMinor,
  SESSIONS_MAX,
} from './play-session.ts';
import { type PageAnswer, parseObject, postSigned, readBody, sendJson } from './sandbox-http.ts';
import { sportsPage } from './sports-page.ts';
import { createTransferVendor } from './transfer-vendor.ts';

/**
 * A stand-in third-party game vendor. It serves, per demo vendor:
 *
 * - `GET /<slug>/catalogue.json`: the catalogue feed `{ vendor, name, games: [{ gameCode, names:
 *   { EN, TY }, gameType, demo }] }` that the platform imports, without icons: like many a small
 *   vendor it has no art of its own, so the site draws each game's cover;
 * - `GET /<slug>/play/<gameCode>?token=…&mode=real|demo&language=EN|TY`: the game page the
 *   platform's launch URL opens;
 * - `POST /<slug>/api/start` and `POST /<slug>/api/play`: the page's own backend. In real mode it
 *   calls the platform's seamless wallet as a real vendor does (API.md "Seamless wallet"):
 *   authenticate the launch token, debit the stake, draw the outcome, credit the win (0.00 for a
 *   loss), every call signed, retried on timeouts, 5xx and ERROR until it is answered, now and
 *   then delivered twice, and rolled back when the vendor's own round fails. A slot's debit also
 *   says how many lines the spin plays (`lines`, README "A slot spin's lines").
 *
 * A sportsbook's page (`kind: sportsbook`) adds `POST /<slug>/api/bet`, `/api/settle` and
 * `/api/bets`; a lottery's (`kind: lottery`) `POST /<slug>/api/ticket`, `/api/draw` and
 * `/api/state` (bets.ts). Their wins are paid later than their stakes: a credit the platform does
 * not take at once waits in a queue retried every tick, and each draw's numbers are sent to the
 * platform, signed, on `POST /wallet/v1/draws`.
 *
 * A vendor in transfer mode (`walletMode: 'transfer'`, DIWATA) keeps the players' money itself and
 * serves the platform's signed `/<slug>/transfer/v1/*` calls instead (transfer-vendor.ts).
 *
 * `POST /<slug>/api/resettle` (`{ sessionId, amount }`: the new total payout) and `/api/void`
 * (`{ sessionId }`) change the session's latest paid real round after the fact, as a vendor
 * correcting a result does (README "Resettle and void").
 *
 * Failures are injectable: a play request may ask for `inject: "round_failure"` (the round fails
 * after its stake: a rollback follows) or `inject: "duplicate"` (every call is delivered twice);
 * `failureRate` and `duplicateRate` do the same at random.
 */
export type SandboxVendorSecret = { vendor: string; secret: string };

export type VendorSandboxOptions = {
  host: string;
  port: number;
  /** The platform's base URL; calls go to `<walletUrl>/wallet/v1/<action>`. */
  walletUrl: string;
  /** The secret each vendor shares with the platform; vendors without one serve demo play only. */
  secrets: SandboxVendorSecret[];
  /** Share of successful calls delivered a second time (0 to 1). */
  duplicateRate?: number;
  /** Share of rounds that fail after the stake and are rolled back (0 to 1). */
  failureRate?: number;
  /** One wallet call's timeout, and how often a call is tried before the round gives up. */
  walletTimeoutMs?: number;
  walletAttempts?: number;
  /** The first retry's wait, doubled after each failure. */
  retryFirstDelayMs?: number;
  /** How often due draws, overdue sports bets and queued credits are looked at. */
  tickMs?: number;
};

export type VendorSandbox = { url: string; close(): Promise<void> };

type WalletReply = {
  status: string;
  balance: string | null;
  transactionId: string | null;
  duplicate?: boolean;
  playerId?: string;
};

/**
 * A page's session; the launch token is null in demo mode. `lastRoundId`: its latest real round
 * that was paid out, which `/api/resettle` and `/api/void` change after the fact.
 */
type Session = PlaySession & { token: string | null; lastRoundId: string | null };

// Every limit named.
const STAKE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
const QUEUED_CALLS_MAX = 10_000;

class WalletUnavailable extends Error {}

/** Starts the sandbox vendor; its sessions live in memory, as a test double's may. */
export async function startVendorSandbox(options: VendorSandboxOptions): Promise<VendorSandbox> {
  const duplicateRate = options.duplicateRate ?? 0.1;
  const failureRate = options.failureRate ?? 0;
  const walletTimeoutMs = options.walletTimeoutMs ?? 5_000;
  const walletAttempts = options.walletAttempts ?? 6;
  const retryFirstDelayMs = options.retryFirstDelayMs ?? 200;
  const secrets = new Map(options.secrets.map((entry) => [entry.vendor, entry.secret]));
  const sessions = new Map<string, Session>();
  const walletUrl = options.walletUrl.replace(/\/+$/, '');
  /** Credits and draw results the platform has not taken yet, retried every tick. */
  const queued: {
    vendor: SandboxVendorProfile;
    action: 'credit' | 'draws';
    fields: Record<string, unknown>;
  }[] = [];

  /** Sends a call that must arrive sooner or later: now, or queued for the next tick. */
  async function deliver(
    vendor: SandboxVendorProfile,
    action: 'credit' | 'draws',
    fields: Record<string, unknown>,
  ): Promise<WalletReply | null> {
    try {
      return await callWallet(vendor, action, fields);
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      if (queued.length < QUEUED_CALLS_MAX) queued.push({ vendor, action, fields });
      else console.error(`vendor sandbox: the retry queue is full; a ${action} is dropped`, fields);
      return null;
    }
  }

  /** What every wallet call about one of the player's rounds names. */
  const roundFields = (session: BetSession, roundId: string) => ({
    playerToken: session.token,
    roundId,
    gameCode: session.game.gameCode,
  });

  const betWallet: BetWallet = {
    async debit(session, roundId, stakeMinor) {
      const reply = await callWallet(session.vendor, 'debit', {
        ...roundFields(session, roundId),
        transactionId: `${roundId}-D`,
        amount: formatMinor(stakeMinor),
      });
      return { status: reply.status, balance: reply.balance };
    },
    async credit(session, roundId, winMinor) {
      // The id follows from the round, so that a retried credit is the same credit.
      const reply = await deliver(session.vendor, 'credit', {
        ...roundFields(session, roundId),
        transactionId: `${roundId}-C`,
        amount: formatMinor(winMinor),
      });
      return reply ? { status: reply.status, balance: reply.balance } : { status: 'PENDING', balance: null };
    },
    async publishDraw(vendor, draw: LotteryDraw) {
      if (!secrets.has(vendor.code)) return;
      await deliver(vendor, 'draws', { ...draw });
    },
  };
  // Vendors in transfer mode keep the players' money themselves (transfer-vendor.ts).
  const transferVendor = createTransferVendor({ walletUrl, secrets, walletTimeoutMs });
  const sportsbook = createSportsbook(betWallet);
  const lotteries = createLotteries(VENDOR_PROFILES, betWallet);
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await lotteries.drawDue();
      await sportsbook.settleOverdue();
      for (const call of queued.splice(0, queued.length))
        await deliver(call.vendor, call.action, call.fields);
    } catch (error) {
      console.error('vendor sandbox: a tick failed', error);
    } finally {
      ticking = false;
    }
  };
  const ticker = setInterval(() => void tick(), options.tickMs ?? 1_000);
  ticker.unref();

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      console.error('vendor sandbox:', error);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host}:${port}`;

  function feedOf(vendor: SandboxVendorProfile) {
    return {
      vendor: vendor.code,
      name: vendor.name,
      games: vendor.games.map((game) => ({
        gameCode: game.gameCode,
        names: game.names,
        gameType: game.gameType,
        demo: game.demo ?? true,
      })),
    };
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', url);
    const parts = requestUrl.pathname.split('/').filter(Boolean);
    if (request.method === 'GET' && parts.length === 0) {
      return sendJson(response, 200, {
        vendors: VENDOR_PROFILES.map((vendor) => ({
          vendor: vendor.code,
          name: vendor.name,
          catalogueUrl: `${url}/${vendor.slug}/catalogue.json`,
          launchUrl: `${url}/${vendor.slug}/play/{gameCode}`,
          walletMode: vendor.walletMode ?? 'seamless',
          // Where the platform calls a transfer vendor: `<apiUrl>/transfer/v1/…`.
          apiUrl: `${url}/${vendor.slug}`,
        })),
      });
    }
    const vendor = VENDOR_PROFILES.find((profile) => profile.slug === parts[0]);
    if (!vendor) return sendJson(response, 404, { error: 'not found' });
    const [, section, item] = parts;
    if (request.method === 'GET' && section === 'catalogue.json' && parts.length === 2) {
      return sendJson(response, 200, feedOf(vendor));
    }
    if (request.method === 'GET' && section === 'play' && item) {
      const game = vendor.games.find((candidate) => candidate.gameCode === item);
      if (!game) return sendJson(response, 404, { error: 'not found' });
      const language = requestUrl.searchParams.get('language') === 'TY' ? 'TY' : 'EN';
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The token is in this page's address: it must not leak to other sites as a referrer.
        'referrer-policy': 'no-referrer',
      });
      const view = requestUrl.searchParams.get('view') === 'lobby' ? 'lobby' : 'betting';
      response.end(
        game.kind === 'sportsbook'
          ? sportsPage({ vendor, game, language })
          : game.kind === 'lottery'
            ? lotteryPage({ vendor, game, language, view })
            : playPage({ vendor, game, language }),
      );
      return;
    }
    if (
      vendor.walletMode === 'transfer' &&
      section !== undefined &&
      ['api', 'transfer', 'control'].includes(section)
    )
      return transferVendor.route(request, response, vendor, parts.slice(1), requestUrl.searchParams);
    if (request.method === 'POST' && section === 'api' && item && API_ACTIONS.has(item)) {
      const body = parseObject(await readBody(request));
      if (body === null) return sendJson(response, 400, { error: 'malformed' });
      const result = item === 'start' ? await startSession(vendor, body) : await act(item, body);
      return sendJson(response, result.httpStatus, result.body);
    }
    sendJson(response, 404, { error: 'not found' });
  }

  /** The page opens: a demo session with play money, or the launch token authenticated at the platform. */
  async function startSession(
    vendor: SandboxVendorProfile,
    body: Record<string, unknown>,
  ): Promise<PageAnswer> {
    const opened = openSession(vendor, body);
    if ('refusal' in opened) return opened.refusal;
    const session: Session = { ...opened.session, token: null, lastRoundId: null };
    let balance = formatMinor(session.demoBalanceMinor);
    if (opened.token !== null) {
      const reply = await callWallet(vendor, 'authenticate', {
        playerToken: opened.token,
        gameCode: session.game.gameCode,
      });
      if (reply.status !== 'OK' || reply.balance === null) {
        return { httpStatus: 401, body: { error: `the platform answered ${reply.status}` } };
      }
      session.token = opened.token;
      balance = reply.balance;
    }
    remember(session);
    return { httpStatus: 200, body: { sessionId: session.id, mode: session.mode, balance } };
  }

  /** The page's calls after start, each for its session's kind of game. */
  async function act(action: string, body: Record<string, unknown>): Promise<PageAnswer> {
    const session = findSession(sessions, body);
    if (!session) return { httpStatus: 401, body: { error: 'no session' } };
    const kind = session.game.kind;
    try {
      if (action === 'play' && kind !== 'sportsbook' && kind !== 'lottery') return await play(session, body);
      if ((action === 'resettle' || action === 'void') && kind !== 'sportsbook' && kind !== 'lottery')
        return await adjust(session, action, body);
      if (kind === 'sportsbook' && action === 'bet') {
        const stake = readStakeMinor(body.stake, STAKE_PATTERN);
        if (stake === null) return { httpStatus: 422, body: { error: 'stake' } };
        const placed = await sportsbook.placeBet(session, {
          fixtureId: typeof body.fixtureId === 'string' ? body.fixtureId : '',
          outcome: typeof body.outcome === 'string' ? body.outcome : '',
          stakeMinor: stake,
        });
        return {
          httpStatus: 200,
          body: {
            status: placed.status,
            balance: placed.balance,
            bet: placed.bet ? publicBet(placed.bet) : null,
            bets: sportsbook.betsOf(session).map(publicBet),
          },
        };
      }
      if (kind === 'sportsbook' && (action === 'settle' || action === 'bets')) {
        const settled = action === 'settle' ? await sportsbook.settle(session) : null;
        return {
          httpStatus: 200,
          body: {
            status: 'OK',
            balance: settled?.balance ?? (await balanceOf(session)),
            bets: sportsbook.betsOf(session).map(publicBet),
          },
        };
      }
      if (kind === 'lottery' && action === 'ticket') {
        const stake = readStakeMinor(body.stake, STAKE_PATTERN);
        if (stake === null) return { httpStatus: 422, body: { error: 'stake' } };
        const bought = await lotteries.buyTicket(session, { numbers: body.numbers, stakeMinor: stake });
        return {
          httpStatus: bought.status === 'BAD_NUMBERS' ? 422 : 200,
          body: {
            status: bought.status,
            balance: bought.balance,
            ticket: bought.ticket ? publicTicket(bought.ticket) : null,
          },
        };
      }
      if (kind === 'lottery' && (action === 'draw' || action === 'state')) {
        const drawn = action === 'draw' ? await lotteries.draw(session.game.gameCode) : null;
        const state = lotteries.stateOf(session);
        if (!state) return { httpStatus: 404, body: { error: 'unknown game' } };
        return {
          httpStatus: 200,
          body: {
            status: 'OK',
            draw: drawn,
            numero: state.numero,
            closesAt: state.closesAt,
            history: state.history,
            tickets: state.tickets.map(publicTicket),
            balance: await balanceOf(session),
          },
        };
      }
      return { httpStatus: 404, body: { error: 'not a call of this game' } };
    } catch (error) {
      if (error instanceof WalletUnavailable)
        return { httpStatus: 502, body: { error: 'the platform is unavailable' } };
      throw error;
    }
  }

  /** The player's balance at the platform (or the demo's play money). */
  async function balanceOf(session: BetSession): Promise<string | null> {
    if (session.mode === 'demo') return formatMinor(session.demoBalanceMinor);
    const reply = await callWallet(session.vendor, 'balance', {
      playerToken: session.token,
      gameCode: session.game.gameCode,
    });
    return reply.status === 'OK' ? reply.balance : null;
  }

  /** One round: stake, outcome, win; in real mode each step through the platform's wallet. */
  async function play(session: Session, body: Record<string, unknown>): Promise<PageAnswer> {
    const stakeMinor = readStakeMinor(body.stake, STAKE_PATTERN);
    if (stakeMinor === null) return { httpStatus: 422, body: { error: 'stake' } };
    const pick = typeof body.pick === 'string' ? body.pick : '';
    const outcome = drawOutcome(session.game.kind, pick, stakeMinor);
    if (!outcome) return { httpStatus: 422, body: { error: 'pick' } };
    const lines = linesOf(session.game, body.lines);
    if (lines === undefined) return { httpStatus: 422, body: { error: 'lines' } };

    if (session.mode === 'demo') {
      if (session.demoBalanceMinor < stakeMinor)
        return { httpStatus: 200, body: { status: 'INSUFFICIENT_FUNDS' } };
      session.demoBalanceMinor += outcome.winMinor - stakeMinor;
      return playedAnswer('OK', outcome, formatMinor(session.demoBalanceMinor));
    }

    const { vendor } = session;
    const duplicate = body.inject === 'duplicate';
    const roundId = `${vendor.code}-R-${randomUUID()}`;
    const common = roundFields(session, roundId);
    const debitId = `${vendor.code}-D-${randomUUID()}`;
    try {
      const debit = await callWallet(
        vendor,
        'debit',
        {
          ...common,
          transactionId: debitId,
          amount: formatMinor(stakeMinor),
          // A slot's spin says how many lines it plays (API.md "Seamless wallet": debit's `lines`).
          ...(lines === null ? {} : { lines }),
        },
        duplicate,
      );
      if (debit.status !== 'OK')
        return { httpStatus: 200, body: { status: debit.status, balance: debit.balance } };

      const fails = body.inject === 'round_failure' || Math.random() < failureRate;
      if (fails) {
        // Our own round broke after the stake was taken: give the stake back.
        const rollback = await callWallet(
          vendor,
          'rollback',
          { ...common, transactionId: `${vendor.code}-X-${randomUUID()}`, refTransactionId: debitId },
          duplicate,
        );
        return { httpStatus: 200, body: { status: 'ROUND_FAILED', balance: rollback.balance } };
      }
      const credit = await callWallet(
        vendor,
        'credit',
        {
          ...common,
          transactionId: `${vendor.code}-C-${randomUUID()}`,
          amount: formatMinor(outcome.winMinor),
        },
        duplicate,
      );
      if (credit.status === 'OK') session.lastRoundId = roundId;
      return playedAnswer(credit.status, outcome, credit.balance);
    } catch (error) {
      if (error instanceof WalletUnavailable)
        return { httpStatus: 502, body: { error: 'the platform is unavailable' } };
      throw error;
    }
  }

  /**
   * Changes the session's latest paid round after the fact: a resettle to a new total payout, or
   * a void (the stake comes back, the payout goes). The platform's answer is passed on; a void
   * round cannot be changed again.
   */
  async function adjust(
    session: Session,
    action: 'resettle' | 'void',
    body: Record<string, unknown>,
  ): Promise<PageAnswer> {
    if (session.mode === 'demo' || session.token === null)
      return { httpStatus: 422, body: { error: 'a demo round is not at the platform' } };
    const roundId = session.lastRoundId;
    if (roundId === null) return { httpStatus: 404, body: { error: 'no paid round to change' } };
    let amount: Record<string, string> = {};
    if (action === 'resettle') {
      const payoutMinor = readStakeMinor(body.amount, STAKE_PATTERN);
      if (payoutMinor === null) return { httpStatus: 422, body: { error: 'amount' } };
      amount = { amount: formatMinor(payoutMinor) };
    }
    const { vendor } = session;
    const reply = await callWallet(vendor, action, {
      playerToken: session.token,
      gameCode: session.game.gameCode,
      transactionId: `${vendor.code}-${action === 'void' ? 'V' : 'S'}-${randomUUID()}`,
      refRoundId: roundId,
      ...amount,
    });
    if (reply.status === 'OK' && action === 'void') session.lastRoundId = null;
    return { httpStatus: 200, body: { status: reply.status, balance: reply.balance, roundId } };
  }

  /**
   * One signed wallet call, retried with a fresh timestamp (and the same body, so the same
   * transaction id) on timeouts, 5xx and ERROR until answered; sometimes delivered twice.
   */
  async function callWallet(
    vendor: SandboxVendorProfile,
    action: 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback' | 'resettle' | 'void' | 'draws',
    fields: Record<string, unknown>,
    forceDuplicate = false,
  ): Promise<WalletReply> {
    const secret = secrets.get(vendor.code);
    if (!secret) throw new WalletUnavailable(`no secret for ${vendor.code}`);
    const rawBody = JSON.stringify({ vendor: vendor.code, currency: 'PHP', ...fields });
    const send = async (): Promise<WalletReply | null> => {
      try {
        const response = await postSigned(
          `${walletUrl}/wallet/v1/${action}`,
          secret,
          rawBody,
          walletTimeoutMs,
        );
        if (response.status >= 500) return null;
        const reply = (await response.json()) as WalletReply;
        return reply.status === 'ERROR' ? null : reply;
      } catch {
        return null;
      }
    };
    let delayMs = retryFirstDelayMs;
    for (let attempt = 1; attempt <= walletAttempts; attempt += 1) {
      const reply = await send();
      if (reply) {
        if (
          reply.status === 'OK' &&
          action !== 'authenticate' &&
          action !== 'balance' &&
          (forceDuplicate || Math.random() < duplicateRate)
        ) {
          // A real network sometimes delivers a call twice; the platform must answer the first result.
          const again = await send();
          if (
            again &&
            (again.status !== 'OK' || again.duplicate !== true || again.balance !== reply.balance)
          ) {
            console.error(`vendor sandbox: a duplicate ${action} was not answered as one`, again);
          }
        }
        return reply;
      }
      if (attempt < walletAttempts) await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs *= 2;
    }
    throw new WalletUnavailable(`${action} got no answer after ${walletAttempts} attempts`);
  }

  function remember(session: Session): void {
    if (sessions.size >= SESSIONS_MAX) {
      const oldest = [...sessions.values()].sort((left, right) => left.lastSeenMs - right.lastSeenMs)[0];
      if (oldest) {
        sessions.delete(oldest.id);
        sportsbook.forget(oldest);
      }
    }
    sessions.set(session.id, session);
  }

  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(ticker);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const API_ACTIONS = new Set([
  'start',
  'play',
  'resettle',
  'void',
  'bet',
  'settle',
  'bets',
  'ticket',
  'draw',
  'state',
]);

/** Multipliers of the wheel's eight segments, in hundredths. */
const WHEEL_SEGMENTS = [0n, 200n, 0n, 150n, 0n, 300n, 50n, 0n];
const SLOT_SYMBOLS = ['mango', 'pineapple', 'coconut', 'chili', 'star', 'seven'];

/**
 * The lines a slot's spin plays: all of the game's when the page names none, else the page's
 * (1 to the game's lines); null for a game that is not a slot; undefined when the page's are not
 * a whole number in that range.
 */
export function linesOf(game: SandboxGame, asked: unknown): number | null | undefined {
  if (game.lines === undefined) return null;
  if (asked === undefined) return game.lines;
  return typeof asked === 'number' && Number.isInteger(asked) && asked >= 1 && asked <= game.lines
    ? asked
    : undefined;
}

/** Draws a round's outcome; null when the pick is not one the game knows. */
export function drawOutcome(kind: GameKind, pick: string, stakeMinor: bigint): RoundOutcome | null {
  if (kind === 'coin') {
    if (pick !== 'heads' && pick !== 'tails') return null;
    const side = randomInt(2) === 0 ? 'heads' : 'tails';
    return { winMinor: side === pick ? (stakeMinor * 195n) / 100n : 0n, shown: { result: side } };
  }
  if (kind === 'wheel') {
    const segment = randomInt(WHEEL_SEGMENTS.length);
    const multiplier = WHEEL_SEGMENTS[segment] ?? 0n;
    return {
      winMinor: (stakeMinor * multiplier) / 100n,
      shown: { result: `x${formatMinor(multiplier)}`, segment },
    };
  }
  if (kind === 'slot') {
    if (pick !== 'spin') return null;
    const reels = [0, 1, 2].map(() => SLOT_SYMBOLS[randomInt(SLOT_SYMBOLS.length)] ?? '');
    // Three alike pay 25x the spin's stake, the first two alike 1.5x: about 90 % back.
    const [first, second, third] = reels;
    const multiplier = first === second ? (second === third ? 2_500n : 150n) : 0n;
    return { winMinor: (stakeMinor * multiplier) / 100n, shown: { result: reels.join(' · '), reels } };
  }
  if (kind !== 'card') return null;
  const player = randomInt(13);
  const dealer = randomInt(13);
  // Higher card pays 2x; a tie gives the stake back.
  const winMinor = player > dealer ? stakeMinor * 2n : player === dealer ? stakeMinor : 0n;
  return { winMinor, shown: { result: `${CARD_NAMES[player]} vs ${CARD_NAMES[dealer]}` } };
}
