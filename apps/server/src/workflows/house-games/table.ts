import type { CommitmentVersion } from '@panalo/games/fairness/round-rng.ts';
import { parseState, serializeState } from '@panalo/games/state-json.ts';
import type { BetLimits } from '../../db/in-house-games.ts';
import type { GameRow, GameService } from '../../modules/game/game.service.ts';
import type { HouseGameCode } from '../../modules/house-rounds/house-games.ts';
import type {
  DemoSessionRow,
  HousePlayer,
  HouseRoundsService,
  SeedsView,
} from '../../modules/house-rounds/house-rounds.service.ts';
import type { MemberService } from '../../modules/member/member.service.ts';
import type { ResponsibleGamingService } from '../../modules/responsible-gaming/responsible-gaming.service.ts';
import type { WalletService } from '../../modules/wallet/wallet.service.ts';
import { isAppError } from '../../platform/errors/errors.ts';

export type HouseGameDeps = {
  games: GameService;
  houseRounds: HouseRoundsService;
  members: MemberService;
  wallet: WalletService;
  responsibleGaming: ResponsibleGamingService;
};

/** The merchant a request came to: its id and currency. */
export type HouseMerchant = { id: string; currency: string };

/** Who sits at the table: a member with a live launch token, or a demo session with play money. */
export type HouseTable =
  | {
      kind: 'real';
      player: HousePlayer;
      /** The member session the launch token lives by; null for the overdue-round job. */
      sessionId: string | null;
      game: GameRow;
      code: HouseGameCode;
      limits: BetLimits;
      currency: string;
    }
  | { kind: 'demo'; session: DemoSessionRow; game: GameRow; code: HouseGameCode; limits: BetLimits };

export type RealTable = Extract<HouseTable, { kind: 'real' }>;
export type DemoTable = Extract<HouseTable, { kind: 'demo' }>;

/** A round as the game client shows it; the outcome is state-json (bigints as {"$bigint"}). */
export type RoundView = {
  roundId: string;
  gameCode: HouseGameCode;
  status: 'open' | 'settled' | 'rolled_back';
  stakeMinor: bigint;
  winMinor: bigint;
  balanceBeforeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
  serverSeedHash: string;
  /** How serverSeedHash was computed: 1 over the seed's bytes (pairs committed before), 2 over its hex text. */
  commitmentVersion: CommitmentVersion;
  clientSeed: string;
  nonce: number;
  /** Only once the seed pair has been rotated. */
  serverSeed: string | null;
  /** The maximum win the win was cut to; null when the win is the payout the seeds give. */
  winCapMinor: bigint | null;
  outcome: unknown;
  played: unknown;
  actions: string[];
  openedAt: Date;
  settledAt: Date | null;
};

export type TableState = {
  mode: 'real' | 'demo';
  gameCode: HouseGameCode;
  game: GameRow;
  limits: BetLimits;
  /** The member's cash (play money in demo). */
  balanceMinor: bigint;
  /** The member's bonus wallet (0 in demo): our games stake it once cash runs short. */
  bonusBalanceMinor: bigint;
  seeds: SeedsView;
  round: RoundView | null;
};

/**
 * A bet's or an action's answer: the round, and what the member has to stake after it. Where both
 * balances are given they are of one moment, so that a bonus converted to cash meanwhile is never
 * counted twice.
 */
export type RoundAnswer = {
  round: RoundView;
  /** The member's cash (play money in demo). */
  balanceMinor: bigint;
  /**
   * The member's bonus wallet; null where this round could not have moved it and it was not read
   * (a one-step round's statement stakes cash only): the one the client holds still stands.
   */
  bonusBalanceMinor: bigint | null;
};

/** A demo round's answer: play money, and no bonus. */
export function demoAnswerOf(round: RoundView): RoundAnswer {
  return { round, balanceMinor: round.balanceAfterMinor ?? 0n, bonusBalanceMinor: 0n };
}

// The wallet keys of a round's money steps: running a step again with its key changes nothing.
export const stakeKey = (roundId: string) => `house:${roundId}:stake`;
export const extraStakeKey = (roundId: string, index: number, action: string) =>
  `house:${roundId}:stake:${index}:${action}`;
export const winKey = (roundId: string) => `house:${roundId}:win`;
export const refundKey = (roundId: string, suffix = '') => `house:${roundId}:refund${suffix}`;

/** A bet refused because the member had no seed pair: one was made, and its hash is in the refusal. */
export function isSeedsNotShown(caught: unknown): boolean {
  return isAppError(caught) && caught.value?.reason === 'SEEDS_NOT_SHOWN';
}

/** Plain JSON of an engine value (bigints as {"$bigint"}), for the wire. */
export function toWireJson(value: unknown): unknown {
  return value === null || value === undefined ? null : JSON.parse(serializeState(value));
}

export function readJson<T>(value: unknown): T {
  return parseState<T>(typeof value === 'string' ? value : JSON.stringify(value));
}
