import type { Transaction } from 'kysely';
import type { CashRewardCode } from '../../db/reward-codes.ts';
import type { Database, MemberBonusSource, MemberBonusStatus, RewardTicketSource } from '../../db/schema.ts';
import type { PointsValuer } from './reward-rules.ts';

/**
 * What the reward centre needs of the rest of the server, and what it offers it (docs/rewards.md).
 * Modules never import each other: app.ts hands these in (workflows/rewards.ts adapts the bonus
 * engine, the house games' seed pairs and the points ledger), and hands `issueTicketsIn` to the
 * areas that issue tickets (missions).
 */

export type Marketability = { ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' };

/** A bonus's terms as the bonus engine takes them (modules/bonus/bonus-api.ts BonusTerms). */
export type RewardBonusTerms = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

/** What the reward centre needs of the bonus engine: the engine passes for it as it is. */
export type RewardEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: MemberBonusSource;
      amountMinor: bigint;
      terms: RewardBonusTerms;
      language: string;
    },
  ): Promise<{
    bonusId: string;
    status: Extract<MemberBonusStatus, 'waiting' | 'active'>;
    announce: () => void;
  }>;
  payCashIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      code: CashRewardCode;
      key: string;
      reference: string;
      amountMinor: bigint;
      promotionId: string | null;
    },
  ): Promise<{ announce: () => void }>;
  isMarketable(memberId: string): Promise<Marketability>;
  isMarketableIn(trx: Transaction<Database>, memberId: string): Promise<Marketability>;
};

/** A member's active seed pair as a draw takes it: its next nonce, the server seed opened. */
export type TakenSeeds = {
  pairId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: bigint;
};

/** The house games' seed pairs (GAMES.md): a draw uses the member's pair as a round does. */
export type RewardSeeds = {
  /** The member's active pair's public side, made on first use. */
  view(player: { merchantId: string; memberId: string }): Promise<{
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
  }>;
  /**
   * Takes the next nonce of the member's active pair in the caller's transaction, which locks the
   * pair (the member's draws and rounds take turns); null when the member has no active pair.
   */
  takeNonceIn(trx: Transaction<Database>, merchantId: string, memberId: string): Promise<TakenSeeds | null>;
};

/** The points ledger: a prize paid in points, once per key, under the member's points lock. */
export type RewardPoints = {
  creditIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      points: number;
      key: string;
      detail: Record<string, string>;
      now: Date;
    },
  ): Promise<void>;
};

/** The merchant facts the reward centre works with. */
export type RewardMerchant = {
  id: string;
  currency: string;
  timeZone: string;
  defaultLanguage: string;
  /** The promotions' highest wagering multiplier: a bonus prize stays under it. */
  maxMultiplier: number;
  /** What points are worth by the merchant's points conversion (the expected cost's figure). */
  valuePoints: PointsValuer;
};

export type ReadRewardMerchant = (merchantId: string) => Promise<RewardMerchant | null>;

/** An issue of tickets: once per key, to a member promotions may reach, of an active table. */
export type IssueTicketsInput = {
  merchantId: string;
  memberId: string;
  tableId: string;
  count: number;
  source: RewardTicketSource;
  /** Once-only: a second issue with the key issues nothing. */
  key: string;
  expiresAt: Date;
  ruleId?: string | null;
  operator?: { id: string; name: string; reason: string } | null;
};

export type IssueTicketsOutcome =
  | { issued: number; announce: () => void }
  | {
      issued: 0;
      refused: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' | 'DUPLICATE' | 'NO_TABLE';
      announce: () => void;
    };

/** Issues tickets inside the caller's transaction (missions call it when a mission is done). */
export type IssueTicketsIn = (
  trx: Transaction<Database>,
  input: IssueTicketsInput,
) => Promise<IssueTicketsOutcome>;
