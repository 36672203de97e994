import { type AliasedSelectQueryBuilder, type Kysely, sql } from 'kysely';
import type { Database, MemberType } from '../../db/schema.ts';
import type { DayRange } from './date-range.ts';

/**
 * A member's settled bets on the merchant days of the range (yyyy-MM-dd, both included), by game
 * type, from the member rollups: how many, what was staked and paid back (sums as text, for
 * BigInt). Open bets count once they settle; rolled back and void ones never.
 */
export function sumMemberBetsByGameType(
  db: Kysely<Database>,
  range: { merchantId: string; memberId: string; from: string; to: string },
): Promise<{ gameType: string; rounds: string; stake: string; win: string }[]> {
  return db
    .selectFrom('member_bet_days')
    .select([
      'game_type as gameType',
      sql<string>`sum(bet_count)`.as('rounds'),
      sql<string>`sum(stake_minor)`.as('stake'),
      sql<string>`sum(win_minor)`.as('win'),
    ])
    .where('merchant_id', '=', range.merchantId)
    .where('member_id', '=', range.memberId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('game_type')
    .having(sql<number>`sum(bet_count)`, '>', 0)
    .orderBy('game_type')
    .execute();
}

/** Merchant ids a query keeps, or null for every merchant. The '' keeps `in` valid when empty. */
type Scope = readonly string[] | null;

/** The withdrawals and bank deposits waiting for an operator's review: how many, and their sum. */
export async function sumReviewQueues(
  db: Kysely<Database>,
  scope: Scope,
): Promise<{
  withdrawals: { count: string; total: string };
  bankDeposits: { count: string; total: string };
}> {
  let withdrawals = db
    .selectFrom('withdrawals')
    .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount_minor), 0)`.as('total')])
    .where('status', '=', 'review');
  let deposits = db
    .selectFrom('deposits')
    .innerJoin('payment_methods', 'payment_methods.id', 'deposits.method_id')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(deposits.amount_minor), 0)`.as('total'),
    ])
    .where('payment_methods.kind', '=', 'bank_transfer')
    .where('deposits.status', '=', 'review');
  if (scope) {
    withdrawals = withdrawals.where('merchant_id', 'in', [...scope, '']);
    deposits = deposits.where('deposits.merchant_id', 'in', [...scope, '']);
  }
  const [withdrawal, deposit] = await Promise.all([
    withdrawals.executeTakeFirstOrThrow(),
    deposits.executeTakeFirstOrThrow(),
  ]);
  return { withdrawals: withdrawal, bankDeposits: deposit };
}

