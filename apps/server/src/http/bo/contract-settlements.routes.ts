import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import {
  type ContractSettlementService,
  type RunRow,
  SETTLEMENT_PAGE_SIZE_MAX,
  type SettlementAction,
  type SettlementWithAccounts,
} from '../../modules/contract/contract-settlement.service.ts';
import type { InboxService } from '../../modules/inbox/inbox.service.ts';
import type { OperatorService } from '../../modules/operator/operator.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { tellSettlementNotices } from '../../workflows/contract-settlement.ts';
import { ContractKind, ContractPeriod } from '../contract-views.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type ContractSettlementRoutesDeps = {
  settlements: ContractSettlementService;
  inbox: InboxService;
  /** Names the operator of a run just asked for. */
  operators: Pick<OperatorService, 'findById'>;
};

const TAGS = ['back office: agents'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const STATUSES = ['paid', 'processing', 'approval', 'deferred', 'cancelled'] as const;
const ACCOUNT_LENGTH_MAX = 64;
const ACTIONS: readonly SettlementAction[] = ['approve', 'pay-from-house', 'defer', 'cancel'];
const ACTION_SUMMARIES: Record<SettlementAction, string> = {
  approve:
    "Pay a settlement waiting for approval (or deferred) from its payer: the house, or the upline's cash",
  'pay-from-house': "Pay a waiting or deferred settlement from the merchant's house account",
  defer: 'Leave a waiting settlement unpaid for now',
  cancel: 'Cancel a waiting or deferred settlement: it is never paid',
};

const Money = Type.String({ examples: ['1250.00'] });
const Party = Type.Object({ id: Type.String(), account: Type.String() });
/** A cycle key (docs/contracts.md): `D:2026-11-25`, `W:2026-11-23`, `h:2026-11-25T13`, `5m:2026-11-25T13:05` … */
const CycleKey = Type.String({
  minLength: 4,
  maxLength: 20,
  pattern: '^(D|W|H|M|h|5m):[0-9T:-]+$',
  examples: ['D:2026-11-25'],
});

const RunsQuery = Type.Object({
  merchantId: MerchantIdField,
  kind: Type.Optional(ContractKind),
  ...PageQueryFields(SETTLEMENT_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const CycleBody = Type.Object({ merchantId: MerchantIdField, kind: ContractKind, cycleKey: CycleKey });

const SettlementsQuery = Type.Object({
  merchantId: MerchantIdField,
  kind: Type.Optional(ContractKind),
  cycleKey: Type.Optional(CycleKey),
  status: Type.Optional(StringOf(STATUSES)),
  /** The paid agent's whole account name (any case). */
  account: Type.Optional(Type.String({ maxLength: ACCOUNT_LENGTH_MAX })),
  ...PageQueryFields(SETTLEMENT_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const RunView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  kind: ContractKind,
  period: ContractPeriod,
  cycleKey: Type.String(),
  cycleStartsAt: Type.String(),
  cycleEndsAt: Type.String(),
  /** `job`, or `operator` with the operator's id. */
  runBy: StringOf(['job', 'operator'] as const),
  operatorId: Nullable(Type.String()),
  /** The operator's username; null for the job. */
  operatorName: Nullable(Type.String()),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  /** The team rollups' watermark the run read under. */
  rollupsAsOf: Nullable(Type.String()),
  contracts: Type.Integer(),
  settlements: Type.Integer(),
  paid: Type.Integer(),
  waiting: Type.Integer(),
  amount: Money,
  paidAmount: Money,
});

/** A settlement's frozen inputs: figures as decimal strings, counts as integers. */
const Inputs = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

const SettlementView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  runId: Type.String(),
  contractId: Type.String(),
  kind: ContractKind,
  cycleKey: Type.String(),
  cycleStartsAt: Type.String(),
  cycleEndsAt: Type.String(),
  /** Null: the house pays it (a top-level agent). */
  payer: Type.Union([Party, Type.Null()]),
  payee: Party,
  inputs: Inputs,
  tierIndex: Nullable(Type.Integer()),
  rateBp: Type.Integer(),
  base: Money,
  amount: Money,
  status: StringOf(STATUSES),
  paidFrom: Type.Union([StringOf(['upline', 'house'] as const), Type.Null()]),
  paidAt: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  createdAt: Type.String(),
});

const PreviewView = Type.Object({
  cycleKey: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  isClosed: Type.Boolean(),
  /** The run that settled the cycle already, if one did: a preview then shows what it would be now. */
  settledRunId: Nullable(Type.String()),
  entries: Type.Array(
    Type.Object({
      contractId: Type.String(),
      payer: Type.Union([Party, Type.Null()]),
      payee: Party,
      inputs: Inputs,
      base: Money,
      tierIndex: Nullable(Type.Integer()),
      rateBp: Type.Integer(),
      amount: Money,
      /** Above the merchant's manual approval amount: it would wait for an operator. */
      needsApproval: Type.Boolean(),
    }),
  ),
  amount: Money,
});

function runViewOf(run: RunRow, operatorName: string | null) {
  return {
    id: run.id,
    merchantId: run.merchant_id,
    kind: run.kind,
    period: run.period,
    cycleKey: run.cycle_key,
    cycleStartsAt: run.cycle_starts_at.toISOString(),
    cycleEndsAt: run.cycle_ends_at.toISOString(),
    runBy: run.run_by,
    operatorId: run.operator_id,
    operatorName,
    startedAt: run.started_at.toISOString(),
    finishedAt: run.finished_at.toISOString(),
    rollupsAsOf: run.rollups_as_of?.toISOString() ?? null,
    contracts: run.contract_count,
    settlements: run.settlement_count,
    paid: run.paid_count,
    waiting: run.waiting_count,
    amount: formatAmount(run.amount_minor),
    paidAmount: formatAmount(run.paid_minor),
  };
}

function frozenInputsOf(inputs: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(inputs).filter((entry): entry is [string, string | number] => {
      const value = entry[1];
      return typeof value === 'string' || typeof value === 'number';
    }),
  );
}

function settlementViewOf(row: SettlementWithAccounts) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    runId: row.run_id,
    contractId: row.contract_id,
    kind: row.kind,
    cycleKey: row.cycle_key,
    cycleStartsAt: row.cycle_starts_at.toISOString(),
    cycleEndsAt: row.cycle_ends_at.toISOString(),
    payer: row.payer_id && row.payer_account ? { id: row.payer_id, account: row.payer_account } : null,
    payee: { id: row.payee_id, account: row.payee_account },
    inputs: frozenInputsOf(row.inputs),
    tierIndex: row.tier_index,
    rateBp: row.rate_bp,
    base: formatAmount(row.base_minor),
    amount: formatAmount(row.amount_minor),
    status: row.status,
    paidFrom: row.paid_from,
    paidAt: row.paid_at?.toISOString() ?? null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Contract settlement in the back office (docs/contracts.md "Calls"): the runs per merchant, kind
 * and cycle, a preview of any cycle that writes nothing, settling a closed cycle now (refused
 * while it is open), the settlements with their frozen inputs, and the actions on one waiting for
 * an operator. players.read to read, players.write to act; every action audited, each once under
 * the settlement's row lock.
 */
export function registerContractSettlementRoutes(app: TypedApp, deps: ContractSettlementRoutesDeps): void {
  const { settlements, inbox, operators } = deps;

  app.get(
    '/bo/contract-runs',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Contract settlement runs, newest cycle first',
        querystring: RunsQuery,
        response: { 200: Envelope(CountedPageOf(RunView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await settlements.listRuns(
        { merchantIds: await readMerchantScope(request), ...(query.kind ? { kind: query.kind } : {}) },
        { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize },
      );
      return ok({
        list: rows.map((run) => runViewOf(run, run.operator_name)),
        total,
        totalPages: Math.ceil(total / pageSize),
      });
    },
  );

  app.post(
    '/bo/contract-runs/preview',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'What a cycle of a kind would settle now, computed as the settlement does; changes nothing',
        body: CycleBody,
        response: { 200: Envelope(PreviewView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { kind, cycleKey } = request.body;
      const preview = await settlements.previewCycle({ merchantId, kind, cycleKey });
      const entries = preview.plan.entries.filter((entry) => entry.earning.amountMinor > 0n);
      const accounts = await settlements.accountsOf([
        ...new Set(
          entries.flatMap((entry) => [entry.contract.downlineId, entry.contract.uplineId ?? []].flat()),
        ),
      ]);
      const party = (id: string) => ({ id, account: accounts.get(id) ?? '' });
      return ok({
        cycleKey: preview.cycle.key,
        startsAt: preview.cycle.startsAt.toISOString(),
        endsAt: preview.cycle.endsAt.toISOString(),
        isClosed: preview.isClosed,
        settledRunId: preview.settledRun?.id ?? null,
        entries: entries.map((entry) => ({
          contractId: entry.contract.id,
          payer: entry.contract.uplineId ? party(entry.contract.uplineId) : null,
          payee: party(entry.contract.downlineId),
          inputs: {
            activeMembers: entry.figures.activeMembers,
            validBet: formatAmount(entry.figures.validBetMinor),
            stake: formatAmount(entry.figures.stakeMinor),
            win: formatAmount(entry.figures.winMinor),
            ...(kind === 'dividend' ? { rewards: formatAmount(entry.figures.rewardsMinor) } : {}),
            lateValidBet: formatAmount(entry.late.validBetMinor),
            lateStake: formatAmount(entry.late.stakeMinor),
            lateWin: formatAmount(entry.late.winMinor),
            carryInBase: formatAmount(entry.carryIn.baseMinor),
            accruedIn: formatAmount(entry.carryIn.accruedMinor),
            earned: formatAmount(entry.earning.earnedMinor),
          },
          base: formatAmount(entry.earning.baseMinor),
          tierIndex: entry.earning.tierIndex,
          rateBp: entry.earning.rateBp,
          amount: formatAmount(entry.earning.amountMinor),
          needsApproval: entry.earning.amountMinor > preview.approvalAboveMinor,
        })),
        amount: formatAmount(entries.reduce((sum, entry) => sum + entry.earning.amountMinor, 0n)),
      });
    },
  );

  app.post(
    '/bo/contract-runs/settle',
    {
      ...merchantScopedRoute('players.write'),
      schema: {
        tags: TAGS,
        summary:
          'Settle a closed cycle of a kind now (audited): CONFLICT while it is open (CYCLE_OPEN), until the team rollups have summed it (ROLLUPS_BEHIND), or after a later cycle settled',
        body: CycleBody,
        response: {
          200: Envelope(Type.Object({ run: RunView, isNew: Type.Boolean() })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      const outcome = await settlements.settleCycle({
        merchantId,
        kind: request.body.kind,
        cycleKey: request.body.cycleKey,
        settledBy: { by: 'operator', actor },
      });
      await tellSettlementNotices(inbox, outcome.notices);
      // A cycle settled before answers the run that settled it, perhaps another operator's.
      const { run } = outcome;
      const operatorName =
        run.operator_id === null
          ? null
          : run.operator_id === actor.id
            ? actor.username
            : ((await operators.findById(run.operator_id))?.username ?? null);
      return ok({ run: runViewOf(run, operatorName), isNew: outcome.isNew });
    },
  );

  app.get(
    '/bo/contract-settlements',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Contract settlements with their frozen inputs, newest cycle first',
        querystring: SettlementsQuery,
        response: { 200: Envelope(CountedPageOf(SettlementView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await settlements.listSettlements(
        {
          merchantIds: await readMerchantScope(request),
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.cycleKey ? { cycleKey: query.cycleKey } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(query.account?.trim() ? { payeeAccountKey: query.account.trim().toLowerCase() } : {}),
        },
        { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize },
      );
      return ok({ list: rows.map(settlementViewOf), total, totalPages: Math.ceil(total / pageSize) });
    },
  );

  for (const action of ACTIONS) {
    app.post(
      `/bo/contract-settlements/:id/${action}`,
      {
        ...resourceRoute('players.write', settlements.findSettlementMerchantOf),
        schema: {
          tags: TAGS,
          summary: ACTION_SUMMARIES[action],
          params: IdParams,
          response: { 200: Envelope(SettlementView), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { actor } = await readOperator(request);
        const outcome = await settlements.actOnSettlement({
          id: request.params.id,
          action,
          actor,
          merchantIds: await readMerchantScope(request),
        });
        await tellSettlementNotices(inbox, outcome.notices);
        return ok(settlementViewOf(outcome.settlement));
      },
    );
  }
}
