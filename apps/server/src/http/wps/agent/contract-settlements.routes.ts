import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { AgentContractKind } from '../../../db/schema.ts';
import { settledCarryOutOf } from '../../../modules/contract/contract-formulas.ts';
import {
  type ContractSettlementService,
  REVENUE_DAYS_MAX,
  SETTLEMENT_PAGE_SIZE_MAX,
  type SettlementPolicy,
  type SettlementWithAccounts,
} from '../../../modules/contract/contract-settlement.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { RebateService } from '../../../modules/rebate/rebate.service.ts';
import { addDays, daysOf, lengthOf, rangeOfPreset } from '../../../modules/report/date-range.ts';
import { startOfDateIn } from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { ContractKind } from '../../contract-views.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { DayRangeFields, MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { maskAccount, requireAgent } from './team.routes.ts';

export type AgentContractSettlementRoutesDeps = {
  members: MemberService;
  settlements: ContractSettlementService;
  readPolicy: (merchantId: string) => Promise<SettlementPolicy>;
  /** The agent's own rebates (docs/loyalty.md), shown beside its contract income. */
  rebates: Pick<RebateService, 'paidByDay'>;
  now: () => Date;
};

const TAGS = ['agent'];
const PAGE_SIZE_DEFAULT = 20;
const PAGE_NUMBER_MAX = 10_000;
const KINDS: readonly AgentContractKind[] = ['dividend', 'daily', 'hourly', 'realtime'];

const Money = Type.String({ examples: ['1250.00'] });
const Party = Type.Object({ id: Type.String(), account: Type.String() });

const KindQuery = Type.Object({ ...MerchantLanguageQuery.properties, kind: ContractKind });

const SettlementsQuery = Type.Object({
  ...KindQuery.properties,
  /** `received`: what the caller was paid; `paid`: what it paid its downlines. */
  side: Defaulted(
    Type.Unsafe<'received' | 'paid'>({ type: 'string', enum: ['received', 'paid'], default: 'received' }),
  ),
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
  pageSize: Defaulted(
    Type.Integer({ minimum: 1, maximum: SETTLEMENT_PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  ),
});

const RevenueQuery = Type.Object({ ...MerchantLanguageQuery.properties, ...DayRangeFields });

const ProgressView = Type.Object({
  cycleKey: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** How current the figures are: the team rollups' time for day cycles (up to a minute old). */
  asOf: Type.String(),
  activeMembers: Type.Integer(),
  base: Money,
  /** The best tier met, or null. */
  tierIndex: Nullable(Type.Integer()),
  rateBp: Nullable(Type.Integer()),
  /** What the cycle has earned so far (a real-time accrual included). */
  amount: Money,
  nextTier: Type.Union([
    Type.Object({
      index: Type.Integer(),
      activeMembersMissing: Type.Integer(),
      baseMissing: Money,
      rateBp: Type.Integer(),
    }),
    Type.Null(),
  ]),
});

const SettlementView = Type.Object({
  id: Type.String(),
  kind: ContractKind,
  cycleKey: Type.String(),
  /** Null: the platform paid it. */
  payer: Type.Union([Party, Type.Null()]),
  payee: Party,
  /** What the cycle counted when it settled, frozen. */
  inputs: Type.Object({
    validBet: Money,
    /** The team's result, win less stake. */
    profitLoss: Money,
    rewards: Money,
    activeMembers: Type.Integer(),
    /** A loss carried in (dividends), or a real-time amount accrued before. */
    carryIn: Money,
    /** What earlier cycles' figures changed by since they settled (late bets, voids). */
    lateDifference: Money,
  }),
  tierIndex: Nullable(Type.Integer()),
  rateBp: Type.Integer(),
  base: Money,
  amount: Money,
  /**
   * What the cycle carried into the next cycle's base: a base below 0 (a real-time cycle whose
   * voids outweighed its bets, paid from what had accrued before); 0 otherwise, as a cycle that
   * pays accrues nothing.
   */
  carryOut: Money,
  status: StringOf(['paid', 'processing', 'approval', 'deferred', 'cancelled'] as const),
  settledAt: Type.String(),
  paidAt: Nullable(Type.String()),
});

const RevenueView = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** The kinds the merchant has on. */
  kinds: Type.Array(ContractKind),
  /** Per day with any pay: received less paid to downlines, per kind. */
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      amounts: Type.Record(Type.String(), Money),
      total: Money,
    }),
  ),
  totals: Type.Record(Type.String(), Money),
  total: Money,
  /**
   * The agent's own rebates paid in the range, per day of payment (docs/loyalty.md "Rebates"),
   * beside the contract income: not part of `days`, `totals` or `total`.
   */
  rebates: Type.Object({
    days: Type.Array(Type.Object({ day: Type.String(), amount: Money })),
    total: Money,
  }),
});

