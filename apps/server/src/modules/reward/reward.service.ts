import { drawWeighted } from '@panalo/games/draws/weighted-pick.ts';
import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { LOYALTY_GAME_TYPES } from '../../db/loyalty-rules.ts';
import type {
  Database,
  LocalizedText,
  RewardPrizeTableKind,
  RewardTicketSource,
  RewardTicketStatus,
  RewardTicketTrigger,
} from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type {
  IssueTicketsIn,
  IssueTicketsInput,
  IssueTicketsOutcome,
  ReadRewardMerchant,
  RewardEngine,
  RewardMerchant,
  RewardPoints,
  RewardSeeds,
} from './reward-api.ts';
import {
  checkPrizes,
  checkTableNames,
  expectedCostOf,
  merchantDayOf,
  type Prize,
  type PrizeInput,
  prizesOfCanonical,
  prizeTableOf,
  REWARD_BONUS_EXPIRY_DAYS,
  versionOf,
} from './reward-rules.ts';

/**
 * The reward centre's tickets and prize draws (docs/rewards.md): prize tables (a prize wheel, a
 * golden egg) versioned and hashed, the rules that issue tickets, the tickets, and the draw that
 * uses a ticket on the member's seed pair and pays its prize through the bonus engine or the points
 * ledger, exactly once.
 */

export type PrizeTableRow = Row<'reward_prize_tables'>;
export type TicketRuleRow = Row<'reward_ticket_rules'>;
export type TicketRow = Row<'reward_tickets'>;
export type DrawRow = Row<'reward_draws'>;

/** A table with its current version's prizes. */
export type PrizeTableView = PrizeTableRow & { hash: string; canonical: string; prizes: Prize[] };

/** A draw with what a member sees of it: its table's name and prizes, and the seed once revealed. */
export type DrawView = DrawRow & {
  table_kind: RewardPrizeTableKind;
  table_names: LocalizedText;
  canonical: string;
  revealed_server_seed: string | null;
  account: string;
};

export type TicketView = TicketRow & {
  table_kind: RewardPrizeTableKind;
  table_names: LocalizedText;
  shown_status: RewardTicketStatus;
};

export const TICKET_RULE_TRIGGERS: readonly RewardTicketTrigger[] = [
  'deposit',
  'valid_bet_day',
  'vip_level',
  'contact',
  'mission',
];
export const TICKETS_PER_ISSUE_MAX = 100;
export const EXPIRES_IN_DAYS_MAX = 365;
export const REWARD_PAGE_SIZE_MAX = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far before its watermark the issuing job reads again: a change that committed late is still seen. */
const WATERMARK_OVERLAP_MS = 10 * 60 * 1000;
const ISSUE_BATCH = 500;
/** The contact channels of a member's profile that earn a `contact` rule's tickets. */
export const CONTACT_CHANNELS = [
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'qqNum',
] as const;

export type TableInput = {
  kind: RewardPrizeTableKind;
  names: { TY: string; EN: string };
  prizes: PrizeInput[];
  dailyBudgetMinor: bigint | null;
  active: boolean;
  sort: number;
};

export type RuleInput = {
  trigger: RewardTicketTrigger;
  names: { TY: string; EN: string };
  amountMinor: bigint | null;
  vipRank: number | null;
  tickets: number;
  tableId: string;
  expiresInDays: number;
  active: boolean;
};

export type Page<T> = { rows: T[]; total: number; totalPages: number };

export type RewardService = ReturnType<typeof createRewardService>;

type Deps = ServiceDeps<{
  engine: RewardEngine;
  seeds: RewardSeeds;
  points: RewardPoints;
  readMerchant: ReadRewardMerchant;
  recordChange: RecordChange;
  /** Tells the member's open pages how many tickets of a table they hold now (socket event `reward`). */
  tellTickets: (memberId: string, tableId: string, tickets: number) => void;
}>;

const pageOf = <T>(rows: T[], total: number, pageSize: number): Page<T> => ({
  rows,
  total,
  totalPages: Math.ceil(total / pageSize),
});

function refusal(reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE'): AppError {
  return reason === 'TRIAL_ACCOUNT'
    ? new AppError('TRIAL_ACCOUNT', { value: { reason } })
    : new AppError('FORBIDDEN', { value: { reason } });
}

