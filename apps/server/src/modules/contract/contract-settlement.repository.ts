import { sql } from 'kysely';
import type {
  AgentContractKind,
  AgentContractPeriod,
  AgentContractSettlementStatus,
  AgentContractTierRow,
} from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import type { Cycle } from './contract-cycles.ts';

/**
 * The SQL of contract settlement (migration 0141): the contracts in force in a cycle, their teams'
 * figures from the rollups (days) or the bet record (hours and 5 minutes), what earlier cycles
 * counted and carried, and the runs and settlements written.
 */

export type RunRow = Row<'agent_contract_runs'>;
export type SettlementRow = Row<'agent_contract_settlements'>;

/** A contract in force at a cycle's start, with its downline's depth in the tree (0 at the top). */
export type ContractInForce = {
  id: string;
  period: AgentContractPeriod;
  uplineId: string | null;
  downlineId: string;
  version: number;
  tiers: AgentContractTierRow[];
  depth: number;
};

/** Sums of a team over a cycle or a day, as bigint. */
export type TeamSums = { validBetMinor: bigint; stakeMinor: bigint; winMinor: bigint };

export const NO_TEAM_SUMS: TeamSums = { validBetMinor: 0n, stakeMinor: 0n, winMinor: 0n };

/**
 * The contracts of a kind (and, for dividends, a period) that earn in a cycle: those in force when
 * it began — signed to start by then, and not ended before. A downline with two such versions (an
 * end recorded after a successor's start) earns under the newer. Top of the tree first.
 */
export async function findContractsInForce(
  db: Executor,
  input: {
    merchantId: string;
    kind: AgentContractKind;
    period: AgentContractPeriod;
    cycle: Cycle;
    /** Only this downline's contract (an agent's progress). */
    downlineId?: string;
  },
): Promise<ContractInForce[]> {
  const result = await sql<{
    id: string;
    period: AgentContractPeriod;
    upline_id: string | null;
    downline_id: string;
    version: number;
    tiers: AgentContractTierRow[];
    depth: number;
  }>`
    select c.id, c.period, c.upline_id, c.downline_id, c.version, c.tiers,
      (select count(*)::int from member_tree t where t.descendant_id = c.downline_id and t.depth > 0) as depth
    from (
      select distinct on (downline_id) *
      from agent_contracts
      where merchant_id = ${input.merchantId} and kind = ${input.kind} and period = ${input.period}
        and starts_at <= ${input.cycle.startsAt} and (ended_at is null or ended_at > ${input.cycle.startsAt})
        and ${input.downlineId === undefined ? sql`true` : sql`downline_id = ${input.downlineId}`}
      order by downline_id, version desc
    ) c
    order by depth, c.downline_id`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    period: row.period,
    uplineId: row.upline_id,
    downlineId: row.downline_id,
    version: row.version,
    tiers: row.tiers,
    depth: row.depth,
  }));
}

/** The periods of a kind's contracts in force now or lately (dividends: each its own period). */
export async function findPeriodsInUse(
  db: Executor,
  merchantId: string,
  kind: AgentContractKind,
  since: Date,
): Promise<AgentContractPeriod[]> {
  const result = await sql<{ period: AgentContractPeriod }>`
    select distinct period from agent_contracts
    where merchant_id = ${merchantId} and kind = ${kind} and (ended_at is null or ended_at > ${since})
    order by period`.execute(db);
  return result.rows.map((row) => row.period);
}

/** The merchants with contracts of a kind in force now or ended lately. */
export async function findMerchantsWithContracts(
  db: Executor,
  kind: AgentContractKind,
  since: Date,
): Promise<string[]> {
  const result = await sql<{ merchant_id: string }>`
    select distinct merchant_id from agent_contracts
    where kind = ${kind} and (status = 'active' or ended_at > ${since})
    order by merchant_id`.execute(db);
  return result.rows.map((row) => row.merchant_id);
}

