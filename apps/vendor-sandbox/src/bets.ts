import { randomInt, randomUUID } from 'node:crypto';
import {
  LOTTERY_RULES,
  type LotteryRules,
  type SandboxGame,
  type SandboxVendorProfile,
  SPORTS_FIXTURES,
  type SportsFixture,
} from './catalogue.ts';

/**
 * The sandbox's two games whose stake and win are apart in time, as a real sportsbook's and a
 * real lottery's are: a sports bet is taken now and settled when its match is decided (a settle
 * button, or a timer), a lottery ticket is taken now and settled by its draw (at fixed intervals,
 * or on demand). Between the two the platform holds an open round.
 */

/** What a bet needs from the session that placed it. */
export type BetSession = {
  vendor: SandboxVendorProfile;
  game: SandboxGame;
  mode: 'real' | 'demo';
  token: string | null;
  demoBalanceMinor: bigint;
};

/** The wallet calls a bet makes; the sandbox signs, retries and delivers them (vendor-sandbox.ts). */
export type BetWallet = {
  debit(
    session: BetSession,
    roundId: string,
    stakeMinor: bigint,
  ): Promise<{ status: string; balance: string | null }>;
  /**
   * Pays a win (0 for a loss) and closes the round; answers the balance after it, or status
   * PENDING when the platform did not answer and the credit waits in the sandbox's retry queue.
   */
  credit(
    session: BetSession,
    roundId: string,
    winMinor: bigint,
  ): Promise<{ status: string; balance: string | null }>;
  /** Tells the platforms a draw's numbers (the lottery results they show). */
  publishDraw(vendor: SandboxVendorProfile, draw: LotteryDraw): Promise<void>;
};

export type Outcome = 'home' | 'draw' | 'away';
export type SportsBet = {
  id: string;
  fixtureId: string;
  outcome: Outcome;
  /** Decimal odds in hundredths, fixed when the bet is taken. */
  oddsHundredths: number;
  stakeMinor: bigint;
  roundId: string;
  status: 'open' | 'won' | 'lost';
  winMinor: bigint;
  result: Outcome | null;
  placedAtMs: number;
};

export type LotteryTicket = {
  id: string;
  numero: string;
  numbers: number[];
  stakeMinor: bigint;
  roundId: string;
  status: 'open' | 'won' | 'lost';
  matched: number;
  winMinor: bigint;
  session: BetSession;
};

export type LotteryDraw = { gameCode: string; numero: string; numbers: number[]; drawnAt: string };

// Every limit named.
export const OPEN_BETS_PER_SESSION_MAX = 20;
export const TICKETS_PER_SESSION_PER_DRAW_MAX = 20;
const BETS_KEPT_PER_SESSION = 30;
const DRAWS_KEPT = 20;
const SETTLED_KEPT = 2_000;
/** An open sports bet is settled by the timer this long after it was taken. */
export const SPORTS_SETTLE_AFTER_MS = 2 * 60_000;

export function formatMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const absolute = minor < 0n ? -minor : minor;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

function fixtureOf(gameCode: string, fixtureId: string): SportsFixture | undefined {
  return SPORTS_FIXTURES[gameCode]?.find((fixture) => fixture.id === fixtureId);
}

function oddsOf(fixture: SportsFixture, outcome: Outcome): number | null {
  return fixture.odds[outcome];
}

/**
 * A match's result, drawn with the chances the odds imply (each outcome in proportion to 1/odds),
 * so the book keeps its margin and nothing else.
 */
export function drawMatchResult(fixture: SportsFixture): Outcome {
  const outcomes = (['home', 'draw', 'away'] as const).filter((outcome) => fixture.odds[outcome] !== null);
  // Weights 1/odds scaled to integers: 1e6 / odds.
  const weights = outcomes.map((outcome) => Math.round(1_000_000 / (fixture.odds[outcome] ?? 1)));
  let ticket = randomInt(weights.reduce((sum, weight) => sum + weight, 0));
  for (const [index, outcome] of outcomes.entries()) {
    ticket -= weights[index] ?? 0;
    if (ticket < 0) return outcome;
  }
  return outcomes[outcomes.length - 1] ?? 'home';
}