/** Members with a live session seen since `since`. */
export async function countOnlineMembers(
  db: Kysely<Database>,
  scope: Scope,
  input: { since: Date; at: Date },
): Promise<number> {
  let query = db
    .selectFrom('member_sessions')
    .select(sql<string>`count(distinct member_id)`.as('count'))
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', input.since)
    .where('expires_at', '>', input.at);
  if (scope) query = query.where('merchant_id', 'in', [...scope, '']);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The time zone of the first merchant in scope by code; null when there is none. */
export async function findFirstMerchantTimeZone(db: Kysely<Database>, scope: Scope): Promise<string | null> {
  let firstMerchant = db.selectFrom('merchants').select('time_zone').orderBy('code').limit(1);
  if (scope) firstMerchant = firstMerchant.where('id', 'in', [...scope, '']);
  return (await firstMerchant.executeTakeFirst())?.time_zone ?? null;
}

/** A report's merchants, by code. */
export function findMerchantsInScope(db: Kysely<Database>, scope: Scope) {
  let merchantsQuery = db.selectFrom('merchants').select(['id', 'code', 'time_zone']).orderBy('code');
  if (scope) merchantsQuery = merchantsQuery.where('id', 'in', [...scope, '']);
  return merchantsQuery.execute();
}

/**
 * What a report reads: its merchants, its days, and the UTC bounds around them (a day wider on
 * each side, so that the indexes serve before the exact filter on each row's local day).
 */
export type ReportWindow = { ids: readonly string[]; range: DayRange; lower: Date; upper: Date };

/**
 * The member rollups of the merchants on the days of the range (settled bets, each on the merchant
 * day it first settled; open, rolled back and void bets never count): what GGR is made of.
 */
function memberBetDays(db: Kysely<Database>, window: ReportWindow) {
  return db
    .selectFrom('member_bet_days')
    .innerJoin('merchants', 'merchants.id', 'member_bet_days.merchant_id')
    .where('member_bet_days.merchant_id', 'in', [...window.ids])
    .where('member_bet_days.day', '>=', window.range.from)
    .where('member_bet_days.day', '<=', window.range.to)
    .where('member_bet_days.bet_count', '>', 0);
}

/** Bets, wins, bets counted and players of the rollups per merchant, for grouping further. */
function memberBetTotals(db: Kysely<Database>, window: ReportWindow) {
  return memberBetDays(db, window)
    .select([
      'member_bet_days.merchant_id as merchantId',
      'merchants.code as merchantCode',
      sql<string>`coalesce(sum(member_bet_days.stake_minor), 0)`.as('bets'),
      sql<string>`coalesce(sum(member_bet_days.win_minor), 0)`.as('wins'),
      sql<string>`coalesce(sum(member_bet_days.bet_count), 0)`.as('rounds'),
      sql<string>`count(distinct member_bet_days.member_id)`.as('players'),
    ])
    .groupBy(['member_bet_days.merchant_id', 'merchants.code']);
}

export function sumSettledRoundsByDay(db: Kysely<Database>, window: ReportWindow) {
  return memberBetTotals(db, window)
    .select(sql<string>`member_bet_days.day::text`.as('day'))
    .groupBy('member_bet_days.day')
    .execute();
}

export function sumSettledRoundsByGameType(db: Kysely<Database>, window: ReportWindow) {
  return memberBetTotals(db, window)
    .select('member_bet_days.game_type as gameType')
    .groupBy('member_bet_days.game_type')
    .orderBy('merchants.code')
    .orderBy(sql`sum(member_bet_days.stake_minor)`, 'desc')
    .orderBy('member_bet_days.game_type')
    .execute();
}

/**
 * Settled bets of the merchants on the days of the range, for the groupings the rollups do not
 * keep (vendor, game). The settlement time bounds let the index serve before the exact day.
 */
function settledRoundTotals(db: Kysely<Database>, window: ReportWindow) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('merchants', 'merchants.id', 'game_rounds.merchant_id')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .innerJoin('game_vendors', 'game_vendors.id', 'game_rounds.vendor_id')
    .where('game_rounds.merchant_id', 'in', [...window.ids])
    .where('game_rounds.status', 'in', ['settled', 'resettled'])
    .where('game_rounds.settled_at', '>=', window.lower)
    .where('game_rounds.settled_at', '<', window.upper)
    .where('game_rounds.settled_day', '>=', window.range.from)
    .where('game_rounds.settled_day', '<=', window.range.to)
    .select([
      'game_rounds.merchant_id as merchantId',
      'merchants.code as merchantCode',
      sql<string>`coalesce(sum(game_rounds.stake_minor), 0)`.as('bets'),
      sql<string>`coalesce(sum(game_rounds.win_minor), 0)`.as('wins'),
      sql<string>`count(*)`.as('rounds'),
      sql<string>`count(distinct game_rounds.member_id)`.as('players'),
    ])
    .groupBy(['game_rounds.merchant_id', 'merchants.code']);
}

export function sumSettledRoundsByVendor(db: Kysely<Database>, window: ReportWindow) {
  return settledRoundTotals(db, window)
    .select(['game_vendors.vassalage', 'game_vendors.name as vendorName'])
    .groupBy(['game_vendors.vassalage', 'game_vendors.name'])
    .orderBy('merchants.code')
    .orderBy(sql`sum(game_rounds.stake_minor)`, 'desc')
    .orderBy('game_vendors.vassalage')
    .execute();
}