/** The earliest start of a kind's contracts of a period that are in force now or lately. */
export async function findEarliestStart(
  db: Executor,
  input: { merchantId: string; kind: AgentContractKind; period: AgentContractPeriod; since: Date },
): Promise<Date | null> {
  const result = await sql<{ starts_at: Date | null }>`
    select min(starts_at) as starts_at from agent_contracts
    where merchant_id = ${input.merchantId} and kind = ${input.kind} and period = ${input.period}
      and (ended_at is null or ended_at > ${input.since})`.execute(db);
  const startsAt = result.rows[0]?.starts_at;
  return startsAt ? new Date(startsAt) : null;
}

/** Each agent's team sums per merchant day from the team rollups (team_bet_days), summed over game types. */
export async function sumTeamDays(
  db: Executor,
  input: { merchantId: string; agentIds: readonly string[]; days: readonly string[] },
): Promise<Map<string, Map<string, TeamSums>>> {
  const byAgent = new Map<string, Map<string, TeamSums>>();
  if (input.agentIds.length === 0 || input.days.length === 0) return byAgent;
  const result = await sql<{ agent_id: string; day: string; valid_bet: bigint; stake: bigint; win: bigint }>`
    select agent_id, day::text as day, sum(valid_bet_minor)::bigint as valid_bet,
      sum(stake_minor)::bigint as stake, sum(win_minor)::bigint as win
    from team_bet_days
    where merchant_id = ${input.merchantId} and agent_id = any(${sql.val(input.agentIds)}::text[])
      and day = any(${sql.val(input.days)}::date[])
    group by agent_id, day`.execute(db);
  for (const row of result.rows) {
    const days = byAgent.get(row.agent_id) ?? new Map<string, TeamSums>();
    days.set(row.day, {
      validBetMinor: BigInt(row.valid_bet),
      stakeMinor: BigInt(row.stake),
      winMinor: BigInt(row.win),
    });
    byAgent.set(row.agent_id, days);
  }
  return byAgent;
}

/**
 * Each agent's active members over merchant days: the members whose bets settled under an upline
 * in the agent's subtree (the agent included, never the agent's own bets) with valid bet at least
 * `minValidBetMinor` over the days together, from the member rollups.
 */
export async function countActiveMembersOverDays(
  db: Executor,
  input: {
    merchantId: string;
    agentIds: readonly string[];
    firstDay: string;
    lastDay: string;
    minValidBetMinor: bigint;
  },
): Promise<Map<string, number>> {
  if (input.agentIds.length === 0) return new Map();
  const result = await sql<{ agent_id: string; active: number }>`
    select agent_id, count(*)::int as active from (
      select t.ancestor_id as agent_id, r.member_id
      from member_bet_days r
      join member_tree t on t.descendant_id = r.upline_id
      where r.merchant_id = ${input.merchantId} and r.upline_id <> ''
        and t.ancestor_id = any(${sql.val(input.agentIds)}::text[])
        and r.day >= ${input.firstDay}::date and r.day <= ${input.lastDay}::date
      group by t.ancestor_id, r.member_id
      having sum(r.valid_bet_minor) >= ${input.minValidBetMinor}
    ) active_members
    group by agent_id`.execute(db);
  return new Map(result.rows.map((row) => [row.agent_id, row.active]));
}

/**
 * Each agent's team sums and active members over [from, to) from the bet record by settlement
 * time (hourly and real-time salary), over the index of settled rounds by merchant and time.
 */
