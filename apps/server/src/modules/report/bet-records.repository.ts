import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * Betting records read from the bet record (game_rounds: one row per round or ticket, ours and
 * every vendor's), joined to the game and its vendor for names: one member's own (the member
 * centre) or a team's (the agent centre), through one query builder.
 */

/** What a bet's status filter means in stored statuses. */
export const BET_STATUS_CODES = {
  pending: ['open'],
  settled: ['settled', 'resettled'],
  void: ['rolled_back', 'void'],
} as const;
export type BetStatusFilter = keyof typeof BET_STATUS_CODES;

/** Stored statuses whose stake went back to the member: they count nothing in sums. */
const CANCELLED_STATUSES = BET_STATUS_CODES.void;

/**
 * Whose bets: one member's, or those of the members below an agent in the team tree as it is now
 * (member_tree) — its direct downlines or all of them, never the agent's own.
 */
export type Bettors = { memberId: string } | { teamOf: string; scope: 'direct' | 'all' };

export type BetRecordFilter = {
  merchantId: string;
  bettors: Bettors;
  /** The game type (category) as the lobby lists it: INHOUSE for our own RNG games. */
  gameType?: string | undefined;
  vendorId?: string | undefined;
  status?: BetStatusFilter | undefined;
  /** Placed at or after `from` and before `to`. */
  from: Date;
  to: Date;
};

// The game type of the merchant's games as the lobby lists them (catalogue.repository's
// categoryOf): RNG games of an in-house vendor go to INHOUSE. A bet keeps the type its game had
// when it was placed (game_rounds.game_type).
const catalogueTypeOf = sql<string>`case when game.game_type = 'RNG' and (vendor.is_in_house or vendor.vassalage = 'INHOUSE') then 'INHOUSE' else game.game_type end`;
const isCancelled = sql<SqlBool>`round.status in (${sql.join(CANCELLED_STATUSES)})`;
// Our own rounds whose stake was refused never happened; vendor rounds have no phase.
const isPlaced = sql<SqlBool>`(round.phase is null or round.phase <> 'refused')`;

/** The rounds of the bettors, with their game and vendor; a team's through one indexed subquery. */
function roundsOf(db: Executor, merchantId: string, bettors: Bettors) {
  const query = db
    .selectFrom('game_rounds as round')
    .innerJoin('games as game', 'game.id', 'round.game_id')
    .innerJoin('game_vendors as vendor', 'vendor.id', 'round.vendor_id')
    .where('round.merchant_id', '=', merchantId);
  if ('memberId' in bettors) return query.where('round.member_id', '=', bettors.memberId);
  return query.where(
    'round.member_id',
    'in',
    db
      .selectFrom('member_tree')
      .select('descendant_id')
      .where('ancestor_id', '=', bettors.teamOf)
      .where('depth', bettors.scope === 'direct' ? '=' : '>', bettors.scope === 'direct' ? 1 : 0),
  );
}

function filtered(db: Executor, filter: BetRecordFilter) {
  let query = roundsOf(db, filter.merchantId, filter.bettors)
    .where('round.opened_at', '>=', filter.from)
    .where('round.opened_at', '<', filter.to)
    .where(isPlaced);
  if (filter.gameType) query = query.where('round.game_type', '=', filter.gameType);
  if (filter.vendorId) query = query.where('round.vendor_id', '=', filter.vendorId);
  if (filter.status) query = query.where('round.status', 'in', BET_STATUS_CODES[filter.status]);
  return query;
}

const rowColumns = [
  'round.id as id',
  'round.member_id as memberId',
  sql<string>`(select member.account from members member where member.id = round.member_id)`.as('account'),
  'round.opened_at as placedAt',
  'round.settled_at as settledAt',
  'round.status as status',
  'round.stake_minor as stakeMinor',
  'round.win_minor as winMinor',
  'round.valid_bet_minor as validBetMinor',
  'round.game_type as gameType',
  'game.names as gameNames',
  'game.node_id as nodeId',
  'game.game_code as gameCode',
  'vendor.name as vendorName',
  'vendor.vassalage as vassalage',
] as const;

export type BetRecordRow = {
  id: string;
  memberId: string;
  /** The bettor's account name, as stored: a caller that shows it to an agent masks it. */
  account: string;
  placedAt: Date;
  settledAt: Date | null;
  status: string;
  stakeMinor: bigint;
  winMinor: bigint;
  validBetMinor: bigint;
  gameNames: unknown;
  nodeId: string;
  gameCode: string;
  vendorName: string;
  vassalage: string;
  gameType: string;
};

export type BetTotalsRow = { count: string; stake: string; validBet: string; payout: string };

/** One page of the bettors' bets, newest placed first (ties by id, so pages never overlap). */
export function findBetPage(
  db: Executor,
  filter: BetRecordFilter,
  page: { limit: number; offset: number },
): Promise<BetRecordRow[]> {
  return filtered(db, filter)
    .select(rowColumns)
    .orderBy('round.opened_at', 'desc')
    .orderBy('round.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * The sums over every bet of the filter: how many, and the stake, valid bet and payout of those
 * not cancelled (a rolled-back or void bet gave its stake back and paid nothing).
 */
export function sumBets(db: Executor, filter: BetRecordFilter): Promise<BetTotalsRow> {
  return filtered(db, filter)
    .select([
      sql<string>`count(*)::text`.as('count'),
      sql<string>`coalesce(sum(case when ${isCancelled} then 0 else round.stake_minor end), 0)::text`.as(
        'stake',
      ),
      sql<string>`coalesce(sum(round.valid_bet_minor), 0)::text`.as('validBet'),
      sql<string>`coalesce(sum(case when ${isCancelled} then 0 else round.win_minor end), 0)::text`.as(
        'payout',
      ),
    ])
    .executeTakeFirstOrThrow();
}

export type BetDetailRow = BetRecordRow & {
  isInHouse: boolean;
  serverSeedHash: string | null;
  clientSeed: string | null;
  nonce: bigint | null;
  serverSeed: string | null;
};

/** One of the bettors' bets with the fairness inputs of our own rounds; undefined when not theirs. */
export function findBet(
  db: Executor,
  input: { merchantId: string; bettors: Bettors; id: string },
): Promise<BetDetailRow | undefined> {
  return roundsOf(db, input.merchantId, input.bettors)
    .leftJoin('game_seed_pairs as pair', 'pair.id', 'round.seed_pair_id')
    .select([
      ...rowColumns,
      sql<boolean>`(vendor.is_in_house or vendor.vassalage = 'INHOUSE') and round.phase is not null`.as(
        'isInHouse',
      ),
      'round.server_seed_hash as serverSeedHash',
      'round.client_seed as clientSeed',
      'round.nonce as nonce',
      'pair.server_seed as serverSeed',
    ])
    .where('round.id', '=', input.id)
    .where(isPlaced)
    .executeTakeFirst();
}

/** The merchant's vendors and game types, for the records' filters, in the lobby's vendor order. */
export async function findBetFilterChoices(
  db: Executor,
  merchantId: string,
): Promise<{ vendors: { id: string; name: string }[]; gameTypes: string[] }> {
  const [vendors, gameTypes] = await Promise.all([
    db
      .selectFrom('game_vendors')
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .orderBy('sort_order')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('games as game')
      .innerJoin('game_vendors as vendor', 'vendor.id', 'game.vendor_id')
      .select(catalogueTypeOf.as('gameType'))
      .distinct()
      .where('game.merchant_id', '=', merchantId)
      .where('game.is_game', '=', true)
      .orderBy('gameType')
      .execute(),
  ]);
  return { vendors, gameTypes: gameTypes.map((row) => row.gameType) };
}
