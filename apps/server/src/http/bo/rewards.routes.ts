import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import type { RewardReportService, RewardReportTotals } from '../../modules/report/reward-report.service.ts';
import {
  EXPIRES_IN_DAYS_MAX,
  type PrizeTableView,
  REWARD_PAGE_SIZE_MAX,
  type RewardService,
  TICKET_RULE_TRIGGERS,
  TICKETS_PER_ISSUE_MAX,
  type TicketRuleRow,
} from '../../modules/reward/reward.service.ts';
import {
  chanceText,
  NAME_LENGTH_MAX,
  PRIZE_POINTS_MAX,
  PRIZE_WEIGHT_MAX,
  PRIZES_MAX,
  type PrizeInput,
  totalWeightOf,
} from '../../modules/reward/reward-rules.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { csvFileName, sendCsv } from '../../platform/http/csv.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantIdField,
  MerchantScopeQuery,
  PageQueryFields,
  ReportDay,
  ReportRangeQuery,
} from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type RewardsBackOfficeDeps = { rewards: RewardService; rewardReports: RewardReportService };

const TAGS = ['back office: rewards'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', maxLength: 16, examples: ['10.00'] });
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const REASON_LENGTH_MAX = 500;
const ACCOUNT_LENGTH_MAX = 64;
const PRIZE_KINDS = ['cash', 'bonus', 'points', 'none'] as const;
const TABLE_KINDS = ['wheel', 'egg'] as const;
const TICKET_STATUSES = ['unused', 'used', 'expired'] as const;

const Names = Type.Object(
  {
    TY: Type.String({ minLength: 1, maxLength: NAME_LENGTH_MAX }),
    EN: Type.String({ minLength: 1, maxLength: NAME_LENGTH_MAX }),
  },
  { additionalProperties: false },
);

const PrizeBody = Type.Object(
  {
    names: Names,
    kind: StringOf(PRIZE_KINDS),
    amount: Nullable(Money),
    points: Nullable(Type.Integer({ minimum: 1, maximum: PRIZE_POINTS_MAX })),
    wageringMultiplier: Nullable(Type.Integer({ minimum: 0, maximum: 1000 })),
    weight: Type.Integer({ minimum: 0, maximum: PRIZE_WEIGHT_MAX }),
  },
  { additionalProperties: false },
);

const TableFields = {
  kind: StringOf(TABLE_KINDS),
  names: Names,
  prizes: Type.Array(PrizeBody, { minItems: 1, maxItems: PRIZES_MAX }),
  /** What the table's money prizes may pay per merchant day; null: no cap of its own. */
  dailyBudget: Nullable(Money),
  active: Type.Boolean(),
  sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
};
const TableCreateBody = Type.Object(
  { merchantId: MerchantIdField, ...TableFields },
  { additionalProperties: false },
);
const TableUpdateBody = Type.Object(TableFields, { additionalProperties: false });

const PrizeView = Type.Object({
  index: Type.Integer(),
  names: Type.Record(Type.String(), Type.String()),
  kind: StringOf(PRIZE_KINDS),
  amount: Nullable(Money),
  points: Nullable(Type.Integer()),
  wageringMultiplier: Nullable(Type.Integer()),
  weight: Type.Integer(),
  chance: Type.String({ examples: ['12.50'] }),
});

const ExpectedCost = Type.Object({
  /** Σ weight·value / Σ weight of a ticket: cash and bonus amounts, points by the merchant's conversion. */
  money: Money,
  /** Expected points of a ticket when the merchant has no points conversion to value them by. */
  points: Type.Integer(),
  pointsValued: Type.Boolean(),
});

const TableView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  kind: StringOf(TABLE_KINDS),
  names: Type.Record(Type.String(), Type.String()),
  version: Type.Integer(),
  tableHash: Type.String(),
  prizes: Type.Array(PrizeView),
  dailyBudget: Nullable(Money),
  active: Type.Boolean(),
  sort: Type.Integer(),
  expectedCost: ExpectedCost,
  updatedAt: Type.String(),
});

const RuleFields = {
  trigger: StringOf(TICKET_RULE_TRIGGERS),
  names: Names,
  /** The deposit, or the day's valid bet, that earns the tickets (deposit and valid_bet_day). */
  amount: Nullable(Money),
  /** The VIP level's rank that earns the tickets once reached (vip_level). */
  vipRank: Nullable(Type.Integer({ minimum: 1, maximum: 100 })),
  tickets: Type.Integer({ minimum: 1, maximum: TICKETS_PER_ISSUE_MAX }),
  tableId: Id,
  expiresInDays: Type.Integer({ minimum: 1, maximum: EXPIRES_IN_DAYS_MAX }),
  active: Type.Boolean(),
};
const RuleCreateBody = Type.Object(
  { merchantId: MerchantIdField, ...RuleFields },
  { additionalProperties: false },
);
const RuleUpdateBody = Type.Object(RuleFields, { additionalProperties: false });