/** Decimal text of a frozen input (absent in an older settlement: 0). */
function frozenMinor(inputs: Record<string, unknown>, name: string): bigint {
  const value = inputs[name];
  return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? BigInt(value.replace('.', '')) : 0n;
}

/** A settlement as an agent reads it: accounts masked but the caller's own. */
function agentSettlementView(row: SettlementWithAccounts, callerId: string) {
  const show = (id: string, account: string) => ({
    id,
    account: id === callerId ? account : maskAccount(account),
  });
  const inputs = row.inputs;
  const minor = (name: string) => frozenMinor(inputs, name);
  const lateDifference =
    row.kind === 'dividend' ? minor('lateStake') - minor('lateWin') : minor('lateValidBet');
  return {
    id: row.id,
    kind: row.kind,
    cycleKey: row.cycle_key,
    payer: row.payer_id && row.payer_account ? show(row.payer_id, row.payer_account) : null,
    payee: show(row.payee_id, row.payee_account),
    inputs: {
      validBet: formatAmount(minor('validBet')),
      profitLoss: formatAmount(minor('win') - minor('stake')),
      rewards: formatAmount(minor('rewards')),
      activeMembers: typeof inputs.activeMembers === 'number' ? inputs.activeMembers : 0,
      carryIn: formatAmount(row.kind === 'realtime' ? minor('accruedIn') : minor('carryInBase')),
      lateDifference: formatAmount(lateDifference),
    },
    tierIndex: row.tier_index,
    rateBp: row.rate_bp,
    base: formatAmount(row.base_minor),
    amount: formatAmount(row.amount_minor),
    carryOut: formatAmount(settledCarryOutOf(row.base_minor).baseMinor),
    status: row.status,
    settledAt: row.created_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
  };
}

/**
 * What contracts paid an agent (docs/contracts.md "Calls"): the current cycle's progress of the
 * caller's active contract of a kind, past settlements it received or paid, and its contract
 * income by kind and day. Agent types only (NON_AGENT); the caller's own figures only.
 */