export const publicBet = (bet: SportsBet) => ({
  id: bet.id,
  fixtureId: bet.fixtureId,
  outcome: bet.outcome,
  odds: formatMinor(BigInt(bet.oddsHundredths)),
  stake: formatMinor(bet.stakeMinor),
  status: bet.status,
  win: formatMinor(bet.winMinor),
  result: bet.result,
});

export const publicTicket = (ticket: LotteryTicket) => ({
  id: ticket.id,
  numero: ticket.numero,
  numbers: ticket.numbers,
  stake: formatMinor(ticket.stakeMinor),
  status: ticket.status,
  matched: ticket.matched,
  win: formatMinor(ticket.winMinor),
});

/** A sportsbook: bets per session, each debited when taken and credited when settled. */
export function createSportsbook(wallet: BetWallet, now: () => number = Date.now) {
  const betsOf = new Map<BetSession, SportsBet[]>();

  async function placeBet(
    session: BetSession,
    input: { fixtureId: string; outcome: string; stakeMinor: bigint },
  ): Promise<{ status: string; balance: string | null; bet?: SportsBet }> {
    const fixture = fixtureOf(session.game.gameCode, input.fixtureId);
    const outcome = input.outcome as Outcome;
    const odds =
      fixture && ['home', 'draw', 'away'].includes(input.outcome) ? oddsOf(fixture, outcome) : null;
    if (!fixture || odds === null) return { status: 'UNKNOWN_OUTCOME', balance: null };
    const bets = betsOf.get(session) ?? [];
    if (bets.filter((bet) => bet.status === 'open').length >= OPEN_BETS_PER_SESSION_MAX)
      return { status: 'TOO_MANY_OPEN_BETS', balance: null };
    const bet: SportsBet = {
      id: randomUUID(),
      fixtureId: fixture.id,
      outcome,
      oddsHundredths: odds,
      stakeMinor: input.stakeMinor,
      roundId: `${session.vendor.code}-R-${randomUUID()}`,
      status: 'open',
      winMinor: 0n,
      result: null,
      placedAtMs: now(),
    };
    let balance: string | null;
    if (session.mode === 'demo') {
      if (session.demoBalanceMinor < input.stakeMinor) return { status: 'INSUFFICIENT_FUNDS', balance: null };
      session.demoBalanceMinor -= input.stakeMinor;
      balance = formatMinor(session.demoBalanceMinor);
    } else {
      const debit = await wallet.debit(session, bet.roundId, input.stakeMinor);
      if (debit.status !== 'OK') return debit;
      balance = debit.balance;
    }
    bets.unshift(bet);
    betsOf.set(session, bets.slice(0, BETS_KEPT_PER_SESSION));
    return { status: 'OK', balance, bet };
  }

  /** Decides the matches of a session's open bets (one result per match) and pays them. */
  async function settle(session: BetSession): Promise<{ balance: string | null; bets: SportsBet[] }> {
    const bets = betsOf.get(session) ?? [];
    const results = new Map<string, Outcome>();
    let balance: string | null = null;
    for (const bet of bets.filter((candidate) => candidate.status === 'open')) {
      const fixture = fixtureOf(session.game.gameCode, bet.fixtureId);
      if (!fixture) continue;
      const result = results.get(fixture.id) ?? drawMatchResult(fixture);
      results.set(fixture.id, result);
      const winMinor = result === bet.outcome ? (bet.stakeMinor * BigInt(bet.oddsHundredths)) / 100n : 0n;
      if (session.mode === 'demo') {
        session.demoBalanceMinor += winMinor;
        balance = formatMinor(session.demoBalanceMinor);
      } else {
        // A credit the platform could not take yet is queued and retried by the sandbox, with
        // the same transaction id: the bet is decided either way.
        const credit = await wallet.credit(session, bet.roundId, winMinor);
        if (credit.status === 'OK') balance = credit.balance;
      }
      bet.result = result;
      bet.winMinor = winMinor;
      bet.status = winMinor > 0n ? 'won' : 'lost';
    }
    return { balance, bets };
  }

  /** The timer's sweep: bets left open past SPORTS_SETTLE_AFTER_MS are decided. */
  async function settleOverdue(): Promise<void> {
    for (const [session, bets] of betsOf) {
      if (bets.some((bet) => bet.status === 'open' && now() - bet.placedAtMs >= SPORTS_SETTLE_AFTER_MS)) {
        await settle(session);
      }
    }
  }

  return {
    placeBet,
    settle,
    settleOverdue,
    betsOf: (session: BetSession) => betsOf.get(session) ?? [],
    forget: (session: BetSession) => betsOf.delete(session),
  };
}