const RuleView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  trigger: StringOf(TICKET_RULE_TRIGGERS),
  names: Type.Record(Type.String(), Type.String()),
  amount: Nullable(Money),
  vipRank: Nullable(Type.Integer()),
  tickets: Type.Integer(),
  tableId: Type.String(),
  expiresInDays: Type.Integer(),
  active: Type.Boolean(),
  updatedAt: Type.String(),
});

const TicketsQuery = Type.Object({
  status: Type.Optional(StringOf(TICKET_STATUSES)),
  ...PageQueryFields(REWARD_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});
const TicketView = Type.Object({
  id: Type.String(),
  tableId: Type.String(),
  kind: StringOf(TABLE_KINDS),
  tableNames: Type.Record(Type.String(), Type.String()),
  source: Type.String(),
  status: StringOf(TICKET_STATUSES),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  usedAt: Nullable(Type.String()),
});
const GrantBody = Type.Object(
  {
    tableId: Id,
    count: Type.Integer({ minimum: 1, maximum: TICKETS_PER_ISSUE_MAX }),
    expiresInDays: Type.Integer({ minimum: 1, maximum: EXPIRES_IN_DAYS_MAX }),
    reason: Type.String({ minLength: 1, maxLength: REASON_LENGTH_MAX }),
  },
  { additionalProperties: false },
);

const DrawsQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  from: Type.Optional(ReportDay),
  to: Type.Optional(ReportDay),
  /** The member's whole account name (any case). */
  account: Type.Optional(Type.String({ maxLength: ACCOUNT_LENGTH_MAX })),
  tableId: Type.Optional(Id),
  prizeKind: Type.Optional(StringOf(PRIZE_KINDS)),
  ...PageQueryFields(REWARD_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});
const DrawView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  tableId: Type.String(),
  kind: StringOf(TABLE_KINDS),
  tableNames: Type.Record(Type.String(), Type.String()),
  tableVersion: Type.Integer(),
  tableHash: Type.String(),
  prizeIndex: Type.Integer(),
  prizeKind: StringOf(PRIZE_KINDS),
  amount: Nullable(Money),
  points: Nullable(Type.Integer()),
  bonusId: Nullable(Type.String()),
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  day: Type.String(),
  createdAt: Type.String(),
});

const ReportFigures = {
  draws: Type.Integer(),
  /** Draws that paid nothing ("try again"). */
  empty: Type.Integer(),
  cash: Money,
  bonus: Money,
  points: Type.Integer(),
};
const ReportView = Type.Object({
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  list: Type.Array(
    Type.Object({
      day: Type.String(),
      merchantId: Type.String(),
      merchantCode: Type.String(),
      tableId: Type.String(),
      kind: StringOf(TABLE_KINDS),
      names: Type.Record(Type.String(), Type.String()),
      ...ReportFigures,
    }),
  ),
  totals: Type.Object(ReportFigures),
});

function amountOrNull(text: string | null, field: string): bigint | null {
  if (text === null) return null;
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new AppError('VALIDATION', { value: { fields: { [field]: 'format' } } });
  return parsed.minor;
}

function tableInputOf(body: Static<typeof TableUpdateBody>) {
  return {
    kind: body.kind,
    names: body.names,
    prizes: body.prizes.map(
      (prize, index): PrizeInput => ({
        names: prize.names,
        kind: prize.kind,
        amountMinor: amountOrNull(prize.amount, `prizes.${index}.amount`),
        points: prize.points,
        wageringMultiplier: prize.wageringMultiplier,
        weight: prize.weight,
      }),
    ),
    dailyBudgetMinor: amountOrNull(body.dailyBudget, 'dailyBudget'),
    active: body.active,
    sort: body.sort,
  };
}

function ruleInputOf(body: Static<typeof RuleUpdateBody>) {
  return {
    trigger: body.trigger,
    names: body.names,
    amountMinor: amountOrNull(body.amount, 'amount'),
    vipRank: body.vipRank,
    tickets: body.tickets,
    tableId: body.tableId,
    expiresInDays: body.expiresInDays,
    active: body.active,
  };
}

type Cost = { moneyMinor: bigint; points: number; pointsValued: boolean };