export function registerAgentContractSettlementRoutes(
  app: TypedApp,
  deps: AgentContractSettlementRoutesDeps,
): void {
  const { members, settlements } = deps;

  app.get(
    '/wps/agent/contracts/progress',
    {
      schema: {
        tags: TAGS,
        summary:
          "The current cycle of the agent's active contract of a kind: figures so far, tier and the next one",
        querystring: KindQuery,
        response: { 200: Envelope(Type.Union([ProgressView, Type.Null()])), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireAgent(request, members);
      const progress = await settlements.progressOf({
        merchantId: member.merchant_id,
        agentId: member.id,
        kind: request.query.kind,
      });
      if (!progress?.entry) return ok(null);
      const { cycle, entry, nextTier } = progress;
      return ok({
        cycleKey: cycle.key,
        startsAt: cycle.startsAt.toISOString(),
        endsAt: cycle.endsAt.toISOString(),
        asOf: (progress.asOf ?? cycle.startsAt).toISOString(),
        activeMembers: entry.figures.activeMembers,
        base: formatAmount(entry.earning.baseMinor),
        tierIndex: entry.earning.tierIndex,
        rateBp: entry.earning.tierIndex === null ? null : entry.earning.rateBp,
        amount: formatAmount(entry.earning.earnedMinor),
        nextTier: nextTier
          ? {
              index: nextTier.index,
              activeMembersMissing: nextTier.activeMembersMissing,
              baseMissing: formatAmount(nextTier.baseMissingMinor),
              rateBp: nextTier.rateBp,
            }
          : null,
      });
    },
  );

  app.get(
    '/wps/agent/contracts/settlements',
    {
      schema: {
        tags: TAGS,
        summary: 'Past settlements the agent received, or paid its downlines, with their frozen inputs',
        querystring: SettlementsQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(SettlementView), total: Type.Integer() })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireAgent(request, members);
      const { query } = request;
      const page = await settlements.listSettlements(
        {
          merchantIds: [member.merchant_id],
          kind: query.kind,
          ...(query.side === 'received' ? { payeeId: member.id } : { payerId: member.id }),
        },
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      return ok({ list: page.rows.map((row) => agentSettlementView(row, member.id)), total: page.total });
    },
  );

  app.get(
    '/wps/agent/revenue',
    {
      schema: {
        tags: TAGS,
        summary:
          "The agent's contract income by kind and day (received less paid to its downlines), and beside it the agent's own rebates by day",
        querystring: RevenueQuery,
        response: { 200: Envelope(RevenueView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member, merchant } = await requireAgent(request, members);
      const { query } = request;
      const policy = await deps.readPolicy(member.merchant_id);
      const range =
        query.from || query.to
          ? { from: query.from ?? '', to: query.to ?? '' }
          : rangeOfPreset('past30Days', merchant.timeZone, deps.now());
      if (!range.from || !range.to || range.from > range.to || lengthOf(range) > REVENUE_DAYS_MAX) {
        throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      }
      const kinds = KINDS.filter((kind) => policy.kindsOn[kind]);
      const span = {
        memberId: member.id,
        from: startOfDateIn(merchant.timeZone, range.from),
        to: startOfDateIn(merchant.timeZone, addDays(range.to, 1)),
        timeZone: merchant.timeZone,
      };
      const [lines, rebateDays] = await Promise.all([
        settlements.revenueOf(span),
        deps.rebates.paidByDay(span),
      ]);
      const byDay = new Map<string, Map<AgentContractKind, bigint>>();
      const totals = new Map<AgentContractKind, bigint>();
      for (const line of lines) {
        if (!kinds.includes(line.kind)) continue;
        const net = line.receivedMinor - line.paidMinor;
        const day = byDay.get(line.day) ?? new Map<AgentContractKind, bigint>();
        day.set(line.kind, (day.get(line.kind) ?? 0n) + net);
        byDay.set(line.day, day);
        totals.set(line.kind, (totals.get(line.kind) ?? 0n) + net);
      }
      const sum = (amounts: Map<AgentContractKind, bigint>) =>
        [...amounts.values()].reduce((all, one) => all + one, 0n);
      const text = (amounts: Map<AgentContractKind, bigint>) =>
        Object.fromEntries([...amounts].map(([kind, amount]) => [kind, formatAmount(amount)]));
      return ok({
        from: range.from,
        to: range.to,
        kinds,
        days: daysOf(range)
          .filter((day) => byDay.has(day))
          .map((day) => {
            const amounts = byDay.get(day) ?? new Map();
            return { day, amounts: text(amounts), total: formatAmount(sum(amounts)) };
          }),
        totals: text(totals),
        total: formatAmount(sum(totals)),
        rebates: {
          days: rebateDays.map((line) => ({ day: line.day, amount: formatAmount(line.amountMinor) })),
          total: formatAmount(rebateDays.reduce((all, line) => all + line.amountMinor, 0n)),
        },
      });
    },
  );
}