type DrawState = {
  vendor: SandboxVendorProfile;
  rules: LotteryRules;
  sequence: number;
  numero: string;
  closesAtMs: number;
  tickets: LotteryTicket[];
  history: LotteryDraw[];
  drawing: Promise<LotteryDraw> | null;
};

/**
 * A draw, or a quick pick: distinct numbers from lowest to highest, sorted, for a lotto; one
 * digit per place, repeats allowed and in place order, for a digits draw.
 */
export function drawNumbers(rules: LotteryRules): number[] {
  const span = rules.highest - rules.lowest + 1;
  if (rules.pick === 'digits')
    return Array.from({ length: rules.count }, () => rules.lowest + randomInt(span));
  const pool = Array.from({ length: span }, (_, index) => rules.lowest + index);
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [pool[index], pool[other]] = [pool[other] as number, pool[index] as number];
  }
  return pool.slice(0, rules.count).sort((left, right) => left - right);
}

/**
 * A ticket's pick, checked: the game's count of whole numbers in its range; a lotto's distinct
 * (and sorted, as order does not count), a digits draw's in the order picked.
 */
export function parsePick(rules: LotteryRules, value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length !== rules.count) return null;
  const numbers = value.filter(
    (number): number is number =>
      Number.isInteger(number) && number >= rules.lowest && number <= rules.highest,
  );
  if (numbers.length !== rules.count) return null;
  if (rules.pick === 'digits') return numbers;
  if (new Set(numbers).size !== rules.count) return null;
  return [...numbers].sort((left, right) => left - right);
}

/**
 * How many of a ticket's numbers the draw matched: a lotto's in any order; a digits draw's in
 * place, counted from the last digit back (so all but one is the last digits, the consolation).
 */
export function matchedOf(rules: LotteryRules, picked: readonly number[], drawn: readonly number[]): number {
  if (rules.pick === 'numbers') return picked.filter((number) => drawn.includes(number)).length;
  let matched = 0;
  for (let place = rules.count - 1; place >= 0 && picked[place] === drawn[place]; place -= 1) matched += 1;
  return matched;
}

function winOf(rules: LotteryRules, matched: number, stakeMinor: bigint): bigint {
  if (matched === rules.count) return stakeMinor * BigInt(rules.fullMatchMultiplier);
  if (matched === rules.count - 1) return stakeMinor * BigInt(rules.partialMatchMultiplier);
  return 0n;
}

/**
 * The lotteries: one open draw per game, numbered by the day it opened and its sequence
 * (YYYYMMDD-0001). Tickets are debited when bought; a draw settles every ticket of its numero
 * and publishes its numbers to the platform.
 */