function tableViewOf(table: PrizeTableView, cost: Cost) {
  const total = totalWeightOf(table.prizes);
  return {
    id: table.id,
    merchantId: table.merchant_id,
    kind: table.kind,
    names: table.names,
    version: table.version,
    tableHash: table.hash,
    prizes: table.prizes.map((prize) => ({
      index: prize.index,
      names: prize.names,
      kind: prize.kind,
      amount: prize.amountMinor === null ? null : formatAmount(prize.amountMinor),
      points: prize.points,
      wageringMultiplier: prize.wageringMultiplier,
      weight: prize.weight,
      chance: chanceText(prize.weight, total),
    })),
    dailyBudget: table.daily_budget_minor === null ? null : formatAmount(table.daily_budget_minor),
    active: table.active,
    sort: table.sort,
    expectedCost: {
      money: formatAmount(cost.moneyMinor),
      points: cost.points,
      pointsValued: cost.pointsValued,
    },
    updatedAt: table.updated_at.toISOString(),
  };
}

function ruleViewOf(rule: TicketRuleRow) {
  return {
    id: rule.id,
    merchantId: rule.merchant_id,
    trigger: rule.trigger,
    names: rule.names,
    amount: rule.amount_minor === null ? null : formatAmount(rule.amount_minor),
    vipRank: rule.vip_rank,
    tickets: rule.tickets,
    tableId: rule.table_id,
    expiresInDays: rule.expires_in_days,
    active: rule.active,
    updatedAt: rule.updated_at.toISOString(),
  };
}

function figuresOf(figures: RewardReportTotals) {
  return {
    draws: figures.draws,
    empty: figures.empty,
    cash: formatAmount(figures.cashMinor),
    bonus: formatAmount(figures.bonusMinor),
    points: figures.points,
  };
}

/**
 * The reward centre's tickets and prize draws in the back office (docs/rewards.md "Back office"):
 * prize tables with their chances and a ticket's expected cost, ticket rules, a member's tickets
 * and the operator's grant of them, the draws, and the cost report. Reads need rewards.read,
 * changes rewards.write; every change is audited by the service in its transaction.
 */