export async function sumTeamRoundsBetween(
  db: Executor,
  input: { merchantId: string; agentIds: readonly string[]; from: Date; to: Date; minValidBetMinor: bigint },
): Promise<Map<string, TeamSums & { activeMembers: number }>> {
  if (input.agentIds.length === 0) return new Map();
  const result = await sql<{
    agent_id: string;
    valid_bet: bigint;
    stake: bigint;
    win: bigint;
    active: number;
  }>`
    select agent_id, sum(valid_bet)::bigint as valid_bet, sum(stake)::bigint as stake, sum(win)::bigint as win,
      (count(*) filter (where valid_bet >= ${input.minValidBetMinor}))::int as active
    from (
      select t.ancestor_id as agent_id, r.member_id, sum(r.valid_bet_minor) as valid_bet,
        sum(r.stake_minor) as stake, sum(r.win_minor) as win
      from game_rounds r
      join member_tree t on t.descendant_id = r.upline_id
      where r.merchant_id = ${input.merchantId} and r.status in ('settled', 'resettled')
        and r.settled_at >= ${input.from} and r.settled_at < ${input.to}
        and t.ancestor_id = any(${sql.val(input.agentIds)}::text[])
      group by t.ancestor_id, r.member_id
    ) members
    group by agent_id`.execute(db);
  return new Map(
    result.rows.map((row) => [
      row.agent_id,
      {
        validBetMinor: BigInt(row.valid_bet),
        stakeMinor: BigInt(row.stake),
        winMinor: BigInt(row.win),
        activeMembers: row.active,
      },
    ]),
  );
}

/**
 * Each agent's rewards to its team over [from, to): transfers of the reward codes from a house
 * account to a member below the agent (cash or bonus), less those taken back, by transfer time.
 */
export async function sumTeamRewards(
  db: Executor,
  input: {
    merchantId: string;
    agentIds: readonly string[];
    from: Date;
    to: Date;
    codes: readonly string[];
  },
): Promise<Map<string, bigint>> {
  if (input.agentIds.length === 0) return new Map();
  const result = await sql<{ agent_id: string; rewards: bigint }>`
    with team as (
      select ancestor_id, descendant_id from member_tree
      where ancestor_id = any(${sql.val(input.agentIds)}::text[]) and depth > 0
    ),
    member_rewards as (
      select a.owner_id as member_id, sum(moved.amount) as amount
      from (select distinct descendant_id from team) members
      join ledger_accounts a on a.owner_id = members.descendant_id and a.merchant_id = ${input.merchantId}
      join lateral (
        select lt.amount_minor as amount
        from ledger_transfers lt join ledger_accounts house on house.id = lt.debit_account_id and house.kind = 'house'
        where lt.credit_account_id = a.id and lt.code = any(${sql.val(input.codes)}::text[])
          and lt.created_at >= ${input.from} and lt.created_at < ${input.to}
        union all
        select -lt.amount_minor
        from ledger_transfers lt join ledger_accounts house on house.id = lt.credit_account_id and house.kind = 'house'
        where lt.debit_account_id = a.id and lt.code = any(${sql.val(input.codes)}::text[])
          and lt.created_at >= ${input.from} and lt.created_at < ${input.to}
      ) moved on true
      group by a.owner_id
    )
    select team.ancestor_id as agent_id, sum(member_rewards.amount)::bigint as rewards
    from team join member_rewards on member_rewards.member_id = team.descendant_id
    group by team.ancestor_id`.execute(db);
  return new Map(result.rows.map((row) => [row.agent_id, BigInt(row.rewards)]));
}

/** A day an earlier cycle counted for an agent, with what the rollups hold for it now. */
export type CountedDay = {
  agentId: string;
  day: string;
  counted: TeamSums;
  now: TeamSums;
  cycleCount: number;
};

/**
 * The days of `days` that earlier cycles of a kind counted for the agents, with the team rollups'
 * figures of each day now: the late differences are `now − counted`.
 */