export function createRewardService(deps: Deps) {
  const { db, engine, seeds, points, recordChange } = deps;
  const now = clockOf(deps);

  async function requireMerchant(merchantId: string): Promise<RewardMerchant> {
    const merchant = await deps.readMerchant(merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  }

  // ---- prize tables ----------------------------------------------------------------------------

  async function findTableView(executor: Executor, tableId: string): Promise<PrizeTableView | undefined> {
    const row = await executor
      .selectFrom('reward_prize_tables as t')
      .innerJoin('reward_prize_table_versions as v', (join) =>
        join.onRef('v.table_id', '=', 't.id').onRef('v.version', '=', 't.version'),
      )
      .selectAll('t')
      .select(['v.hash', 'v.canonical'])
      .where('t.id', '=', tableId)
      .executeTakeFirst();
    return row ? { ...row, prizes: prizesOfCanonical(row.canonical) } : undefined;
  }

  async function listTableViews(
    executor: Executor,
    merchantIds: readonly string[] | null,
    onlyActive: boolean,
  ): Promise<PrizeTableView[]> {
    let query = executor
      .selectFrom('reward_prize_tables as t')
      .innerJoin('reward_prize_table_versions as v', (join) =>
        join.onRef('v.table_id', '=', 't.id').onRef('v.version', '=', 't.version'),
      )
      .selectAll('t')
      .select(['v.hash', 'v.canonical'])
      .orderBy('t.sort')
      .orderBy('t.created_at')
      .orderBy('t.id');
    if (merchantIds !== null) {
      if (merchantIds.length === 0) return [];
      query = query.where('t.merchant_id', 'in', merchantIds);
    }
    if (onlyActive) query = query.where('t.active', '=', true);
    return (await query.execute()).map((row) => ({ ...row, prizes: prizesOfCanonical(row.canonical) }));
  }

  /** A ticket's expected cost for the operator, by the merchant's points conversion. */
  async function expectedCost(table: Pick<PrizeTableView, 'merchant_id' | 'prizes'>) {
    const merchant = await requireMerchant(table.merchant_id);
    return expectedCostOf(table.prizes, merchant.valuePoints);
  }

  function auditedTable(table: PrizeTableView) {
    return {
      kind: table.kind,
      names: table.names,
      version: table.version,
      hash: table.hash,
      dailyBudgetMinor: table.daily_budget_minor?.toString() ?? null,
      active: table.active,
      sort: table.sort,
    };
  }

  async function createTable(actor: ChangeActor, merchantId: string, input: TableInput) {
    const merchant = await requireMerchant(merchantId);
    checkTableNames(input.names);
    checkPrizes(input.prizes, merchant.maxMultiplier);
    const at = now();
    const id = uuidv7();
    const version = versionOf(prizeTableOf(input.kind, input.names, input.prizes));
    const table = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reward_prize_tables')
        .values({
          id,
          merchant_id: merchantId,
          kind: input.kind,
          names: JSON.stringify(input.names),
          version: 1,
          daily_budget_minor: input.dailyBudgetMinor,
          active: input.active,
          sort: input.sort,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('reward_prize_table_versions')
        .values({
          table_id: id,
          version: 1,
          canonical: version.canonical,
          hash: version.hash,
          created_at: at,
        })
        .execute();
      const created = await findTableView(trx, id);
      if (!created) throw new AppError('NOT_FOUND');
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId,
        action: 'reward.table.create',
        target: { type: 'reward_table', id },
        before: null,
        after: auditedTable(created),
      });
      return created;
    });
    return { table, expectedCost: expectedCostOf(table.prizes, merchant.valuePoints) };
  }

  /**
   * Changes a table: a change of its kind, names or prizes makes a new version (its canonical JSON
   * and hash kept beside the old ones, which the draws made with them still name); the budget,
   * order and active flag change the table itself.
   */
  async function updateTable(actor: ChangeActor, tableId: string, input: TableInput) {
    const current = await findTableView(db, tableId);
    if (!current) throw new AppError('NOT_FOUND');
    const merchant = await requireMerchant(current.merchant_id);
    checkTableNames(input.names);
    checkPrizes(input.prizes, merchant.maxMultiplier);
    const at = now();
    const version = versionOf(prizeTableOf(input.kind, input.names, input.prizes));
    const table = await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('reward_prize_tables')
        .selectAll()
        .where('id', '=', tableId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const before = await findTableView(trx, tableId);
      if (!before) throw new AppError('NOT_FOUND');
      const changed = before.hash !== version.hash;
      const nextVersion = changed ? locked.version + 1 : locked.version;
      if (changed) {
        await trx
          .insertInto('reward_prize_table_versions')
          .values({
            table_id: tableId,
            version: nextVersion,
            canonical: version.canonical,
            hash: version.hash,
            created_at: at,
          })
          .execute();
      }
      await trx
        .updateTable('reward_prize_tables')
        .set({
          kind: input.kind,
          names: JSON.stringify(input.names),
          version: nextVersion,
          daily_budget_minor: input.dailyBudgetMinor,
          active: input.active,
          sort: input.sort,
          updated_at: at,
        })
        .where('id', '=', tableId)
        .execute();
      const after = await findTableView(trx, tableId);
      if (!after) throw new AppError('NOT_FOUND');
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: after.merchant_id,
        action: 'reward.table.update',
        target: { type: 'reward_table', id: tableId },
        before: auditedTable(before),
        after: auditedTable(after),
      });
      return after;
    });
    return { table, expectedCost: expectedCostOf(table.prizes, merchant.valuePoints) };
  }

  async function findTableVersion(tableId: string, version: number) {
    return db
      .selectFrom('reward_prize_table_versions as v')
      .innerJoin('reward_prize_tables as t', 't.id', 'v.table_id')
      .select(['v.table_id', 'v.version', 'v.canonical', 'v.hash', 't.merchant_id'])
      .where('v.table_id', '=', tableId)
      .where('v.version', '=', version)
      .executeTakeFirst();
  }

  // ---- ticket rules ----------------------------------------------------------------------------

  async function checkRule(merchantId: string, input: RuleInput): Promise<void> {
    checkTableNames(input.names);
    const needsAmount = input.trigger === 'deposit' || input.trigger === 'valid_bet_day';
    if (needsAmount !== (input.amountMinor !== null)) {
      throw new AppError('VALIDATION', {
        value: { fields: { amount: needsAmount ? 'required' : 'notForKind' } },
      });
    }
    if ((input.trigger === 'vip_level') !== (input.vipRank !== null)) {
      throw new AppError('VALIDATION', {
        value: { fields: { vipRank: input.trigger === 'vip_level' ? 'required' : 'notForKind' } },
      });
    }
    const table = await db
      .selectFrom('reward_prize_tables')
      .select('merchant_id')
      .where('id', '=', input.tableId)
      .executeTakeFirst();
    if (!table || table.merchant_id !== merchantId) {
      throw new AppError('VALIDATION', { value: { fields: { tableId: 'unknown' } } });
    }
  }

  const ruleValues = (input: RuleInput) => ({
    trigger: input.trigger,
    names: JSON.stringify(input.names),
    amount_minor: input.amountMinor,
    vip_rank: input.vipRank,
    tickets: input.tickets,
    table_id: input.tableId,
    expires_in_days: input.expiresInDays,
    active: input.active,
  });

  const auditedRule = (rule: TicketRuleRow) => ({
    trigger: rule.trigger,
    names: rule.names,
    amountMinor: rule.amount_minor?.toString() ?? null,
    vipRank: rule.vip_rank,
    tickets: rule.tickets,
    tableId: rule.table_id,
    expiresInDays: rule.expires_in_days,
    active: rule.active,
  });

  async function createRule(
    actor: ChangeActor,
    merchantId: string,
    input: RuleInput,
  ): Promise<TicketRuleRow> {
    await checkRule(merchantId, input);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const rule = await trx
        .insertInto('reward_ticket_rules')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          ...ruleValues(input),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId,
        action: 'reward.rule.create',
        target: { type: 'reward_rule', id: rule.id },
        before: null,
        after: auditedRule(rule),
      });
      return rule;
    });
  }

  async function updateRule(actor: ChangeActor, ruleId: string, input: RuleInput): Promise<TicketRuleRow> {
    const before = await db
      .selectFrom('reward_ticket_rules')
      .selectAll()
      .where('id', '=', ruleId)
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    await checkRule(before.merchant_id, input);
    return db.transaction().execute(async (trx) => {
      const rule = await trx
        .updateTable('reward_ticket_rules')
        .set({ ...ruleValues(input), updated_at: now() })
        .where('id', '=', ruleId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: rule.merchant_id,
        action: 'reward.rule.update',
        target: { type: 'reward_rule', id: ruleId },
        before: auditedRule(before),
        after: auditedRule(rule),
      });
      return rule;
    });
  }

  async function listRules(
    merchantIds: readonly string[] | null,
    onlyActive: boolean,
  ): Promise<TicketRuleRow[]> {
    let query = db.selectFrom('reward_ticket_rules').selectAll().orderBy('created_at').orderBy('id');
    if (merchantIds !== null) {
      if (merchantIds.length === 0) return [];
      query = query.where('merchant_id', 'in', merchantIds);
    }
    if (onlyActive) query = query.where('active', '=', true);
    return query.execute();
  }

  // ---- tickets ---------------------------------------------------------------------------------

  /** The member's unused tickets of a table that have not run out, as of `at`. */
  async function countUnused(
    executor: Executor,
    memberId: string,
    tableId: string,
    at: Date,
  ): Promise<number> {
    const row = await executor
      .selectFrom('reward_tickets')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .where('table_id', '=', tableId)
      .where('status', '=', 'unused')
      .where('expires_at', '>', at)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Issues tickets in the caller's transaction: nothing to a member promotions may not reach (a
   * trial account, a member who opted out, locked or excluded), nothing of a table that is not the
   * merchant's active one, nothing twice for one key (the issue's unique key decides, so that
   * simultaneous issues of one key issue once).
   */
  const issueTicketsIn: IssueTicketsIn = async (
    trx,
    input: IssueTicketsInput,
  ): Promise<IssueTicketsOutcome> => {
    const nothing = () => {};
    if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > TICKETS_PER_ISSUE_MAX) {
      throw new AppError('VALIDATION', { value: { fields: { count: 'range' } } });
    }
    const table = await trx
      .selectFrom('reward_prize_tables')
      .select(['merchant_id', 'active'])
      .where('id', '=', input.tableId)
      .executeTakeFirst();
    if (!table || table.merchant_id !== input.merchantId || !table.active) {
      return { issued: 0, refused: 'NO_TABLE', announce: nothing };
    }
    const marketable = await engine.isMarketableIn(trx, input.memberId);
    if (!marketable.ok) return { issued: 0, refused: marketable.reason, announce: nothing };
    const at = now();
    const issueId = uuidv7();
    const inserted = await trx
      .insertInto('reward_ticket_issues')
      .values({
        id: issueId,
        key: input.key,
        merchant_id: input.merchantId,
        member_id: input.memberId,
        table_id: input.tableId,
        rule_id: input.ruleId ?? null,
        source: input.source,
        count: input.count,
        operator_id: input.operator?.id ?? null,
        operator_name: input.operator?.name ?? null,
        reason: input.operator?.reason ?? null,
        created_at: at,
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { issued: 0, refused: 'DUPLICATE', announce: nothing };
    await trx
      .insertInto('reward_tickets')
      .values(
        Array.from({ length: input.count }, () => ({
          id: uuidv7(),
          issue_id: issueId,
          merchant_id: input.merchantId,
          member_id: input.memberId,
          table_id: input.tableId,
          source: input.source,
          created_at: at,
          expires_at: input.expiresAt,
        })),
      )
      .execute();
    const tickets = await countUnused(trx, input.memberId, input.tableId, at);
    return {
      issued: input.count,
      announce: () => deps.tellTickets(input.memberId, input.tableId, tickets),
    };
  };

  /** issueTicketsIn in a transaction of its own; the member hears of it once it commits. */
  async function issueTickets(input: IssueTicketsInput): Promise<IssueTicketsOutcome> {
    const outcome = await db.transaction().execute((trx) => issueTicketsIn(trx, input));
    outcome.announce();
    return outcome;
  }

  /** An operator's grant of tickets to a member (source `operator`, audited). */
  async function grantByOperator(
    actor: ChangeActor,
    memberId: string,
    input: { tableId: string; count: number; expiresInDays: number; reason: string },
  ): Promise<IssueTicketsOutcome> {
    const member = await db
      .selectFrom('members')
      .select(['merchant_id'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!member) throw new AppError('NOT_FOUND');
    const at = now();
    const outcome = await db.transaction().execute(async (trx) => {
      const issued = await issueTicketsIn(trx, {
        merchantId: member.merchant_id,
        memberId,
        tableId: input.tableId,
        count: input.count,
        source: 'operator',
        key: `operator:${uuidv7()}`,
        expiresAt: new Date(at.getTime() + input.expiresInDays * DAY_MS),
        operator: { id: actor.id, name: actor.username, reason: input.reason },
      });
      if ('refused' in issued) {
        if (issued.refused === 'NO_TABLE') {
          throw new AppError('VALIDATION', { value: { fields: { tableId: 'unknown' } } });
        }
        if (issued.refused !== 'DUPLICATE') throw refusal(issued.refused);
      }
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: member.merchant_id,
        action: 'reward.tickets.grant',
        target: { type: 'member', id: memberId },
        before: null,
        after: {
          tableId: input.tableId,
          count: input.count,
          expiresInDays: input.expiresInDays,
          reason: input.reason,
        },
      });
      return issued;
    });
    outcome.announce();
    return outcome;
  }

  /** Marks every unused ticket past its time expired (reads already treat them as expired). */
  async function expireTickets(): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await sql<{ id: string }>`
        update reward_tickets set status = 'expired'
        where id in (
          select id from reward_tickets where status = 'unused' and expires_at <= ${now()}
          order by expires_at limit 1000)
        returning id`.execute(db);
      total += result.rows.length;
      if (result.rows.length < 1000) return total;
    }
  }

  const shownStatus = (ticket: TicketRow, at: Date): RewardTicketStatus =>
    ticket.status === 'unused' && ticket.expires_at <= at ? 'expired' : ticket.status;

  async function listTickets(
    filter: { memberId: string; status?: RewardTicketStatus },
    paging: { page: number; pageSize: number },
  ): Promise<Page<TicketView>> {
    const at = now();
    let query = db
      .selectFrom('reward_tickets as k')
      .innerJoin('reward_prize_tables as t', 't.id', 'k.table_id')
      .where('k.member_id', '=', filter.memberId);
    if (filter.status === 'unused')
      query = query.where('k.status', '=', 'unused').where('k.expires_at', '>', at);
    if (filter.status === 'used') query = query.where('k.status', '=', 'used');
    if (filter.status === 'expired') {
      query = query.where((eb) =>
        eb.or([
          eb('k.status', '=', 'expired'),
          eb.and([eb('k.status', '=', 'unused'), eb('k.expires_at', '<=', at)]),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll('k')
        .select(['t.kind as table_kind', 't.names as table_names'])
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .limit(paging.pageSize)
        .offset((paging.page - 1) * paging.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(
      rows.map((row) => ({ ...row, shown_status: shownStatus(row, at) })),
      Number(count.count),
      paging.pageSize,
    );
  }

  // ---- the draw --------------------------------------------------------------------------------

  function bonusTermsOf(merchant: RewardMerchant, multiplier: number) {
    return {
      // The engine refuses wagering above the merchant's promotions cap: a prize stays under it.
      multiplier: Math.min(multiplier, merchant.maxMultiplier),
      includeDeposit: false,
      contributions: Object.fromEntries(LOYALTY_GAME_TYPES.map((type) => [type, 10_000])),
      maxStakeMinor: null,
      expiryDays: REWARD_BONUS_EXPIRY_DAYS,
      maxConversionMinor: null,
      minSpinStakeMinor: null,
      minSpinLines: null,
    };
  }

  /**
   * Reserves a money prize's amount in the table's budget of the merchant day, in one guarded
   * statement: simultaneous draws take turns on the day's row, and one that would pass the cap
   * changes nothing.
   */
  async function reserveBudgetIn(
    trx: Transaction<Database>,
    tableId: string,
    day: string,
    amountMinor: bigint,
    capMinor: bigint,
  ) {
    await trx
      .insertInto('reward_budget_days')
      .values({ table_id: tableId, day, spent_minor: 0n })
      .onConflict((conflict) => conflict.columns(['table_id', 'day']).doNothing())
      .execute();
    const reserved = await trx
      .updateTable('reward_budget_days')
      .set({ spent_minor: sql`spent_minor + ${amountMinor}` })
      .where('table_id', '=', tableId)
      .where('day', '=', day)
      .where(sql<boolean>`spent_minor + ${amountMinor} <= ${capMinor}`)
      .returning('spent_minor')
      .executeTakeFirst();
    if (!reserved) throw new AppError('CONFLICT', { value: { reason: 'BUDGET_EXHAUSTED' } });
  }

  /**
   * Uses one of the member's tickets of a table (the one running out first) on the member's seed
   * pair's next nonce and the table's current version, records the draw and pays its prize, all in
   * one transaction that holds the member's pair: the member's draws take turns, each uses its own
   * ticket, and a refusal (no ticket, the budget spent, a prize the engine refuses) leaves the
   * ticket unused and the nonce untaken.
   */
  async function draw(
    merchant: RewardMerchant,
    memberId: string,
    tableId: string,
  ): Promise<{ draw: DrawView; tickets: number }> {
    const marketable = await engine.isMarketable(memberId);
    if (!marketable.ok) throw refusal(marketable.reason);
    const player = { merchantId: merchant.id, memberId };
    // The member's pair is made on first use, as a first round makes it.
    await seeds.view(player);
    const at = now();
    const day = merchantDayOf(merchant.timeZone, at);
    const announcements: (() => void)[] = [];
    const { drawId, tickets } = await db.transaction().execute(async (trx) => {
      const pair = await seeds.takeNonceIn(trx, merchant.id, memberId);
      if (!pair) throw new AppError('CONFLICT', { value: { reason: 'ROTATED' } });
      const table = await trx
        .selectFrom('reward_prize_tables as t')
        .innerJoin('reward_prize_table_versions as v', (join) =>
          join.onRef('v.table_id', '=', 't.id').onRef('v.version', '=', 't.version'),
        )
        .select([
          't.id',
          't.merchant_id',
          't.active',
          't.version',
          't.daily_budget_minor',
          't.names',
          'v.hash',
          'v.canonical',
        ])
        .where('t.id', '=', tableId)
        .forShare('t')
        .executeTakeFirst();
      if (!table || table.merchant_id !== merchant.id || !table.active) throw new AppError('NOT_FOUND');
      const ticket = await trx
        .updateTable('reward_tickets')
        .set({ status: 'used', used_at: at })
        .where(
          'id',
          '=',
          trx
            .selectFrom('reward_tickets')
            .select('id')
            .where('member_id', '=', memberId)
            .where('table_id', '=', tableId)
            .where('status', '=', 'unused')
            .where('expires_at', '>', at)
            .orderBy('expires_at')
            .orderBy('id')
            .limit(1)
            .forUpdate(),
        )
        .where('status', '=', 'unused')
        .returning('id')
        .executeTakeFirst();
      if (!ticket) throw new AppError('CONFLICT', { value: { reason: 'NO_TICKET' } });
      const prizes = prizesOfCanonical(table.canonical);
      const prizeIndex = drawWeighted(
        { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: Number(pair.nonce) },
        prizes.map((prize) => prize.weight),
      );
      const prize = prizes[prizeIndex] as Prize;
      const money = (prize.kind === 'cash' || prize.kind === 'bonus') && prize.amountMinor !== null;
      if (money && table.daily_budget_minor !== null) {
        await reserveBudgetIn(trx, tableId, day, prize.amountMinor as bigint, table.daily_budget_minor);
      }
      const id = uuidv7();
      await trx
        .insertInto('reward_draws')
        .values({
          id,
          merchant_id: merchant.id,
          member_id: memberId,
          ticket_id: ticket.id,
          table_id: tableId,
          table_version: table.version,
          table_hash: table.hash,
          seed_pair_id: pair.pairId,
          server_seed_hash: pair.serverSeedHash,
          client_seed: pair.clientSeed,
          nonce: pair.nonce,
          prize_index: prizeIndex,
          prize_kind: prize.kind,
          amount_minor: money ? prize.amountMinor : null,
          points: prize.kind === 'points' ? prize.points : null,
          bonus_id: null,
          day,
          created_at: at,
        })
        .execute();
      const key = `reward-draw:${id}`;
      if (prize.kind === 'cash' && prize.amountMinor !== null) {
        const paid = await engine.payCashIn(trx, {
          merchantId: merchant.id,
          memberId,
          currency: merchant.currency,
          code: 'reward_prize',
          key,
          reference: id,
          amountMinor: prize.amountMinor,
          promotionId: null,
        });
        announcements.push(paid.announce);
      } else if (prize.kind === 'bonus' && prize.amountMinor !== null) {
        const granted = await engine.grantIn(trx, {
          merchantId: merchant.id,
          memberId,
          currency: merchant.currency,
          source: 'reward',
          amountMinor: prize.amountMinor,
          terms: bonusTermsOf(merchant, prize.wageringMultiplier ?? 0),
          language: merchant.defaultLanguage,
        });
        await trx
          .updateTable('reward_draws')
          .set({ bonus_id: granted.bonusId })
          .where('id', '=', id)
          .execute();
        announcements.push(granted.announce);
      } else if (prize.kind === 'points' && prize.points !== null) {
        const names = table.names as LocalizedText;
        await points.creditIn(trx, {
          merchantId: merchant.id,
          memberId,
          points: prize.points,
          key,
          detail: { drawId: id, 'table.EN': names.EN ?? '', 'table.TY': names.TY ?? '' },
          now: at,
        });
      }
      return { drawId: id, tickets: await countUnused(trx, memberId, tableId, at) };
    });
    for (const announce of announcements) announce();
    deps.tellTickets(memberId, tableId, tickets);
    const view = await findDraw(drawId);
    if (!view) throw new AppError('NOT_FOUND');
    return { draw: view, tickets };
  }

  function drawsQuery(executor: Executor) {
    return executor
      .selectFrom('reward_draws as d')
      .innerJoin('reward_prize_tables as t', 't.id', 'd.table_id')
      .innerJoin('reward_prize_table_versions as v', (join) =>
        join.onRef('v.table_id', '=', 'd.table_id').onRef('v.version', '=', 'd.table_version'),
      )
      .innerJoin('game_seed_pairs as p', 'p.id', 'd.seed_pair_id')
      .innerJoin('members as m', 'm.id', 'd.member_id');
  }

  const drawColumns = [
    't.kind as table_kind',
    't.names as table_names',
    'v.canonical',
    'm.account',
    sql<string | null>`case when p.status = 'revealed' then p.server_seed else null end`.as(
      'revealed_server_seed',
    ),
  ] as const;

  async function findDraw(drawId: string): Promise<DrawView | undefined> {
    return drawsQuery(db).selectAll('d').select(drawColumns).where('d.id', '=', drawId).executeTakeFirst();
  }

  /** Draws newest first: a member's own, or the back office's by merchants, table, member, days. */
  async function listDraws(
    filter: {
      merchantIds?: readonly string[] | null;
      memberId?: string;
      accountKey?: string;
      tableId?: string;
      prizeKind?: Prize['kind'];
      from?: string;
      to?: string;
    },
    paging: { page: number; pageSize: number },
  ): Promise<Page<DrawView>> {
    let query = drawsQuery(db);
    if (filter.merchantIds !== undefined && filter.merchantIds !== null) {
      if (filter.merchantIds.length === 0) return pageOf([], 0, paging.pageSize);
      query = query.where('d.merchant_id', 'in', filter.merchantIds);
    }
    if (filter.memberId !== undefined) query = query.where('d.member_id', '=', filter.memberId);
    if (filter.accountKey !== undefined) query = query.where('m.account_key', '=', filter.accountKey);
    if (filter.tableId !== undefined) query = query.where('d.table_id', '=', filter.tableId);
    if (filter.prizeKind !== undefined) query = query.where('d.prize_kind', '=', filter.prizeKind);
    if (filter.from !== undefined) query = query.where('d.day', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('d.day', '<=', filter.to);
    const [rows, count] = await Promise.all([
      query
        .selectAll('d')
        .select(drawColumns)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(paging.pageSize)
        .offset((paging.page - 1) * paging.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(rows, Number(count.count), paging.pageSize);
  }

  // ---- the centre ------------------------------------------------------------------------------

  /** The member's centre: the active tables with their tickets, the ways to earn, the seed pair. */
  async function describeCentre(merchant: RewardMerchant, memberId: string) {
    const at = now();
    const [marketable, tables, rules, seedView, held] = await Promise.all([
      engine.isMarketable(memberId),
      listTableViews(db, [merchant.id], true),
      listRules([merchant.id], true),
      seeds.view({ merchantId: merchant.id, memberId }),
      db
        .selectFrom('reward_tickets')
        .select([
          'table_id',
          (eb) => eb.fn.countAll<string>().as('count'),
          (eb) => eb.fn.min('expires_at').as('next'),
        ])
        .where('member_id', '=', memberId)
        .where('status', '=', 'unused')
        .where('expires_at', '>', at)
        .groupBy('table_id')
        .execute(),
    ]);
    const heldOf = new Map(held.map((row) => [row.table_id, row]));
    const activeTableIds = new Set(tables.map((table) => table.id));
    return {
      marketable: marketable.ok,
      tables: tables.map((table) => {
        const mine = heldOf.get(table.id);
        return {
          table,
          tickets: mine ? Number(mine.count) : 0,
          nextExpiresAt: mine?.next ? new Date(mine.next as Date | string) : null,
        };
      }),
      ways: rules.filter((rule) => activeTableIds.has(rule.table_id)),
      seed: seedView,
    };
  }

  // ---- issuing -------------------------------------------------------------------------------

  const expiryOf = (rule: TicketRuleRow, at: Date) => new Date(at.getTime() + rule.expires_in_days * DAY_MS);

  async function issueByRule(rule: TicketRuleRow, memberId: string, key: string, at: Date): Promise<number> {
    const outcome = await issueTickets({
      merchantId: rule.merchant_id,
      memberId,
      tableId: rule.table_id,
      count: rule.tickets,
      source: rule.trigger,
      key,
      expiresAt: expiryOf(rule, at),
      ruleId: rule.id,
    });
    return outcome.issued;
  }

  async function readWatermarks(merchantId: string) {
    return db
      .selectFrom('reward_issue_watermarks')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  }

  async function writeWatermark(
    merchantId: string,
    which: 'deposits_credited_at' | 'bets_changed_at' | 'members_updated_at',
    at: Date,
  ): Promise<void> {
    await sql`
      insert into reward_issue_watermarks (merchant_id, ${sql.ref(which)}) values (${merchantId}, ${at})
      on conflict (merchant_id) do update
        set ${sql.ref(which)} = greatest(reward_issue_watermarks.${sql.ref(which)}, excluded.${sql.ref(which)})`.execute(
      db,
    );
  }

  const since = (mark: Date | null | undefined) =>
    mark ? new Date(mark.getTime() - WATERMARK_OVERLAP_MS) : null;

  /**
   * One merchant's issuing pass: credited deposits of at least a `deposit` rule's amount, merchant
   * days whose valid bet reached a `valid_bet_day` rule's amount, members whose profile has a
   * contact channel (`contact`), each since the job's watermark (read again a little before it, the
   * keys making a second reading issue nothing) and never for what happened before the rule.
   */
  async function issueForMerchant(merchant: RewardMerchant): Promise<number> {
    const rules = (await listRules([merchant.id], true)).filter((rule) => rule.trigger !== 'mission');
    const marks = await readWatermarks(merchant.id);
    const at = now();
    let issued = 0;
    const byTrigger = (trigger: RewardTicketTrigger) => rules.filter((rule) => rule.trigger === trigger);

    const depositRules = byTrigger('deposit');
    {
      let from = since(marks?.deposits_credited_at);
      let newest: Date | null = null;
      for (;;) {
        if (depositRules.length === 0) break;
        let query = db
          .selectFrom('deposits')
          .select(['id', 'member_id', 'amount_minor', 'credited_at'])
          .where('merchant_id', '=', merchant.id)
          .where('status', '=', 'credited')
          .orderBy('credited_at')
          .orderBy('id')
          .limit(ISSUE_BATCH);
        if (from) query = query.where('credited_at', '>', from);
        const rows = await query.execute();
        for (const deposit of rows) {
          const creditedAt = deposit.credited_at as Date;
          for (const rule of depositRules) {
            if (deposit.amount_minor < (rule.amount_minor ?? 0n) || creditedAt < rule.created_at) continue;
            issued += await issueByRule(rule, deposit.member_id, `deposit:${rule.id}:${deposit.id}`, at);
          }
          newest = creditedAt;
        }
        if (rows.length < ISSUE_BATCH || !newest) break;
        from = newest;
      }
      if (newest) await writeWatermark(merchant.id, 'deposits_credited_at', newest);
    }

    const betRules = byTrigger('valid_bet_day');
    if (betRules.length > 0) {
      const from = since(marks?.bets_changed_at);
      const days = await sql<{ member_id: string; day: string; valid_bet: string; newest: Date }>`
        select member_id, day::text as day, sum(valid_bet_minor)::text as valid_bet, max(changed_at) as newest
        from member_bet_days
        where merchant_id = ${merchant.id} and (member_id, day) in (
          select member_id, day from member_bet_days
          where merchant_id = ${merchant.id} and ${from === null ? sql`true` : sql`changed_at > ${from}::timestamptz`})
        group by member_id, day
        order by member_id, day`.execute(db);
      let newest: Date | null = null;
      for (const row of days.rows) {
        const validBet = BigInt(row.valid_bet);
        for (const rule of betRules) {
          if (
            validBet < (rule.amount_minor ?? 0n) ||
            row.day < merchantDayOf(merchant.timeZone, rule.created_at)
          )
            continue;
          issued += await issueByRule(
            rule,
            row.member_id,
            `valid_bet_day:${rule.id}:${row.member_id}:${row.day}`,
            at,
          );
        }
        const changed = new Date(row.newest);
        if (newest === null || changed > newest) newest = changed;
      }
      if (newest) await writeWatermark(merchant.id, 'bets_changed_at', newest);
    }

    const contactRules = byTrigger('contact');
    if (contactRules.length > 0) {
      const from = since(marks?.members_updated_at);
      const filled = sql.join(
        CONTACT_CHANNELS.map((channel) => sql`coalesce(contacts->>${channel}, '') <> ''`),
        sql` or `,
      );
      const members = await sql<{ id: string; updated_at: Date }>`
        select id, updated_at from members
        where merchant_id = ${merchant.id} and (${filled})
          and ${from === null ? sql`true` : sql`updated_at > ${from}::timestamptz`}
        order by updated_at, id`.execute(db);
      let newest: Date | null = null;
      for (const member of members.rows) {
        const updatedAt = new Date(member.updated_at);
        for (const rule of contactRules) {
          if (updatedAt < rule.created_at) continue;
          issued += await issueByRule(rule, member.id, `contact:${rule.id}:${member.id}`, at);
        }
        if (newest === null || updatedAt > newest) newest = updatedAt;
      }
      if (newest) await writeWatermark(merchant.id, 'members_updated_at', newest);
    }
    return issued;
  }

  /** The issuing job's run: every merchant with active rules, then expired tickets marked. */
  async function runIssuing(): Promise<{ issued: number; expired: number }> {
    const merchantIds = (
      await db
        .selectFrom('reward_ticket_rules')
        .select('merchant_id')
        .distinct()
        .where('active', '=', true)
        .execute()
    ).map((row) => row.merchant_id);
    let issued = 0;
    for (const merchantId of merchantIds) {
      const merchant = await deps.readMerchant(merchantId);
      if (merchant) issued += await issueForMerchant(merchant);
    }
    return { issued, expired: await expireTickets() };
  }

  /**
   * A member raised to a VIP level: each active `vip_level` rule whose rank the member reached and
   * had not held issues its tickets, once per member, rule and rank.
   */
  async function onVipLevelReached(
    changes: readonly {
      merchantId: string;
      memberId: string;
      fromRank: number | null;
      toRank: number | null;
    }[],
  ): Promise<number> {
    const raised = changes.filter(
      (change) => change.toRank !== null && (change.fromRank ?? 0) < change.toRank,
    );
    if (raised.length === 0) return 0;
    const merchantIds = [...new Set(raised.map((change) => change.merchantId))];
    const rules = (await listRules(merchantIds, true)).filter((rule) => rule.trigger === 'vip_level');
    const at = now();
    let issued = 0;
    for (const change of raised) {
      for (const rule of rules) {
        const rank = rule.vip_rank ?? 0;
        if (
          rule.merchant_id !== change.merchantId ||
          rank > (change.toRank ?? 0) ||
          rank <= (change.fromRank ?? 0)
        )
          continue;
        issued += await issueByRule(
          rule,
          change.memberId,
          `vip_level:${rule.id}:${rank}:${change.memberId}`,
          at,
        );
      }
    }
    return issued;
  }

  return {
    createTable,
    updateTable,
    findTable: (tableId: string) => findTableView(db, tableId),
    listTables: (merchantIds: readonly string[] | null) => listTableViews(db, merchantIds, false),
    expectedCost,
    findTableVersion,
    createRule,
    updateRule,
    listRules,
    issueTicketsIn,
    issueTickets,
    grantByOperator,
    expireTickets,
    listTickets,
    draw,
    findDraw,
    listDraws,
    describeCentre,
    runIssuing,
    issueForMerchant,
    onVipLevelReached,
    /** The merchant of a table, a rule or a member (the back office's scope checks). */
    findTableMerchantId: async (id: string) =>
      (
        await db
          .selectFrom('reward_prize_tables')
          .select('merchant_id')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.merchant_id,
    findMemberMerchantId: async (id: string) =>
      (await db.selectFrom('members').select('merchant_id').where('id', '=', id).executeTakeFirst())
        ?.merchant_id,
    findRuleMerchantId: async (id: string) =>
      (
        await db
          .selectFrom('reward_ticket_rules')
          .select('merchant_id')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.merchant_id,
  };
}

export type { RewardTicketSource };
