import { type Kysely, sql } from 'kysely';
import type { AgentContractKind, Database, MemberType } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';

/** The team's SQL: the closure table member_tree, upline moves, agent types and team rollups. */

export type AgentTypeRow = Row<'merchant_agent_types'>;

export type DownlineRow = {
  id: string;
  account: string;
  type: MemberType;
  status: string;
  last_login_at: Date | null;
  created_at: Date;
  /** Depth below the listed parent (1 for a direct downline). */
  depth: number;
  /** Every member below this one, at any depth. */
  team_size: number;
  upline_id: string | null;
};

export type ChainRow = { id: string; account: string; type: MemberType; depth: number };

export type TreeMember = {
  id: string;
  merchant_id: string;
  account: string;
  type: MemberType;
  status: string;
  upline_id: string | null;
  affiliate_code: string | null;
};

/** Whether `memberId` is `agentId` or below it, at any depth: one lookup of the primary key. */
export async function isInSubtree(db: Executor, agentId: string, memberId: string): Promise<boolean> {
  return (await findDepthBelow(db, agentId, memberId)) !== undefined;
}

/**
 * Every member below `members as m`, at any depth: the member's own row of depth 0 is left out of
 * its team, so that the count is an index-only scan of the primary key.
 */
const teamSizeOfMember = sql<number>`(select count(*)::int - 1 from member_tree s where s.ancestor_id = m.id)`;

/** How far below `ancestorId` `descendantId` sits (0 for itself); undefined when it is not below. */
export async function findDepthBelow(
  db: Executor,
  ancestorId: string,
  descendantId: string,
): Promise<number | undefined> {
  const found = await db
    .selectFrom('member_tree')
    .select('depth')
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', descendantId)
    .executeTakeFirst();
  return found?.depth;
}

export type DownlineFilter = {
  parentId: string;
  scope: 'direct' | 'all';
  search: string;
  /** `exact`: the whole account name, in any case; `contains`: any part of it. */
  searchMode: 'exact' | 'contains';
  limit: number;
  offset: number;
};

/** One page of a member's downlines (direct, or at any depth), nearest first, then newest. */
export async function findDownlines(
  db: Kysely<Database>,
  filter: DownlineFilter,
): Promise<{ rows: DownlineRow[]; total: number }> {
  let query = db
    .selectFrom('member_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .where('t.ancestor_id', '=', filter.parentId)
    .where('t.depth', filter.scope === 'direct' ? '=' : '>', filter.scope === 'direct' ? 1 : 0);
  if (filter.search) {
    const key = filter.search.toLowerCase();
    query =
      filter.searchMode === 'exact'
        ? query.where('m.account_key', '=', key)
        : query.where('m.account_key', 'like', containsPattern(key));
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'm.id',
        'm.account',
        'm.type',
        'm.status',
        'm.last_login_at',
        'm.created_at',
        'm.upline_id',
        't.depth',
        teamSizeOfMember.as('team_size'),
      ])
      .orderBy('t.depth')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DownlineRow[], total: count.total };
}

/**
 * The members from `topId` down to `memberId` (both included), top first; empty when `memberId`
 * is not below `topId`. Depth counts from `topId`.
 */
export async function findChainBetween(db: Executor, topId: string, memberId: string): Promise<ChainRow[]> {
  const rows = await db
    .selectFrom('member_tree as up')
    .innerJoin('member_tree as top', (join) =>
      join.onRef('top.descendant_id', '=', 'up.ancestor_id').on('top.ancestor_id', '=', topId),
    )
    .innerJoin('members as m', 'm.id', 'up.ancestor_id')
    .select(['m.id', 'm.account', 'm.type', 'top.depth'])
    .where('up.descendant_id', '=', memberId)
    .orderBy('top.depth')
    .execute();
  return rows as ChainRow[];
}

/** A member's whole upline chain, its top-most ancestor first, the member itself last. */
export async function findUplineChain(db: Executor, memberId: string): Promise<ChainRow[]> {
  const rows = await db
    .selectFrom('member_tree as t')
    .innerJoin('members as m', 'm.id', 't.ancestor_id')
    .select(['m.id', 'm.account', 'm.type', 't.depth'])
    .where('t.descendant_id', '=', memberId)
    .orderBy('t.depth', 'desc')
    .execute();
  return rows as ChainRow[];
}

