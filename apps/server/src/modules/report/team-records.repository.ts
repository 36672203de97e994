import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * The agent centre's records of its team (spec §2 agentDownlineTransactionDetailsCopy): the
 * downlines' deposits, withdrawals, transfers between members and manual adjustments, read from
 * their own tables and the ledger; and who of a team a request names. "The team" is the members
 * below the agent in the tree as it is now (member_tree, depth > 0), never the agent itself.
 */

export type TeamTransactionKind = 'deposit' | 'withdrawal' | 'transfer' | 'adjustment';
/** A transaction's state as agents see it: under way, done (money moved) or failed/refused. */
export type TeamTransactionState = 'pending' | 'done' | 'failed';

export type TeamTransactionFilter = {
  merchantId: string;
  agentId: string;
  /** Only this downline's transactions (already checked to be in the agent's team). */
  memberId?: string | undefined;
  kind: TeamTransactionKind;
  /** Created at or after `from` and before `to`. */
  from: Date;
  to: Date;
};

export type TeamTransactionRow = {
  id: string;
  member_id: string;
  account: string;
  /** The other member of a transfer; null for a deposit, withdrawal or adjustment. */
  counterparty_id: string | null;
  counterparty_account: string | null;
  /** Into the downline's wallet or out of it. */
  direction: 'in' | 'out';
  amount_minor: string;
  state: TeamTransactionState;
  created_at: Date | string;
};

export type TeamTransactionTotalsRow = { count: number; amount_in: string; amount_out: string };

/** The members a filter covers: one downline, or every member below the agent. */
function membersOf(filter: TeamTransactionFilter): RawBuilder<unknown> {
  return filter.memberId
    ? sql`(select ${filter.memberId}::text)`
    : sql`(select descendant_id from member_tree where ancestor_id = ${filter.agentId} and depth > 0)`;
}

/** A member's requests to move money in or out (deposits, withdrawals) as lines, by member and time. */
function requestLines(
  filter: TeamTransactionFilter,
  kind: { table: 'deposits' | 'withdrawals'; direction: 'in' | 'out'; doneStatus: 'credited' | 'paid' },
): RawBuilder<unknown> {
  return sql`
    select r.id, r.member_id, null::text as counterparty_id, ${kind.direction}::text as direction,
      r.amount_minor, r.created_at,
      case when r.status = ${kind.doneStatus} then 'done'
        when r.status in ('failed', 'rejected') then 'failed' else 'pending' end as state
    from ${sql.table(kind.table)} r
    where r.member_id in ${membersOf(filter)} and r.merchant_id = ${filter.merchantId}
      and r.created_at >= ${filter.from} and r.created_at < ${filter.to}`;
}

/**
 * The filter's transactions as lines of one shape. Deposits and withdrawals are read by member
 * and time (their member index); transfers and adjustments from the ledger by the members' cash
 * accounts and time (its credit and debit indexes). A transfer between two members of the team is
 * one line, the receiver's.
 */
function linesOf(filter: TeamTransactionFilter): RawBuilder<unknown> {
  const { merchantId, from, to } = filter;
  const members = membersOf(filter);
  switch (filter.kind) {
    case 'deposit':
      return requestLines(filter, { table: 'deposits', direction: 'in', doneStatus: 'credited' });
    case 'withdrawal':
      return requestLines(filter, { table: 'withdrawals', direction: 'out', doneStatus: 'paid' });
    case 'transfer':
    case 'adjustment': {
      const accounts = sql`(select a.id from ledger_accounts a
        where a.owner_id in ${members} and a.kind = 'player_cash' and a.merchant_id = ${merchantId})`;
      const side = (direction: 'in' | 'out', besides: RawBuilder<unknown> = sql`true`) => {
        const own = direction === 'in' ? sql.ref('t.credit_account_id') : sql.ref('t.debit_account_id');
        const other = direction === 'in' ? sql.ref('t.debit_account_id') : sql.ref('t.credit_account_id');
        return sql`
          select t.id, mine.owner_id as member_id,
            case when theirs.kind = 'player_cash' then theirs.owner_id end as counterparty_id,
            ${direction}::text as direction, t.amount_minor, t.created_at, 'done'::text as state
          from ledger_transfers t
          join ledger_accounts mine on mine.id = ${own}
          left join ledger_accounts theirs on theirs.id = ${other}
          where ${own} in ${accounts} and t.code = ${filter.kind}
            and t.created_at >= ${from} and t.created_at < ${to} and ${besides}`;
      };
      // A transfer between two members of the team shows once, on the receiver's side.
      return sql`${side('in')} union all ${side('out', sql`t.credit_account_id not in ${accounts}`)}`;
    }
  }
}

/** One page of the filter's transactions, newest first (ties by id, so pages never overlap). */
export async function findTeamTransactionPage(
  db: Executor,
  filter: TeamTransactionFilter,
  page: { limit: number; offset: number },
): Promise<TeamTransactionRow[]> {
  const result = await sql<TeamTransactionRow>`
    select line.id, line.member_id, line.counterparty_id, line.direction,
      line.amount_minor::text as amount_minor, line.state, line.created_at,
      (select m.account from members m where m.id = line.member_id) as account,
      (select m.account from members m where m.id = line.counterparty_id) as counterparty_account
    from (${linesOf(filter)}) line
    order by line.created_at desc, line.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return result.rows;
}

/** How many transactions the filter has, and what those done moved into and out of the wallets. */
export async function sumTeamTransactions(
  db: Executor,
  filter: TeamTransactionFilter,
): Promise<TeamTransactionTotalsRow> {
  const result = await sql<TeamTransactionTotalsRow>`
    select count(*)::int as count,
      coalesce(sum(line.amount_minor) filter (where line.state = 'done' and line.direction = 'in'), 0)::text
        as amount_in,
      coalesce(sum(line.amount_minor) filter (where line.state = 'done' and line.direction = 'out'), 0)::text
        as amount_out
    from (${linesOf(filter)}) line`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('An aggregate answered no row');
  return row;
}

/** How far below `agentId` a member sits; undefined when it is not below it (or is the agent). */
export async function findDepthInTeam(
  db: Executor,
  agentId: string,
  memberId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('member_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', memberId)
    .where('depth', '>', 0)
    .executeTakeFirst();
  return row?.depth;
}

/** The member below `agentId` with this whole account name (any case); undefined when none is. */
export async function findTeamMemberByAccount(
  db: Executor,
  input: { merchantId: string; agentId: string; account: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('member_tree as t', 't.descendant_id', 'm.id')
    .select('m.id')
    .where('m.merchant_id', '=', input.merchantId)
    .where('m.account_key', '=', input.account.trim().toLowerCase())
    .where('t.ancestor_id', '=', input.agentId)
    .where('t.depth', '>', 0)
    .executeTakeFirst();
  return row?.id;
}