/** The games with the most bets, at most `limit` of them, each with the game type its bets were placed under. */
export function sumSettledRoundsOfTopGames(db: Kysely<Database>, window: ReportWindow, limit: number) {
  return settledRoundTotals(db, window)
    .select([
      'games.node_id as nodeId',
      sql<string>`min(game_rounds.game_type)`.as('gameType'),
      'games.vassalage',
      sql<string>`coalesce(games.names->>'EN', games.names->>'TY', games.node_id)`.as('gameName'),
    ])
    .groupBy(['games.id', 'games.node_id', 'games.vassalage', 'games.names'])
    .orderBy(sql`sum(game_rounds.stake_minor)`, 'desc')
    .orderBy('games.node_id')
    .limit(limit)
    .execute();
}

/** A timestamp column's day in its merchant's time zone (the query joins merchants). */
const dayOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone merchants.time_zone, 'YYYY-MM-DD')`;

/** Money rows of the window's merchants: each row's amount and the moment it counts on (`at`). */
type AmountsAt = AliasedSelectQueryBuilder<
  { merchant_id: string; amount_minor: bigint; at: Date | null },
  'amounts'
>;

/** How many of the amounts fall on each local day of the window, per merchant, and their sum. */
function sumAmountsByDay(db: Kysely<Database>, window: ReportWindow, amounts: AmountsAt) {
  return db
    .selectFrom(amounts)
    .innerJoin('merchants', 'merchants.id', 'amounts.merchant_id')
    .select([
      'amounts.merchant_id as merchantId',
      dayOf('amounts.at').as('day'),
      sql<string>`count(*)`.as('count'),
      sql<string>`sum(amounts.amount_minor)`.as('total'),
    ])
    .where('amounts.at', '>=', window.lower)
    .where('amounts.at', '<', window.upper)
    .groupBy(['amounts.merchant_id', 'day'])
    .execute();
}

/** Credited deposits per merchant and local day: how many, and their sum. */
export function sumCreditedDepositsByDay(db: Kysely<Database>, window: ReportWindow) {
  const credited = db
    .selectFrom('deposits')
    .select(['merchant_id', 'amount_minor', 'credited_at as at'])
    .where('merchant_id', 'in', [...window.ids])
    .where('status', '=', 'credited')
    .as('amounts');
  return sumAmountsByDay(db, window, credited);
}

/** Members' first credited deposits ever, per merchant and local day. */
export function sumFirstDepositsByDay(db: Kysely<Database>, window: ReportWindow) {
  const ranked = db
    .selectFrom('deposits')
    .select(['merchant_id', 'amount_minor', 'credited_at'])
    .select(sql<number>`row_number() over (partition by member_id order by credited_at, id)`.as('rank'))
    .where('status', '=', 'credited')
    .where('merchant_id', 'in', [...window.ids])
    .as('ranked');
  const firsts = db
    .selectFrom(ranked)
    .select(['ranked.merchant_id', 'ranked.amount_minor', 'ranked.credited_at as at'])
    .where('ranked.rank', '=', 1)
    .as('amounts');
  return sumAmountsByDay(db, window, firsts);
}

/** Paid withdrawals per merchant and local day: how many, and their sum. */
export function sumPaidWithdrawalsByDay(db: Kysely<Database>, window: ReportWindow) {
  const paid = db
    .selectFrom('withdrawals')
    .select(['merchant_id', 'amount_minor', 'paid_at as at'])
    .where('merchant_id', 'in', [...window.ids])
    .where('status', '=', 'paid')
    .as('amounts');
  return sumAmountsByDay(db, window, paid);
}

/** GGR (stakes less wins of the settled bets, from the member rollups) per merchant and local day. */
export function sumGgrByDay(db: Kysely<Database>, window: ReportWindow) {
  return memberBetDays(db, window)
    .select([
      'member_bet_days.merchant_id as merchantId',
      sql<string>`member_bet_days.day::text`.as('day'),
      sql<string>`coalesce(sum(member_bet_days.stake_minor - member_bet_days.win_minor), 0)`.as('total'),
    ])
    .groupBy(['member_bet_days.merchant_id', 'member_bet_days.day'])
    .execute();
}

/** What the house paid out per merchant, transfer code and local day: a payout moves from a house account to a member; one moved back (a bonus forfeited) counts against the day it went back; transfers between two house accounts are neither. */
export function sumHousePayoutsByDay(db: Kysely<Database>, window: ReportWindow, codes: readonly string[]) {
  const paidOut = sql<string>`sum(case
    when debit.kind = 'house' and credit.kind <> 'house' then ledger_transfers.amount_minor
    when credit.kind = 'house' and debit.kind <> 'house' then -ledger_transfers.amount_minor
    else 0 end)`;
  return db
    .selectFrom('ledger_transfers')
    .innerJoin('merchants', 'merchants.id', 'ledger_transfers.merchant_id')
    .innerJoin('ledger_accounts as debit', 'debit.id', 'ledger_transfers.debit_account_id')
    .innerJoin('ledger_accounts as credit', 'credit.id', 'ledger_transfers.credit_account_id')
    .select([
      'ledger_transfers.merchant_id as merchantId',
      'ledger_transfers.code as code',
      dayOf('ledger_transfers.created_at').as('day'),
      paidOut.as('total'),
    ])
    .where('ledger_transfers.merchant_id', 'in', [...window.ids])
    .where('ledger_transfers.code', 'in', [...codes])
    .where('ledger_transfers.created_at', '>=', window.lower)
    .where('ledger_transfers.created_at', '<', window.upper)
    .groupBy(['ledger_transfers.merchant_id', 'ledger_transfers.code', 'day'])
    .execute();
}

/** Registrations per merchant and local day, trial accounts (of `trialType`) left out. */
export function countRegistrationsByDay(db: Kysely<Database>, window: ReportWindow, trialType: MemberType) {
  return db
    .selectFrom('members')
    .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
    .select([
      'members.merchant_id as merchantId',
      sql<string>`to_char(members.created_at at time zone merchants.time_zone, 'YYYY-MM-DD')`.as('day'),
      (eb) => eb.fn.countAll<string>().as('count'),
    ])
    .where('members.merchant_id', 'in', [...window.ids])
    .where('members.type', '<>', trialType)
    .where('members.created_at', '>=', window.lower)
    .where('members.created_at', '<', window.upper)
    .groupBy(['members.merchant_id', 'day'])
    .execute();
}

/** Sign-ins and the members who signed in, per merchant and local day. */
export function countLoginsByDay(db: Kysely<Database>, window: ReportWindow) {
  return db
    .selectFrom('member_logins')
    .innerJoin('merchants', 'merchants.id', 'member_logins.merchant_id')
    .select([
      'member_logins.merchant_id as merchantId',
      sql<string>`to_char(member_logins.created_at at time zone merchants.time_zone, 'YYYY-MM-DD')`.as('day'),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`count(distinct member_logins.member_id)`.as('active'),
    ])
    .where('member_logins.merchant_id', 'in', [...window.ids])
    .where('member_logins.created_at', '>=', window.lower)
    .where('member_logins.created_at', '<', window.upper)
    .groupBy(['member_logins.merchant_id', 'day'])
    .execute();
}

/**
 * The repair path of the member rollups: recomputes a merchant's member_bet_days and
 * member_bet_months from its bets (member_bet_rollups_rebuild, migration 0130). Settlements of
 * every merchant wait while it runs, and none is lost or counted twice.
 */
export async function rebuildMemberBetRollups(db: Kysely<Database>, merchantId: string): Promise<void> {
  await sql`select member_bet_rollups_rebuild(${merchantId})`.execute(db);
}