export async function findMerchantTimeZone(db: Executor, merchantId: string): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('time_zone')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.time_zone;
}

export function findTreeMember(db: Executor, id: string): Promise<TreeMember | undefined> {
  return db
    .selectFrom('members')
    .select(['id', 'merchant_id', 'account', 'type', 'status', 'upline_id', 'affiliate_code'])
    .where('id', '=', id)
    .executeTakeFirst() as Promise<TreeMember | undefined>;
}

export async function findMemberMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('members').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

/**
 * Takes the merchant's tree lock (the one the members triggers of migration 0132 take) and then
 * locks the named member rows, in id order so that two moves never wait on each other in a circle.
 */
export async function lockTreeMembers(
  trx: Executor,
  merchantId: string,
  ids: string[],
): Promise<TreeMember[]> {
  await sql`select pg_advisory_xact_lock(member_tree_lock_key(${merchantId}))`.execute(trx);
  return (await trx
    .selectFrom('members')
    .select(['id', 'merchant_id', 'account', 'type', 'status', 'upline_id', 'affiliate_code'])
    .where('id', 'in', [...new Set(ids)].sort())
    .orderBy('id')
    .forUpdate()
    .execute()) as TreeMember[];
}

export async function setMemberAgentColumns(
  trx: Executor,
  id: string,
  columns: { type?: MemberType; upline_id?: string | null; affiliate_code?: string | null; updated_at: Date },
): Promise<void> {
  await trx.updateTable('members').set(columns).where('id', '=', id).execute();
}

export async function insertUplineMove(trx: Executor, row: NewRow<'member_upline_moves'>): Promise<void> {
  await trx.insertInto('member_upline_moves').values(row).execute();
}

export type UplineMoveRow = {
  id: string;
  from_account: string | null;
  to_account: string | null;
  operator_name: string | null;
  reason: string;
  moved_at: Date;
};

/** A member's latest changes of upline, newest first, with the accounts and the operator's name. */
export async function findUplineMoves(
  db: Executor,
  memberId: string,
  limit: number,
): Promise<UplineMoveRow[]> {
  return (await db
    .selectFrom('member_upline_moves as move')
    .leftJoin('members as from_member', 'from_member.id', 'move.from_upline_id')
    .leftJoin('members as to_member', 'to_member.id', 'move.to_upline_id')
    .leftJoin('operators as operator', 'operator.id', 'move.operator_id')
    .select([
      'move.id',
      'from_member.account as from_account',
      'to_member.account as to_account',
      'operator.username as operator_name',
      'move.reason',
      'move.moved_at',
    ])
    .where('move.member_id', '=', memberId)
    .orderBy('move.moved_at', 'desc')
    .orderBy('move.id', 'desc')
    .limit(limit)
    .execute()) as UplineMoveRow[];
}

export async function isAffiliateCodeTaken(
  db: Executor,
  merchantId: string,
  code: string,
  exceptMemberId: string,
): Promise<boolean> {
  // Another member's own code, or any invitation link's (links keep their codes in upper case):
  // a code signs up under one agent only.
  const found = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where(sql`lower(affiliate_code)`, '=', code.toLowerCase())
    .where('id', '<>', exceptMemberId)
    .union(
      db
        .selectFrom('agent_invitation_links')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code.toUpperCase()),
    )
    .executeTakeFirst();
  return found !== undefined;
}

export function findAgentTypes(db: Executor, merchantId: string): Promise<AgentTypeRow[]> {
  return db
    .selectFrom('merchant_agent_types')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('type')
    .execute();
}

export function findAgentType(
  db: Executor,
  merchantId: string,
  type: number,
): Promise<AgentTypeRow | undefined> {
  return db
    .selectFrom('merchant_agent_types')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('type', '=', type as AgentTypeRow['type'])
    .executeTakeFirst();
}