export async function findCountedDays(
  db: Executor,
  input: {
    merchantId: string;
    kind: AgentContractKind;
    agentIds: readonly string[];
    days: readonly string[];
  },
): Promise<CountedDay[]> {
  if (input.agentIds.length === 0 || input.days.length === 0) return [];
  const result = await sql<{
    agent_id: string;
    day: string;
    valid_bet_minor: bigint;
    stake_minor: bigint;
    win_minor: bigint;
    cycle_count: number;
    now_valid_bet: bigint | null;
    now_stake: bigint | null;
    now_win: bigint | null;
  }>`
    select c.agent_id, c.day::text as day, c.valid_bet_minor, c.stake_minor, c.win_minor, c.cycle_count,
      team.valid_bet as now_valid_bet, team.stake as now_stake, team.win as now_win
    from agent_contract_counted c
    left join lateral (
      select sum(d.valid_bet_minor)::bigint as valid_bet, sum(d.stake_minor)::bigint as stake,
        sum(d.win_minor)::bigint as win
      from team_bet_days d
      where d.agent_id = c.agent_id and d.day = c.day
    ) team on true
    where c.kind = ${input.kind} and c.agent_id = any(${sql.val(input.agentIds)}::text[])
      and c.day = any(${sql.val(input.days)}::date[]) and c.merchant_id = ${input.merchantId}`.execute(db);
  return result.rows.map((row) => ({
    agentId: row.agent_id,
    day: row.day,
    counted: {
      validBetMinor: BigInt(row.valid_bet_minor),
      stakeMinor: BigInt(row.stake_minor),
      winMinor: BigInt(row.win_minor),
    },
    now: {
      validBetMinor: BigInt(row.now_valid_bet ?? 0n),
      stakeMinor: BigInt(row.now_stake ?? 0n),
      winMinor: BigInt(row.now_win ?? 0n),
    },
    cycleCount: row.cycle_count,
  }));
}

/** A day's figures as a cycle counts them: set (a day cycle, a late difference) or added (an hour's). */
export type CountedWrite = { agentId: string; day: string; sums: TeamSums };

/**
 * Writes what a cycle counted, one statement for all its rows: `set` replaces each day's figures
 * (day cycles, late differences), `add` adds an hour's or 5 minutes' figures to its day, one more
 * cycle counted in it.
 */
async function writeCountedDays(
  trx: Executor,
  mode: 'set' | 'add',
  input: { merchantId: string; kind: AgentContractKind; rows: readonly CountedWrite[]; at: Date },
): Promise<void> {
  // One row per agent and day: a statement may not update a row twice (a later row would win).
  const byDay = new Map<string, CountedWrite>();
  for (const row of input.rows) {
    const key = `${row.agentId}|${row.day}`;
    assertInvariant(mode === 'set' || !byDay.has(key), 'contract: a cycle adds to a counted day once');
    byDay.set(key, row);
  }
  const rows = [...byDay.values()];
  if (rows.length === 0) return;
  const column = (pick: (row: CountedWrite) => string) => sql.val(rows.map(pick));
  const update =
    mode === 'set'
      ? sql`valid_bet_minor = excluded.valid_bet_minor, stake_minor = excluded.stake_minor,
        win_minor = excluded.win_minor, counted_at = excluded.counted_at`
      : sql`valid_bet_minor = c.valid_bet_minor + excluded.valid_bet_minor,
        stake_minor = c.stake_minor + excluded.stake_minor,
        win_minor = c.win_minor + excluded.win_minor,
        cycle_count = c.cycle_count + 1, counted_at = excluded.counted_at`;
  await sql`
    insert into agent_contract_counted as c (merchant_id, kind, agent_id, day, valid_bet_minor, stake_minor,
      win_minor, cycle_count, counted_at)
    select ${input.merchantId}, ${input.kind}, row.agent_id, row.day, row.valid_bet, row.stake, row.win, 1, ${input.at}
    from unnest(${column((row) => row.agentId)}::text[], ${column((row) => row.day)}::date[],
      ${column((row) => row.sums.validBetMinor.toString())}::bigint[],
      ${column((row) => row.sums.stakeMinor.toString())}::bigint[],
      ${column((row) => row.sums.winMinor.toString())}::bigint[]) as row(agent_id, day, valid_bet, stake, win)
    on conflict (kind, agent_id, day) do update set ${update}`.execute(trx);
}

