import { randomUUID } from 'node:crypto';
import { formatMinor } from './bets.ts';
import type { SandboxGame, SandboxVendorProfile } from './catalogue.ts';
import { type PageAnswer, toMinor } from './sandbox-http.ts';

// A game page's session, as the seamless and the transfer vendors both keep it: the start call
// that opens it, the later calls that name it, and the limits on it and on a stake.

export const SESSIONS_MAX = 10_000;
const DEMO_BALANCE_MINOR = 100_000n;
const STAKE_MINOR_MAX = 1_000_000n;
const LAUNCH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,100}$/;

export type PlaySession = {
  id: string;
  vendor: SandboxVendorProfile;
  game: SandboxGame;
  mode: 'real' | 'demo';
  /** Play money of a demo session, in minor units; a real session's money is elsewhere. */
  demoBalanceMinor: bigint;
  lastSeenMs: number;
};

/**
 * Reads a page's start call: the game, the mode and, for real play, the launch token that the
 * vendor then exchanges for the player at the platform. Answers the new session, or the refusal.
 */
export function openSession(
  vendor: SandboxVendorProfile,
  body: Record<string, unknown>,
): { session: PlaySession; token: string | null } | { refusal: PageAnswer } {
  const game = vendor.games.find((candidate) => candidate.gameCode === body.gameCode);
  if (!game) return { refusal: { httpStatus: 404, body: { error: 'unknown game' } } };
  const mode = body.mode === 'demo' ? 'demo' : 'real';
  if (mode === 'demo' && game.demo === false)
    return { refusal: { httpStatus: 403, body: { error: 'this game is played for real only' } } };
  const token = mode === 'real' ? body.token : null;
  if (token !== null && (typeof token !== 'string' || !LAUNCH_TOKEN_PATTERN.test(token)))
    return { refusal: { httpStatus: 401, body: { error: 'no launch token' } } };
  return {
    session: {
      id: randomUUID(),
      vendor,
      game,
      mode,
      demoBalanceMinor: DEMO_BALANCE_MINOR,
      lastSeenMs: Date.now(),
    },
    token,
  };
}

/** The session a page's call names by its sessionId, marked as seen now. */
export function findSession<Session extends PlaySession>(
  sessions: ReadonlyMap<string, Session>,
  body: Record<string, unknown>,
): Session | undefined {
  const session = typeof body.sessionId === 'string' ? sessions.get(body.sessionId) : undefined;
  if (session) session.lastSeenMs = Date.now();
  return session;
}

/** A stake in minor units; null when it does not match the pattern, is zero or is above the limit. */
export function readStakeMinor(value: unknown, pattern: RegExp): bigint | null {
  const stakeMinor = typeof value === 'string' && pattern.test(value) ? toMinor(value) : 0n;
  return stakeMinor > 0n && stakeMinor <= STAKE_MINOR_MAX ? stakeMinor : null;
}

/** A round of a page's game: the win (0 for a loss) and what the page shows of the draw. */
export type RoundOutcome = { winMinor: bigint; shown: Record<string, unknown> };

/** The answer to a played round: its status, what it drew, the win and the balance after it. */
export function playedAnswer(status: string, outcome: RoundOutcome, balance: string | null): PageAnswer {
  return { httpStatus: 200, body: { status, ...outcome.shown, win: formatMinor(outcome.winMinor), balance } };
}