export function registerRewardsBackOfficeRoutes(app: TypedApp, deps: RewardsBackOfficeDeps): void {
  const { rewards } = deps;

  async function reportOf(request: FastifyRequest, query: Static<typeof ReportRangeQuery>) {
    const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
    return deps.rewardReports.report({ scope, preset: query.preset, from: query.from, to: query.to });
  }

  app.get(
    '/bo/rewards/tables',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary: "Prize tables (wheels and eggs) with their prizes' chances and a ticket's expected cost",
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(TableView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const tables = await rewards.listTables(await readMerchantScope(request));
      const list = [];
      for (const table of tables) list.push(tableViewOf(table, await rewards.expectedCost(table)));
      return ok({ list });
    },
  );

  app.post(
    '/bo/rewards/tables',
    {
      ...merchantScopedRoute('rewards.write'),
      schema: {
        tags: TAGS,
        summary: "Create a prize table (version 1); answers it with a ticket's expected cost (audited)",
        body: TableCreateBody,
        response: { 200: Envelope(TableView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      const saved = await rewards.createTable(actor, merchantId, tableInputOf(request.body));
      return ok(tableViewOf(saved.table, saved.expectedCost));
    },
  );

  app.put(
    '/bo/rewards/tables/:id',
    {
      ...resourceRoute('rewards.write', rewards.findTableMerchantId),
      schema: {
        tags: TAGS,
        summary:
          "Change a prize table: a change of its kind, names or prizes makes a new version; answers it with a ticket's expected cost (audited)",
        params: IdParams,
        body: TableUpdateBody,
        response: { 200: Envelope(TableView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      const saved = await rewards.updateTable(actor, request.params.id, tableInputOf(request.body));
      return ok(tableViewOf(saved.table, saved.expectedCost));
    },
  );

  app.get(
    '/bo/rewards/rules',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary: 'Ticket rules: what issues tickets of which table',
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(RuleView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const rules = await rewards.listRules(await readMerchantScope(request), false);
      return ok({ list: rules.map(ruleViewOf) });
    },
  );

  app.post(
    '/bo/rewards/rules',
    {
      ...merchantScopedRoute('rewards.write'),
      schema: {
        tags: TAGS,
        summary: 'Create a ticket rule (audited)',
        body: RuleCreateBody,
        response: { 200: Envelope(RuleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      return ok(ruleViewOf(await rewards.createRule(actor, merchantId, ruleInputOf(request.body))));
    },
  );

  app.put(
    '/bo/rewards/rules/:id',
    {
      ...resourceRoute('rewards.write', rewards.findRuleMerchantId),
      schema: {
        tags: TAGS,
        summary: 'Change a ticket rule (audited)',
        params: IdParams,
        body: RuleUpdateBody,
        response: { 200: Envelope(RuleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      return ok(ruleViewOf(await rewards.updateRule(actor, request.params.id, ruleInputOf(request.body))));
    },
  );

  app.get(
    '/bo/rewards/players/:id/tickets',
    {
      ...resourceRoute('rewards.read', rewards.findMemberMerchantId),
      schema: {
        tags: TAGS,
        summary: "A member's tickets, newest first, by status",
        params: IdParams,
        querystring: TicketsQuery,
        response: { 200: Envelope(CountedPageOf(TicketView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const found = await rewards.listTickets(
        { memberId: request.params.id, ...(query.status ? { status: query.status } : {}) },
        { page: query.page ?? 1, pageSize },
      );
      return ok({
        list: found.rows.map((ticket) => ({
          id: ticket.id,
          tableId: ticket.table_id,
          kind: ticket.table_kind,
          tableNames: ticket.table_names,
          source: ticket.source,
          status: ticket.shown_status,
          createdAt: ticket.created_at.toISOString(),
          expiresAt: ticket.expires_at.toISOString(),
          usedAt: ticket.used_at?.toISOString() ?? null,
        })),
        total: found.total,
        totalPages: found.totalPages,
      });
    },
  );

  app.post(
    '/bo/rewards/players/:id/tickets',
    {
      ...resourceRoute('rewards.write', rewards.findMemberMerchantId),
      schema: {
        tags: TAGS,
        summary:
          'Grant a member tickets of a table by hand (source operator, with a reason); FORBIDDEN NOT_MARKETABLE, TRIAL_ACCOUNT for members promotions may not reach (audited)',
        params: IdParams,
        body: GrantBody,
        response: { 200: Envelope(Type.Object({ issued: Type.Integer() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      const outcome = await rewards.grantByOperator(actor, request.params.id, request.body);
      return ok({ issued: outcome.issued });
    },
  );

  app.get(
    '/bo/rewards/draws',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary: 'Prize draws, newest first, by merchant days, member, table and prize kind',
        querystring: DrawsQuery,
        response: { 200: Envelope(CountedPageOf(DrawView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const account = query.account?.trim();
      const found = await rewards.listDraws(
        {
          merchantIds: await readMerchantScope(request),
          ...(account ? { accountKey: account.toLowerCase() } : {}),
          ...(query.tableId ? { tableId: query.tableId } : {}),
          ...(query.prizeKind ? { prizeKind: query.prizeKind } : {}),
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
        },
        { page: query.page ?? 1, pageSize },
      );
      return ok({
        list: found.rows.map((draw) => ({
          id: draw.id,
          merchantId: draw.merchant_id,
          memberId: draw.member_id,
          account: draw.account,
          tableId: draw.table_id,
          kind: draw.table_kind,
          tableNames: draw.table_names,
          tableVersion: draw.table_version,
          tableHash: draw.table_hash,
          prizeIndex: draw.prize_index,
          prizeKind: draw.prize_kind,
          amount: draw.amount_minor === null ? null : formatAmount(draw.amount_minor),
          points: draw.points,
          bonusId: draw.bonus_id,
          serverSeedHash: draw.server_seed_hash,
          clientSeed: draw.client_seed,
          nonce: Number(draw.nonce),
          day: draw.day,
          createdAt: draw.created_at.toISOString(),
        })),
        total: found.total,
        totalPages: found.totalPages,
      });
    },
  );

  app.get(
    '/bo/rewards/report',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary:
          'Per merchant day and prize table: draws, draws that paid nothing, cash, bonuses and points paid, with the range’s sums',
        querystring: ReportRangeQuery,
        response: { 200: Envelope(ReportView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const report = await reportOf(request, request.query);
      return ok({
        range: report.range,
        list: report.list.map((row) => ({
          day: row.day,
          merchantId: row.merchantId,
          merchantCode: row.merchantCode,
          tableId: row.tableId,
          kind: row.kind,
          names: row.names,
          ...figuresOf(row),
        })),
        totals: figuresOf(report.totals),
      });
    },
  );

  app.get(
    '/bo/rewards/report.csv',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary: 'The prize draws’ cost report, every row (CSV file, UTF-8 with a byte order mark)',
        querystring: ReportRangeQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const report = await reportOf(request, request.query);
      return sendCsv(reply, {
        name: csvFileName(['rewards', report.range.from, report.range.to]),
        header: [
          'Day',
          'Merchant',
          'Table ID',
          'Table (TY)',
          'Table (EN)',
          'Kind',
          'Draws',
          'Nothing won',
          'Cash',
          'Bonuses',
          'Points',
        ],
        rows: report.list.map((row) => {
          const figures = figuresOf(row);
          return [
            row.day,
            row.merchantCode,
            row.tableId,
            row.names.TY ?? null,
            row.names.EN ?? null,
            row.kind,
            figures.draws,
            figures.empty,
            figures.cash,
            figures.bonus,
            figures.points,
          ];
        }),
      });
    },
  );
}