export function lockAgentType(
  trx: Executor,
  merchantId: string,
  type: number,
): Promise<AgentTypeRow | undefined> {
  return trx
    .selectFrom('merchant_agent_types')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('type', '=', type as AgentTypeRow['type'])
    .forUpdate()
    .executeTakeFirst();
}

export async function updateAgentType(
  trx: Executor,
  merchantId: string,
  type: number,
  columns: {
    names: Record<string, string>;
    may_register_subagents: boolean;
    contract_kinds: AgentContractKind[];
    updated_at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('merchant_agent_types')
    .set({ ...columns, names: JSON.stringify(columns.names) })
    .where('merchant_id', '=', merchantId)
    .where('type', '=', type as AgentTypeRow['type'])
    .execute();
}

export type AgentListFilter = {
  merchantIds: readonly string[] | null;
  search: string;
  limit: number;
  offset: number;
};

export type AgentListRow = {
  id: string;
  merchant_id: string;
  account: string;
  type: MemberType;
  status: string;
  affiliate_code: string | null;
  upline_account: string | null;
  team_size: number;
  created_at: Date;
};

/** A page of a merchant's agents (agent types only), by account. */
export async function findAgents(
  db: Kysely<Database>,
  filter: AgentListFilter,
  agentTypes: readonly MemberType[],
): Promise<{ rows: AgentListRow[]; total: number }> {
  let query = db
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .where('m.type', 'in', [...agentTypes]);
  if (filter.merchantIds) query = query.where('m.merchant_id', 'in', [...filter.merchantIds]);
  if (filter.search)
    query = query.where('m.account_key', 'like', containsPattern(filter.search.toLowerCase()));
  const [rows, count] = await Promise.all([
    query
      .select([
        'm.id',
        'm.merchant_id',
        'm.account',
        'm.type',
        'm.status',
        'm.affiliate_code',
        'u.account as upline_account',
        'm.created_at',
        teamSizeOfMember.as('team_size'),
      ])
      .orderBy('m.account_key')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AgentListRow[], total: count.total };
}

export type TeamFigureRow = {
  agent_id: string;
  bet_count: number;
  stake_minor: bigint;
  valid_bet_minor: bigint;
  win_minor: bigint;
  oldest_rebuilt_at: Date | null;
};

/**
 * The team figures of these agents over a range of days, from team_bet_days: bets, stake, valid
 * bet and payout summed, and the oldest rebuild among the rows read (how old the figures are).
 */
export async function sumTeamFigures(
  db: Executor,
  agentIds: readonly string[],
  range: { from: string; to: string },
): Promise<TeamFigureRow[]> {
  if (agentIds.length === 0) return [];
  const result = await sql<TeamFigureRow>`
    select agent_id,
      coalesce(sum(bet_count), 0)::int as bet_count,
      coalesce(sum(stake_minor), 0)::bigint as stake_minor,
      coalesce(sum(valid_bet_minor), 0)::bigint as valid_bet_minor,
      coalesce(sum(win_minor), 0)::bigint as win_minor,
      min(rebuilt_at) as oldest_rebuilt_at
    from team_bet_days
    where agent_id in (${sql.join(agentIds)}) and day between ${range.from}::date and ${range.to}::date
    group by agent_id`.execute(db);
  return result.rows;
}

/** An agent's team figures per game type over a range of days. */
export async function sumTeamFiguresByGameType(
  db: Executor,
  agentId: string,
  range: { from: string; to: string },
): Promise<(Omit<TeamFigureRow, 'agent_id' | 'oldest_rebuilt_at'> & { game_type: string })[]> {
  const result = await sql<Omit<TeamFigureRow, 'agent_id' | 'oldest_rebuilt_at'> & { game_type: string }>`
    select game_type,
      sum(bet_count)::int as bet_count,
      sum(stake_minor)::bigint as stake_minor,
      sum(valid_bet_minor)::bigint as valid_bet_minor,
      sum(win_minor)::bigint as win_minor
    from team_bet_days
    where agent_id = ${agentId} and day between ${range.from}::date and ${range.to}::date
    group by game_type
    order by game_type`.execute(db);
  return result.rows;
}