export function createLotteries(
  vendors: readonly SandboxVendorProfile[],
  wallet: BetWallet,
  now: () => number = Date.now,
) {
  const states = new Map<string, DrawState>();
  /** Settled tickets, the latest last, so that a player sees how theirs went. */
  const settled: LotteryTicket[] = [];
  const numeroOf = (sequence: number) =>
    `${new Date(now()).toISOString().slice(0, 10).replaceAll('-', '')}-${String(sequence).padStart(4, '0')}`;
  for (const vendor of vendors) {
    for (const game of vendor.games) {
      const rules = LOTTERY_RULES[game.gameCode];
      if (game.kind !== 'lottery' || !rules) continue;
      states.set(game.gameCode, {
        vendor,
        rules,
        sequence: 1,
        numero: numeroOf(1),
        closesAtMs: now() + rules.drawIntervalMs,
        tickets: [],
        history: [],
        drawing: null,
      });
    }
  }

  async function buyTicket(
    session: BetSession,
    input: { numbers: unknown; stakeMinor: bigint },
  ): Promise<{ status: string; balance: string | null; ticket?: LotteryTicket }> {
    const state = states.get(session.game.gameCode);
    if (!state || session.mode !== 'real') return { status: 'UNKNOWN_GAME', balance: null };
    const numbers = parsePick(state.rules, input.numbers);
    if (!numbers) return { status: 'BAD_NUMBERS', balance: null };
    const own = state.tickets.filter((ticket) => ticket.session === session);
    if (own.length >= TICKETS_PER_SESSION_PER_DRAW_MAX) return { status: 'TOO_MANY_TICKETS', balance: null };
    const ticket: LotteryTicket = {
      id: randomUUID(),
      numero: state.numero,
      numbers,
      stakeMinor: input.stakeMinor,
      roundId: `${session.vendor.code}-R-${randomUUID()}`,
      status: 'open',
      matched: 0,
      winMinor: 0n,
      session,
    };
    // Taken into the draw before the debit, so that a draw starting meanwhile still settles it.
    state.tickets.push(ticket);
    const debit = await wallet.debit(session, ticket.roundId, input.stakeMinor);
    if (debit.status !== 'OK') {
      state.tickets = state.tickets.filter((candidate) => candidate !== ticket);
      return debit;
    }
    return { status: 'OK', balance: debit.balance, ticket };
  }

  /** Draws a game's open numero now; a draw already running is joined, not repeated. */
  function draw(gameCode: string): Promise<LotteryDraw> | null {
    const state = states.get(gameCode);
    if (!state) return null;
    if (state.drawing) return state.drawing;
    state.drawing = runDraw(state).finally(() => {
      state.drawing = null;
    });
    return state.drawing;
  }

  async function runDraw(state: DrawState): Promise<LotteryDraw> {
    const tickets = state.tickets;
    const result: LotteryDraw = {
      gameCode: state.rules.gameCode,
      numero: state.numero,
      numbers: drawNumbers(state.rules),
      drawnAt: new Date(now()).toISOString(),
    };
    // The next numero opens at once: tickets bought from now on are for it.
    state.sequence += 1;
    state.numero = numeroOf(state.sequence);
    state.closesAtMs = now() + state.rules.drawIntervalMs;
    state.tickets = [];
    state.history = [result, ...state.history].slice(0, DRAWS_KEPT);
    for (const ticket of tickets) {
      const matched = matchedOf(state.rules, ticket.numbers, result.numbers);
      const winMinor = winOf(state.rules, matched, ticket.stakeMinor);
      await wallet.credit(ticket.session, ticket.roundId, winMinor);
      ticket.matched = matched;
      ticket.winMinor = winMinor;
      ticket.status = winMinor > 0n ? 'won' : 'lost';
    }
    settled.push(...tickets);
    settled.splice(0, Math.max(0, settled.length - SETTLED_KEPT));
    await wallet.publishDraw(state.vendor, result);
    return result;
  }
  /** The timer's sweep: every draw whose time has come. */
  async function drawDue(): Promise<void> {
    for (const [gameCode, state] of states) {
      if (now() >= state.closesAtMs) await draw(gameCode);
    }
  }

  function stateOf(session: BetSession) {
    const state = states.get(session.game.gameCode);
    if (!state) return null;
    const own = (ticket: LotteryTicket) => ticket.session === session;
    return {
      rules: state.rules,
      numero: state.numero,
      closesAt: new Date(state.closesAtMs).toISOString(),
      history: state.history,
      tickets: [...state.tickets.filter(own), ...settled.filter(own).reverse()].slice(0, 30),
    };
  }

  return { buyTicket, draw, drawDue, stateOf };
}