/** Records what a cycle counted: each day's figures replace what was there (day cycles, late differences). */
export function setCountedDays(
  trx: Executor,
  input: { merchantId: string; kind: AgentContractKind; rows: readonly CountedWrite[]; at: Date },
): Promise<void> {
  return writeCountedDays(trx, 'set', input);
}

/** Adds an hour's or 5 minutes' figures to their day, one more cycle counted in it. */
export function addCountedCycle(
  trx: Executor,
  input: { merchantId: string; kind: AgentContractKind; rows: readonly CountedWrite[]; at: Date },
): Promise<void> {
  return writeCountedDays(trx, 'add', input);
}

/**
 * The merchant days whose member rollups changed after `since` (the days a late settlement,
 * resettle or void touched), before `beforeDay` and from `fromDay`.
 */
export async function findDaysChangedSince(
  db: Executor,
  input: { merchantId: string; since: Date; fromDay: string; beforeDay: string },
): Promise<string[]> {
  const result = await sql<{ day: string }>`
    select distinct day::text as day from member_bet_days
    where merchant_id = ${input.merchantId} and changed_at > ${input.since}
      and day >= ${input.fromDay}::date and day < ${input.beforeDay}::date
    order by day`.execute(db);
  return result.rows.map((row) => row.day);
}

/**
 * How current the team rollups of a merchant are: the minute job's watermark, and whether it has
 * summed every change of the member rollups (none newer than the watermark).
 */
export async function readRollupState(
  db: Executor,
  merchantId: string,
): Promise<{ watermark: Date | null; isCaughtUp: boolean }> {
  const result = await sql<{ watermark: Date | null; newest: Date | null }>`
    select (select changed_at from team_rollup_watermarks where merchant_id = ${merchantId}) as watermark,
      (select max(changed_at) from member_bet_days where merchant_id = ${merchantId}) as newest`.execute(db);
  const row = result.rows[0];
  const watermark = row?.watermark ? new Date(row.watermark) : null;
  const newest = row?.newest ? new Date(row.newest) : null;
  return { watermark, isCaughtUp: newest === null || (watermark !== null && newest <= watermark) };
}

/** What each agent's earlier cycles of a kind carried forward. */
export async function findCarries(
  db: Executor,
  kind: AgentContractKind,
  agentIds: readonly string[],
): Promise<Map<string, { baseMinor: bigint; accruedMinor: bigint }>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_contract_carries')
    .select(['agent_id', 'base_minor', 'accrued_minor'])
    .where('kind', '=', kind)
    .where('agent_id', 'in', [...agentIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.agent_id,
      { baseMinor: BigInt(row.base_minor), accruedMinor: BigInt(row.accrued_minor) },
    ]),
  );
}

export async function writeCarry(
  trx: Executor,
  row: {
    merchantId: string;
    kind: AgentContractKind;
    agentId: string;
    baseMinor: bigint;
    accruedMinor: bigint;
    cycleKey: string;
    at: Date;
  },
): Promise<void> {
  await sql`
    insert into agent_contract_carries (kind, agent_id, merchant_id, base_minor, accrued_minor, cycle_key, updated_at)
    values (${row.kind}, ${row.agentId}, ${row.merchantId}, ${row.baseMinor}, ${row.accruedMinor}, ${row.cycleKey}, ${row.at})
    on conflict (kind, agent_id) do update set
      base_minor = excluded.base_minor, accrued_minor = excluded.accrued_minor,
      cycle_key = excluded.cycle_key, updated_at = excluded.updated_at`.execute(trx);
}

/**
 * Serialises the runs of one merchant and kind: two processes (or the job and an operator)
 * settling at once take turns, and the second finds the first's run.
 */
export async function lockRuns(trx: Executor, merchantId: string, kind: AgentContractKind): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`agent_contract_runs:${merchantId}:${kind}`}, 0))`.execute(
    trx,
  );
}

export function findRun(
  db: Executor,
  merchantId: string,
  kind: AgentContractKind,
  cycleKey: string,
): Promise<RunRow | undefined> {
  return db
    .selectFrom('agent_contract_runs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('cycle_key', '=', cycleKey)
    .executeTakeFirst();
}

/** The newest run of a merchant's kind and period (by cycle). */
export function findLatestRun(
  db: Executor,
  input: { merchantId: string; kind: AgentContractKind; period: AgentContractPeriod },
): Promise<RunRow | undefined> {
  return db
    .selectFrom('agent_contract_runs')
    .selectAll()
    .where('merchant_id', '=', input.merchantId)
    .where('kind', '=', input.kind)
    .where('period', '=', input.period)
    .orderBy('cycle_starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertRun(trx: Executor, row: NewRow<'agent_contract_runs'>): Promise<void> {
  await trx.insertInto('agent_contract_runs').values(row).execute();
}

/** Settlement rows an insert statement carries at most. */
const SETTLEMENT_INSERT_ROWS = 1_000;

export async function insertSettlements(
  trx: Executor,
  rows: readonly NewRow<'agent_contract_settlements'>[],
): Promise<void> {
  // In slices: a statement takes at most 65,535 parameters, and a row has 21.
  for (let start = 0; start < rows.length; start += SETTLEMENT_INSERT_ROWS) {
    await trx
      .insertInto('agent_contract_settlements')
      .values(rows.slice(start, start + SETTLEMENT_INSERT_ROWS))
      .execute();
  }
}

export type RunFilter = { merchantIds: readonly string[] | null; kind?: AgentContractKind };

/** A run with the username of the operator who ran it (null: the job). */
export type RunWithOperator = RunRow & { operator_name: string | null };

export async function findRunsPage(
  db: Executor,
  filter: RunFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: RunWithOperator[]; total: number }> {
  let query = db.selectFrom('agent_contract_runs as r');
  if (filter.merchantIds) query = query.where('r.merchant_id', 'in', [...filter.merchantIds, '']);
  if (filter.kind) query = query.where('r.kind', '=', filter.kind);
  const [rows, count] = await Promise.all([
    query
      .leftJoin('operators as o', 'o.id', 'r.operator_id')
      .selectAll('r')
      .select('o.username as operator_name')
      .orderBy('r.cycle_starts_at', 'desc')
      .orderBy('r.kind')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** A settlement with the accounts of its payer (null: the house) and payee. */
export type SettlementWithAccounts = SettlementRow & { payer_account: string | null; payee_account: string };

function settlementsWithAccounts(db: Executor) {
  return db
    .selectFrom('agent_contract_settlements as s')
    .innerJoin('members as payee', 'payee.id', 's.payee_id')
    .leftJoin('members as payer', 'payer.id', 's.payer_id')
    .selectAll('s')
    .select(['payee.account as payee_account', 'payer.account as payer_account']);
}

export type SettlementFilter = {
  merchantIds: readonly string[] | null;
  kind?: AgentContractKind;
  cycleKey?: string;
  status?: AgentContractSettlementStatus;
  payeeId?: string;
  payerId?: string;
  /** The paid agent's whole account name, lower case (`members.account_key`). */
  payeeAccountKey?: string;
};

export async function findSettlementsPage(
  db: Executor,
  filter: SettlementFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SettlementWithAccounts[]; total: number; amountMinor: bigint }> {
  let filtered = db.selectFrom('agent_contract_settlements as s');
  if (filter.merchantIds) filtered = filtered.where('s.merchant_id', 'in', [...filter.merchantIds, '']);
  if (filter.kind) filtered = filtered.where('s.kind', '=', filter.kind);
  if (filter.cycleKey) filtered = filtered.where('s.cycle_key', '=', filter.cycleKey);
  if (filter.status) filtered = filtered.where('s.status', '=', filter.status);
  if (filter.payeeId) filtered = filtered.where('s.payee_id', '=', filter.payeeId);
  if (filter.payerId) filtered = filtered.where('s.payer_id', '=', filter.payerId);
  if (filter.payeeAccountKey !== undefined) {
    const key = filter.payeeAccountKey;
    filtered = filtered
      .innerJoin('members as named', 'named.id', 's.payee_id')
      .where('named.account_key', '=', key);
  }
  const [rows, totals] = await Promise.all([
    filtered
      .innerJoin('members as payee', 'payee.id', 's.payee_id')
      .leftJoin('members as payer', 'payer.id', 's.payer_id')
      .selectAll('s')
      .select(['payee.account as payee_account', 'payer.account as payer_account'])
      .orderBy('s.cycle_starts_at', 'desc')
      .orderBy('s.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<string>`coalesce(sum(s.amount_minor), 0)::text`.as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: totals.total, amountMinor: BigInt(totals.amount) };
}

export function findSettlement(db: Executor, id: string): Promise<SettlementWithAccounts | undefined> {
  return settlementsWithAccounts(db).where('s.id', '=', id).executeTakeFirst();
}

export function lockSettlement(trx: Executor, id: string): Promise<SettlementRow | undefined> {
  return trx
    .selectFrom('agent_contract_settlements')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSettlement(
  trx: Executor,
  id: string,
  columns: Partial<
    Pick<
      NewRow<'agent_contract_settlements'>,
      'status' | 'paid_from' | 'transfer_id' | 'paid_at' | 'decided_at' | 'decided_by'
    >
  >,
): Promise<void> {
  await trx.updateTable('agent_contract_settlements').set(columns).where('id', '=', id).execute();
}

/** Adds an operator's payment to its run's totals (a waiting settlement paid later). */
export async function addPaidToRun(trx: Executor, runId: string, amountMinor: bigint): Promise<void> {
  await sql`
    update agent_contract_runs set paid_count = paid_count + 1, paid_minor = paid_minor + ${amountMinor},
      waiting_count = greatest(waiting_count - 1, 0)
    where id = ${runId}`.execute(trx);
}

/** Takes a settlement that stopped waiting (cancelled) off its run's waiting count. */
export async function removeWaitingFromRun(trx: Executor, runId: string): Promise<void> {
  await sql`update agent_contract_runs set waiting_count = greatest(waiting_count - 1, 0) where id = ${runId}`.execute(
    trx,
  );
}

/** The members with a contract-pay ledger line in the range, by kind and merchant day: received and paid. */
export async function sumContractPayByDay(
  db: Executor,
  input: { memberId: string; from: Date; to: Date; timeZone: string },
): Promise<{ kind: AgentContractKind; day: string; receivedMinor: bigint; paidMinor: bigint }[]> {
  const result = await sql<{ kind: AgentContractKind; day: string; received: bigint; paid: bigint }>`
    select s.kind, (lt.created_at at time zone ${input.timeZone})::date::text as day,
      coalesce(sum(lt.amount_minor) filter (where s.payee_id = ${input.memberId}), 0)::bigint as received,
      coalesce(sum(lt.amount_minor) filter (where s.payer_id = ${input.memberId} and s.paid_from = 'upline'), 0)::bigint as paid
    from agent_contract_settlements s
    join ledger_transfers lt on lt.id = s.transfer_id
    where (s.payee_id = ${input.memberId} or s.payer_id = ${input.memberId}) and s.status = 'paid'
      and lt.created_at >= ${input.from} and lt.created_at < ${input.to}
    group by s.kind, day
    order by day, s.kind`.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    day: row.day,
    receivedMinor: BigInt(row.received),
    paidMinor: BigInt(row.paid),
  }));
}

/** The accounts of members by id (a preview names payers and payees). */
export async function findAccounts(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'account'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.account]));
}
