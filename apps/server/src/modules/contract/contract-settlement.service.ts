import { formatAmount, formatMoney } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  AgentContractKind,
  AgentContractPeriod,
  AgentContractSettlementStatus,
  Database,
  MemberMessageKind,
} from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor, NewRow } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type Cycle,
  cycleAt,
  DIVIDEND_PERIODS,
  daysOfCycle,
  isDayPeriod,
  nextCycle,
  parseCycleKey,
  periodOfKey,
  previousCycle,
} from './contract-cycles.ts';
import {
  type Carry,
  type ContractTier,
  type Earning,
  earningOf,
  type LateDifferences,
  NO_CARRY,
  nextTierOf,
  REWARD_TRANSFER_CODES,
  type SettlementRules,
  type TeamFigures,
  tiersOf,
} from './contract-formulas.ts';
import {
  addCountedCycle,
  addPaidToRun,
  type ContractInForce,
  type CountedWrite,
  countActiveMembersOverDays,
  findAccounts,
  findCarries,
  findContractsInForce,
  findCountedDays,
  findDaysChangedSince,
  findEarliestStart,
  findLatestRun,
  findMerchantsWithContracts,
  findPeriodsInUse,
  findRun,
  findRunsPage,
  findSettlement,
  findSettlementsPage,
  insertRun,
  insertSettlements,
  lockRuns,
  lockSettlement,
  NO_TEAM_SUMS,
  type RunRow,
  readRollupState,
  removeWaitingFromRun,
  type SettlementFilter,
  type SettlementWithAccounts,
  setCountedDays,
  sumContractPayByDay,
  sumTeamDays,
  sumTeamRewards,
  sumTeamRoundsBetween,
  type TeamSums,
  updateSettlement,
  writeCarry,
} from './contract-settlement.repository.ts';

export type { RunRow, SettlementWithAccounts };

/**
 * How long after a day cycle's end the team rollups must have summed, before it settles: the
 * minute job's own overlap (a settlement's time is taken before its transaction commits).
 */
export const ROLLUP_OVERLAP_MS = 5 * 60_000;
/** How long after an hour or 5 minutes ends before it settles: the bets of its last moments commit. */
export const ROUNDS_SETTLE_DELAY_MS = 60_000;
/** How far back a late settlement, resettle or void still counts (days before the cycle settling). */
export const LATE_DAYS_MAX = 62;
/** How many closed cycles of each period a job pass catches up on at most, oldest first. */
export const CATCH_UP_CYCLES_MAX: Record<AgentContractPeriod, number> = {
  D: 7,
  W: 2,
  H: 2,
  M: 2,
  h: 48,
  '5m': 36,
};
export const SETTLEMENT_PAGE_SIZE_MAX = 100;
/** A contract ended this recently may still have cycles to settle (the longest period and then some). */
const RECENTLY_ENDED_MS = 40 * 86_400_000;
export const REVENUE_DAYS_MAX = 92;

/** What a merchant's contracts settle under, read for each run. */
export type SettlementPolicy = {
  timeZone: string;
  currency: string;
  kindsOn: Record<AgentContractKind, boolean>;
  rules: SettlementRules;
  activeMemberMinValidBetMinor: bigint;
  manualApprovalAboveMinor: bigint;
};

/** An account a settlement pays from or into (the wallet's AccountRef, narrowed). */
export type PayAccount = { memberId: string; wallet: 'cash' } | { house: 'agent_pay'; shardKey: string };

/** The money moves of a settlement, in its transaction (the wallet's transfer batch). */
export type PayTransfers = {
  move(input: {
    key: string;
    code: 'salary' | 'dividend';
    reference: string;
    from: PayAccount;
    to: PayAccount;
    amountMinor: bigint;
  }): Promise<{ transfer: { id: string; createdAt: Date } }>;
  cashOf(memberId: string): Promise<bigint>;
  /** Many moves in order in one statement, only those the cash read by lockCashOf covers. */
  moveMany(
    inputs: readonly {
      key: string;
      code: 'salary' | 'dividend';
      reference: string;
      from: PayAccount;
      to: PayAccount;
      amountMinor: bigint;
    }[],
  ): Promise<{ transfer: { id: string; createdAt: Date } }[]>;
  /** Members' cash locked until the transaction ends, by member id. */
  lockCashOf(memberIds: readonly string[]): Promise<Map<string, bigint>>;
};

/** Runs `work` in one transaction with money moves bound to it (the wallet's withTransfers). */
export type WithTransfers = <T>(
  batch: { merchantId: string; currency: string; accounts: readonly PayAccount[] },
  work: (transfers: PayTransfers, trx: Transaction<Database>) => Promise<T>,
) => Promise<T>;

/** An inbox message a settlement sends once committed. */
export type SettlementNotice = {
  merchantId: string;
  memberId: string;
  kind: MemberMessageKind;
  params: Record<string, string>;
  dedupeKey: string;
};

/** Who settles: the scheduled job, or an operator (audited). */
export type SettledBy = { by: 'job' } | { by: 'operator'; actor: ChangeActor };

/** One contract's part of a cycle: its figures, what earlier cycles left it, and what it earns. */
export type CycleEntry = {
  contract: ContractInForce;
  figures: TeamFigures;
  late: LateDifferences;
  carryIn: Carry;
  earning: Earning;
};

export type CyclePlan = {
  kind: AgentContractKind;
  cycle: Cycle;
  entries: CycleEntry[];
  counted: { set: CountedWrite[]; add: CountedWrite[] };
  rollupsAsOf: Date | null;
};

export type SettlementAction = 'approve' | 'pay-from-house' | 'defer' | 'cancel';

/** The statuses each operator action moves a settlement from (never a half payment). */
const ACTION_FROM: Record<SettlementAction, readonly AgentContractSettlementStatus[]> = {
  approve: ['approval', 'deferred'],
  'pay-from-house': ['processing', 'approval', 'deferred'],
  defer: ['processing', 'approval'],
  cancel: ['processing', 'approval', 'deferred'],
};

const KIND_PERIOD: Record<Exclude<AgentContractKind, 'dividend'>, AgentContractPeriod> = {
  daily: 'D',
  hourly: 'h',
  realtime: '5m',
};

const ledgerCodeOf = (kind: AgentContractKind) => (kind === 'dividend' ? 'dividend' : 'salary');
const ledgerKeyOf = (contractId: string, cycleKey: string) => `contract:${contractId}:${cycleKey}`;
/** The account a settlement is paid from: the house for a top-level agent (or when told), else the upline's cash. */
function payerOf(contract: Pick<ContractInForce, 'uplineId' | 'downlineId'>, fromHouse = false): PayAccount {
  return fromHouse || contract.uplineId === null
    ? { house: 'agent_pay', shardKey: contract.downlineId }
    : { memberId: contract.uplineId, wallet: 'cash' };
}
const sumOf = (left: TeamSums, right: TeamSums): TeamSums => ({
  validBetMinor: left.validBetMinor + right.validBetMinor,
  stakeMinor: left.stakeMinor + right.stakeMinor,
  winMinor: left.winMinor + right.winMinor,
});
const differenceOf = (now: TeamSums, counted: TeamSums): TeamSums => ({
  validBetMinor: now.validBetMinor - counted.validBetMinor,
  stakeMinor: now.stakeMinor - counted.stakeMinor,
  winMinor: now.winMinor - counted.winMinor,
});

/** A day moved by whole days (yyyy-mm-dd). */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The cycles of a period that fall in one merchant day (24 hours, 288 five minutes, or a day). */
function cyclesInDay(period: AgentContractPeriod, timeZone: string, day: string): number {
  const dayCycle = parseCycleKey(`D:${day}`, timeZone);
  assertInvariant(dayCycle !== null, 'contract: a counted day is a day');
  let count = 0;
  for (let cycle = cycleAt(period, timeZone, dayCycle.startsAt); cycle.startsAt < dayCycle.endsAt; ) {
    count += 1;
    cycle = nextCycle(cycle, timeZone);
  }
  return count;
}

/** The cycle a kind's key names, or VALIDATION: a key of another period, or not a cycle at all. */
export function cycleOfKind(kind: AgentContractKind, cycleKey: string, timeZone: string): Cycle {
  const period = periodOfKey(cycleKey);
  const fits =
    period !== null &&
    (kind === 'dividend'
      ? (DIVIDEND_PERIODS as readonly string[]).includes(period)
      : KIND_PERIOD[kind] === period);
  const cycle = fits ? parseCycleKey(cycleKey, timeZone) : null;
  if (!cycle) throw new AppError('VALIDATION', { value: { fields: { cycleKey: 'format' } } });
  return cycle;
}

/** The decimal strings of a settlement's frozen inputs, in the order operators read them. */
function inputsOf(entry: CycleEntry, kind: AgentContractKind, policy: SettlementPolicy) {
  const { figures, late, carryIn, earning } = entry;
  return {
    activeMembers: figures.activeMembers,
    validBet: formatAmount(figures.validBetMinor),
    stake: formatAmount(figures.stakeMinor),
    win: formatAmount(figures.winMinor),
    ...(kind === 'dividend' ? { rewards: formatAmount(figures.rewardsMinor) } : {}),
    lateValidBet: formatAmount(late.validBetMinor),
    lateStake: formatAmount(late.stakeMinor),
    lateWin: formatAmount(late.winMinor),
    carryInBase: formatAmount(carryIn.baseMinor),
    accruedIn: formatAmount(carryIn.accruedMinor),
    activeMemberMinValidBet: formatAmount(policy.activeMemberMinValidBetMinor),
    contractVersion: entry.contract.version,
    earned: formatAmount(earning.earnedMinor),
  };
}

export type ContractSettlementService = ReturnType<typeof createContractSettlementService>;

/**
 * The settlement of agent contracts (docs/contracts.md "Settlement" and "Payment"): each closed
 * cycle of a merchant's kind once, in one transaction — the contracts in force, their teams'
 * figures, late differences and carries, one settlement per contract that earned, and the money
 * paid top-down (the house to top-level agents, each upline to its direct downlines from its
 * cash, its own amount credited first in the same transaction) — plus the operators' actions on
 * waiting settlements and the agents' views of progress, settlements and revenue.
 */
export function createContractSettlementService(
  deps: ServiceDeps<{
    readPolicy: (merchantId: string) => Promise<SettlementPolicy>;
    withTransfers: WithTransfers;
    recordChange: RecordChange;
  }>,
) {
  const { db } = deps;
  const now = clockOf(deps);

  /** The days whose late differences a cycle counts: changed since the last run, or closed since it. */
  async function lateDaysOf(
    executor: Executor,
    input: { merchantId: string; kind: AgentContractKind; cycle: Cycle; timeZone: string },
  ): Promise<string[]> {
    const previous = await findLatestRun(executor, {
      merchantId: input.merchantId,
      kind: input.kind,
      period: input.cycle.period,
    });
    if (!previous || previous.cycle_starts_at >= input.cycle.startsAt) return [];
    const oldest = shiftDay(input.cycle.firstDay, -LATE_DAYS_MAX);
    const days = new Set<string>();
    if (previous.rollups_as_of) {
      const changed = await findDaysChangedSince(executor, {
        merchantId: input.merchantId,
        since: new Date(previous.rollups_as_of.getTime() - ROLLUP_OVERLAP_MS),
        fromDay: oldest,
        beforeDay: input.cycle.firstDay,
      });
      for (const day of changed) days.add(day);
    }
    // Hours and 5 minutes count their day whole only once it has closed: the days from the last
    // run's to this one's.
    const previousRunCycle = parseCycleKey(previous.cycle_key, input.timeZone);
    assertInvariant(previousRunCycle !== null, 'contract: a run names a cycle');
    const [firstClosedDay = oldest] = [previousRunCycle.firstDay, oldest].sort().slice(1);
    for (let day = firstClosedDay; day < input.cycle.firstDay; day = shiftDay(day, 1)) days.add(day);
    return [...days].sort();
  }

  /**
   * A cycle's plan: the contracts in force, each team's figures, late differences and carries, and
   * what each earns. Reads only: a preview shows it, a settlement writes it.
   */
  async function planCycle(
    executor: Executor,
    input: {
      merchantId: string;
      kind: AgentContractKind;
      cycle: Cycle;
      policy: SettlementPolicy;
      /** Only this agent's contract: its progress, never a settlement (which takes the whole tree). */
      downlineId?: string;
    },
  ): Promise<CyclePlan> {
    const { merchantId, kind, cycle, policy } = input;
    const contracts = await findContractsInForce(executor, {
      merchantId,
      kind,
      period: cycle.period,
      cycle,
      ...(input.downlineId === undefined ? {} : { downlineId: input.downlineId }),
    });
    const agentIds = contracts.map((contract) => contract.downlineId);
    const figures = new Map<string, TeamFigures>();
    const counted: CyclePlan['counted'] = { set: [], add: [] };
    const rollups = await readRollupState(executor, merchantId);

    if (isDayPeriod(cycle.period)) {
      const days = daysOfCycle(cycle);
      const [teamDays, active] = await Promise.all([
        sumTeamDays(executor, { merchantId, agentIds, days }),
        countActiveMembersOverDays(executor, {
          merchantId,
          agentIds,
          firstDay: cycle.firstDay,
          lastDay: cycle.lastDay,
          minValidBetMinor: policy.activeMemberMinValidBetMinor,
        }),
      ]);
      for (const agentId of agentIds) {
        let total = NO_TEAM_SUMS;
        for (const day of days) {
          const sums = teamDays.get(agentId)?.get(day) ?? NO_TEAM_SUMS;
          total = sumOf(total, sums);
          counted.set.push({ agentId, day, sums });
        }
        figures.set(agentId, { ...total, rewardsMinor: 0n, activeMembers: active.get(agentId) ?? 0 });
      }
    } else {
      const sums = await sumTeamRoundsBetween(executor, {
        merchantId,
        agentIds,
        from: cycle.startsAt,
        to: cycle.endsAt,
        minValidBetMinor: policy.activeMemberMinValidBetMinor,
      });
      for (const agentId of agentIds) {
        const team = sums.get(agentId);
        const total: TeamSums = team ?? NO_TEAM_SUMS;
        counted.add.push({ agentId, day: cycle.firstDay, sums: total });
        figures.set(agentId, { ...total, rewardsMinor: 0n, activeMembers: team?.activeMembers ?? 0 });
      }
    }

    if (kind === 'dividend') {
      const rewards = await sumTeamRewards(executor, {
        merchantId,
        agentIds,
        from: cycle.startsAt,
        to: cycle.endsAt,
        codes: REWARD_TRANSFER_CODES,
      });
      for (const [agentId, team] of figures) team.rewardsMinor = rewards.get(agentId) ?? 0n;
    }

    // Late differences: the days earlier cycles counted, now against then. An hour's or 5 minutes'
    // day counts only when every cycle of it was counted (a contract that began or ended that day
    // counted part of it, and the rest was no one's).
    const late = new Map<string, LateDifferences>();
    const lateDays = await lateDaysOf(executor, { merchantId, kind, cycle, timeZone: policy.timeZone });
    const countedDays = await findCountedDays(executor, { merchantId, kind, agentIds, days: lateDays });
    const wholeDay = new Map<string, number>();
    for (const row of countedDays) {
      if (!isDayPeriod(cycle.period)) {
        if (!wholeDay.has(row.day))
          wholeDay.set(row.day, cyclesInDay(cycle.period, policy.timeZone, row.day));
        if (row.cycleCount !== wholeDay.get(row.day)) continue;
      }
      const difference = differenceOf(row.now, row.counted);
      if (difference.validBetMinor === 0n && difference.stakeMinor === 0n && difference.winMinor === 0n)
        continue;
      late.set(row.agentId, sumOf(late.get(row.agentId) ?? NO_TEAM_SUMS, difference));
      counted.set.push({ agentId: row.agentId, day: row.day, sums: row.now });
    }

    const carries = await findCarries(executor, kind, agentIds);
    const entries = contracts.map((contract): CycleEntry => {
      const team = figures.get(contract.downlineId);
      assertInvariant(team !== undefined, 'contract: every contract in force has figures');
      const lateOf = late.get(contract.downlineId) ?? NO_TEAM_SUMS;
      const carryIn = carries.get(contract.downlineId) ?? NO_CARRY;
      const earning = earningOf({
        kind,
        tiers: tiersOf(contract.tiers),
        figures: team,
        late: lateOf,
        carryIn,
        rules: policy.rules,
      });
      return { contract, figures: team, late: lateOf, carryIn, earning };
    });
    return { kind, cycle, entries, counted, rollupsAsOf: rollups.watermark };
  }

  /**
   * Whether a cycle may settle now: it has ended, and (days) the team rollups have summed it, or
   * (hours, 5 minutes) its last bets have had time to commit. CONFLICT with the reason otherwise.
   */
  async function assertSettleable(merchantId: string, cycle: Cycle): Promise<void> {
    const at = now();
    if (cycle.endsAt > at) throw new AppError('CONFLICT', { value: { reason: 'CYCLE_OPEN' } });
    if (!isDayPeriod(cycle.period)) {
      if (cycle.endsAt.getTime() + ROUNDS_SETTLE_DELAY_MS > at.getTime()) {
        throw new AppError('CONFLICT', { value: { reason: 'CYCLE_CLOSING' } });
      }
      return;
    }
    const rollups = await readRollupState(db, merchantId);
    const asOf = rollups.isCaughtUp ? at : rollups.watermark;
    if (asOf === null || asOf.getTime() < cycle.endsAt.getTime() + ROLLUP_OVERLAP_MS) {
      throw new AppError('CONFLICT', { value: { reason: 'ROLLUPS_BEHIND' } });
    }
  }

  /**
   * Settles a closed cycle of a merchant's kind once: a second call, from this process or another,
   * answers the first run and moves nothing. A cycle before one already settled is refused
   * (cycles settle in order, so that carries and late differences follow them).
   */
  async function settleCycle(input: {
    merchantId: string;
    kind: AgentContractKind;
    cycleKey: string;
    settledBy: SettledBy;
  }): Promise<{ run: RunRow; isNew: boolean; notices: SettlementNotice[] }> {
    const { merchantId, kind, settledBy } = input;
    const policy = await deps.readPolicy(merchantId);
    const cycle = cycleOfKind(kind, input.cycleKey, policy.timeZone);
    const existing = await findRun(db, merchantId, kind, cycle.key);
    if (existing) return { run: existing, isNew: false, notices: [] };
    await assertSettleable(merchantId, cycle);

    // The accounts the run may move money between, resolved before its transaction opens.
    const contracts = await findContractsInForce(db, { merchantId, kind, period: cycle.period, cycle });
    const accounts: PayAccount[] = [];
    for (const contract of contracts) {
      accounts.push({ memberId: contract.downlineId, wallet: 'cash' });
      accounts.push(
        contract.uplineId
          ? { memberId: contract.uplineId, wallet: 'cash' }
          : { house: 'agent_pay', shardKey: contract.downlineId },
      );
    }

    const startedAt = now();
    const outcome = await deps.withTransfers(
      { merchantId, currency: policy.currency, accounts },
      async (transfers, trx) => {
        await lockRuns(trx, merchantId, kind);
        const settled = await findRun(trx, merchantId, kind, cycle.key);
        if (settled) return { run: settled, isNew: false, notices: [] };
        const latest = await findLatestRun(trx, { merchantId, kind, period: cycle.period });
        if (latest && latest.cycle_starts_at > cycle.startsAt) {
          throw new AppError('CONFLICT', { value: { reason: 'LATER_CYCLE_SETTLED' } });
        }
        const plan = await planCycle(trx, { merchantId, kind, cycle, policy });
        const at = now();
        await setCountedDays(trx, { merchantId, kind, rows: plan.counted.set, at });
        await addCountedCycle(trx, { merchantId, kind, rows: plan.counted.add, at });
        for (const entry of plan.entries) {
          const { carryIn, earning } = entry;
          if (
            carryIn.baseMinor === earning.carryOut.baseMinor &&
            carryIn.accruedMinor === earning.carryOut.accruedMinor
          )
            continue;
          await writeCarry(trx, {
            merchantId,
            kind,
            agentId: entry.contract.downlineId,
            baseMinor: earning.carryOut.baseMinor,
            accruedMinor: earning.carryOut.accruedMinor,
            cycleKey: cycle.key,
            at,
          });
        }

        const runId = uuidv7();
        const rows: NewRow<'agent_contract_settlements'>[] = [];
        const notices: SettlementNotice[] = [];
        let paidCount = 0;
        let paidMinor = 0n;
        let amountMinor = 0n;
        // Top-down, a level of the tree at a time: the uplines' own amounts are credited (the level
        // above) before they pay their downlines. Each level's payers' cash is read under lock, each
        // payer pays its downlines in order while its cash covers them, and the level's transfers
        // go in one statement — as one transfer after another would, without a round trip each.
        const paidOf = new Map<string, { id: string; createdAt: Date }>();
        const payable = plan.entries.filter(
          (entry) =>
            entry.earning.amountMinor > 0n && entry.earning.amountMinor <= policy.manualApprovalAboveMinor,
        );
        for (let first = 0; first < payable.length; ) {
          const depth = payable[first]?.contract.depth;
          let end = first;
          while (end < payable.length && payable[end]?.contract.depth === depth) end += 1;
          const level = payable.slice(first, end);
          first = end;
          const payers = [
            ...new Set(level.flatMap((entry) => (entry.contract.uplineId ? [entry.contract.uplineId] : []))),
          ];
          const cash = payers.length > 0 ? await transfers.lockCashOf(payers) : new Map<string, bigint>();
          const paying = level.filter((entry) => {
            const { uplineId } = entry.contract;
            if (uplineId === null) return true;
            const left = cash.get(uplineId) ?? 0n;
            if (left < entry.earning.amountMinor) return false;
            cash.set(uplineId, left - entry.earning.amountMinor);
            return true;
          });
          const moved = await transfers.moveMany(
            paying.map((entry) => ({
              key: ledgerKeyOf(entry.contract.id, cycle.key),
              code: ledgerCodeOf(kind),
              reference: cycle.key,
              from: payerOf(entry.contract),
              to: { memberId: entry.contract.downlineId, wallet: 'cash' as const },
              amountMinor: entry.earning.amountMinor,
            })),
          );
          paying.forEach((entry, index) => {
            const transfer = moved[index]?.transfer;
            assertInvariant(transfer !== undefined, 'contract: every payment of a level moved');
            paidOf.set(entry.contract.id, { id: transfer.id, createdAt: transfer.createdAt });
          });
        }
        for (const entry of plan.entries) {
          const { contract, earning } = entry;
          if (earning.amountMinor <= 0n) continue;
          amountMinor += earning.amountMinor;
          const key = ledgerKeyOf(contract.id, cycle.key);
          const paid = paidOf.get(contract.id) ?? null;
          const status: AgentContractSettlementStatus = paid
            ? 'paid'
            : earning.amountMinor > policy.manualApprovalAboveMinor
              ? 'approval'
              : 'processing';
          if (paid) {
            paidCount += 1;
            paidMinor += earning.amountMinor;
          }
          if (status === 'processing' && contract.uplineId) {
            notices.push(
              waitingNotice({ merchantId, kind, contract, cycle, amountMinor: earning.amountMinor, policy }),
            );
          }
          rows.push({
            id: uuidv7(),
            merchant_id: merchantId,
            run_id: runId,
            contract_id: contract.id,
            kind,
            cycle_key: cycle.key,
            cycle_starts_at: cycle.startsAt,
            cycle_ends_at: cycle.endsAt,
            payer_id: contract.uplineId,
            payee_id: contract.downlineId,
            inputs: JSON.stringify(inputsOf(entry, kind, policy)),
            tier_index: earning.tierIndex,
            rate_bp: earning.rateBp,
            base_minor: earning.baseMinor,
            amount_minor: earning.amountMinor,
            status,
            ledger_key: key,
            paid_from: paid ? (contract.uplineId ? 'upline' : 'house') : null,
            transfer_id: paid?.id ?? null,
            created_at: at,
            paid_at: paid?.createdAt ?? null,
          });
        }
        const run: RunRow = {
          id: runId,
          merchant_id: merchantId,
          kind,
          period: cycle.period,
          cycle_key: cycle.key,
          cycle_starts_at: cycle.startsAt,
          cycle_ends_at: cycle.endsAt,
          run_by: settledBy.by,
          operator_id: settledBy.by === 'operator' ? settledBy.actor.id : null,
          started_at: startedAt,
          finished_at: now(),
          rollups_as_of: plan.rollupsAsOf,
          contract_count: plan.entries.length,
          settlement_count: rows.length,
          paid_count: paidCount,
          waiting_count: rows.length - paidCount,
          amount_minor: amountMinor,
          paid_minor: paidMinor,
        };
        await insertRun(trx, run);
        await insertSettlements(trx, rows);
        if (settledBy.by === 'operator') {
          await deps.recordChange(trx, {
            ...actorOf(settledBy.actor),
            action: 'contract.settle',
            target: { type: 'contract_run', id: runId },
            merchantId,
            before: null,
            after: { kind, cycleKey: cycle.key, settlements: rows.length, amount: formatAmount(amountMinor) },
          });
        }
        return { run, isNew: true, notices };
      },
    );
    return outcome;
  }

  /**
   * Pays a settlement from its payer: the house for a top-level agent, else the upline's cash.
   * Null when the upline's cash is short (nothing moved; the transaction goes on).
   */
  async function payFrom(
    transfers: PayTransfers,
    input: {
      kind: AgentContractKind;
      contract: Pick<ContractInForce, 'id' | 'uplineId' | 'downlineId'>;
      cycleKey: string;
      amountMinor: bigint;
      key: string;
      fromHouse?: boolean;
    },
  ): Promise<{ id: string; createdAt: Date } | null> {
    const { contract } = input;
    const fromHouse = input.fromHouse || contract.uplineId === null;
    try {
      const { transfer } = await transfers.move({
        key: input.key,
        code: ledgerCodeOf(input.kind),
        reference: input.cycleKey,
        from: payerOf(contract, fromHouse),
        to: { memberId: contract.downlineId, wallet: 'cash' },
        amountMinor: input.amountMinor,
      });
      return { id: transfer.id, createdAt: transfer.createdAt };
    } catch (error) {
      if (!fromHouse && error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return null;
      throw error;
    }
  }

  function waitingNotice(input: {
    merchantId: string;
    kind: AgentContractKind;
    contract: Pick<ContractInForce, 'id' | 'uplineId' | 'downlineId'> & { downlineAccount?: string };
    cycle: Cycle;
    amountMinor: bigint;
    policy: SettlementPolicy;
  }): SettlementNotice {
    const { contract } = input;
    assertInvariant(contract.uplineId !== null, 'contract: a waiting payment has an upline');
    return {
      merchantId: input.merchantId,
      memberId: contract.uplineId,
      kind: 'contract_payment_waiting',
      params: {
        contract: input.kind,
        amount: formatMoney(input.amountMinor),
        party: contract.downlineAccount ?? '',
        cycle: cycleWords(input.cycle),
        downlineId: contract.downlineId,
      },
      dedupeKey: `contract-waiting:${contract.id}:${input.cycle.key}`,
    };
  }

  /** The run's cycle as any reader reads it: its days, or its day and times. */
  function cycleWords(cycle: Cycle): string {
    if (isDayPeriod(cycle.period)) {
      return cycle.firstDay === cycle.lastDay ? cycle.firstDay : `${cycle.firstDay} – ${cycle.lastDay}`;
    }
    const time = cycle.key.slice(cycle.key.indexOf('T') + 1);
    return `${cycle.firstDay} ${time.length === 2 ? `${time}:00` : time}`;
  }

  /** What a cycle would settle, computed as the settlement would and written nowhere. */
  async function previewCycle(input: { merchantId: string; kind: AgentContractKind; cycleKey: string }) {
    const policy = await deps.readPolicy(input.merchantId);
    const cycle = cycleOfKind(input.kind, input.cycleKey, policy.timeZone);
    const run = await findRun(db, input.merchantId, input.kind, cycle.key);
    const plan = await planCycle(db, { merchantId: input.merchantId, kind: input.kind, cycle, policy });
    return {
      cycle,
      isClosed: cycle.endsAt <= now(),
      settledRun: run ?? null,
      plan,
      approvalAboveMinor: policy.manualApprovalAboveMinor,
    };
  }

  /**
   * The closed cycles of a merchant's kind still to settle, oldest first: from the one after the
   * newest run (or from the first contract's start) to the last closed one, at most
   * CATCH_UP_CYCLES_MAX of each period.
   */
  async function findDueCycles(merchantId: string, kind: AgentContractKind): Promise<string[]> {
    const policy = await deps.readPolicy(merchantId);
    const at = now();
    const periods =
      kind === 'dividend'
        ? (await findPeriodsInUse(db, merchantId, kind, new Date(at.getTime() - RECENTLY_ENDED_MS))).filter(
            (period) => (DIVIDEND_PERIODS as readonly string[]).includes(period),
          )
        : [KIND_PERIOD[kind]];
    const due: string[] = [];
    for (const period of periods) {
      const latest = await findLatestRun(db, { merchantId, kind, period });
      const lastClosed = previousCycle(cycleAt(period, policy.timeZone, at), policy.timeZone);
      let first: Cycle;
      if (latest) {
        first = nextCycle(cycleAt(period, policy.timeZone, latest.cycle_starts_at), policy.timeZone);
      } else {
        const earliest = await findEarliestStart(db, {
          merchantId,
          kind,
          period,
          since: lastClosed.startsAt,
        });
        if (!earliest) continue;
        first = cycleAt(period, policy.timeZone, earliest);
      }
      // The newest few only, stepping back from the last closed one: a job that was away long
      // leaves the older cycles unsettled.
      const cycles: Cycle[] = [];
      for (
        let cycle = lastClosed;
        cycle.startsAt >= first.startsAt && cycles.length < CATCH_UP_CYCLES_MAX[period];
        cycle = previousCycle(cycle, policy.timeZone)
      ) {
        cycles.unshift(cycle);
      }
      due.push(...cycles.map((closed) => closed.key));
    }
    return due;
  }

  /**
   * The job's pass for one merchant's kind: settles its due cycles in order, stopping at the first
   * that cannot settle yet (rollups behind) so that none settles out of order.
   */
  async function settleDue(merchantId: string, kind: AgentContractKind): Promise<SettlementNotice[]> {
    const notices: SettlementNotice[] = [];
    for (const cycleKey of await findDueCycles(merchantId, kind)) {
      try {
        const outcome = await settleCycle({ merchantId, kind, cycleKey, settledBy: { by: 'job' } });
        notices.push(...outcome.notices);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') break;
        throw error;
      }
    }
    return notices;
  }

  /**
   * An operator's action on a waiting settlement, once under its row lock and audited: approve
   * (pay it from its payer), pay it from the house, defer or cancel it. A status the action does
   * not start from is CONFLICT; an approval whose upline is still short leaves it processing.
   */
  async function actOnSettlement(input: {
    id: string;
    action: SettlementAction;
    actor: ChangeActor;
    merchantIds: readonly string[] | null;
  }): Promise<{ settlement: SettlementWithAccounts; notices: SettlementNotice[] }> {
    const found = await findSettlement(db, input.id);
    if (!found || (input.merchantIds && !input.merchantIds.includes(found.merchant_id))) {
      throw new AppError('NOT_FOUND');
    }
    const policy = await deps.readPolicy(found.merchant_id);
    const contract = { id: found.contract_id, uplineId: found.payer_id, downlineId: found.payee_id };
    const accounts: PayAccount[] = [
      { memberId: found.payee_id, wallet: 'cash' },
      { house: 'agent_pay', shardKey: found.payee_id },
      ...(found.payer_id ? [{ memberId: found.payer_id, wallet: 'cash' } as const] : []),
    ];
    const notices: SettlementNotice[] = [];
    await deps.withTransfers(
      { merchantId: found.merchant_id, currency: policy.currency, accounts },
      async (transfers, trx) => {
        const row = await lockSettlement(trx, input.id);
        assertInvariant(row !== undefined, 'contract: a settlement found is there to lock');
        if (!ACTION_FROM[input.action].includes(row.status)) {
          throw new AppError('CONFLICT', { value: { reason: 'STATUS', status: row.status } });
        }
        const at = now();
        let status: AgentContractSettlementStatus = row.status;
        let paid: { id: string; createdAt: Date } | null = null;
        if (input.action === 'approve' || input.action === 'pay-from-house') {
          paid = await payFrom(transfers, {
            kind: row.kind,
            contract,
            cycleKey: row.cycle_key,
            amountMinor: row.amount_minor,
            key: row.ledger_key,
            fromHouse: input.action === 'pay-from-house',
          });
          status = paid ? 'paid' : 'processing';
          if (!paid) {
            const cycle = parseCycleKey(row.cycle_key, policy.timeZone);
            assertInvariant(cycle !== null, 'contract: a settlement names a cycle');
            notices.push(
              waitingNotice({
                merchantId: row.merchant_id,
                kind: row.kind,
                contract: { ...contract, downlineAccount: found.payee_account },
                cycle,
                amountMinor: row.amount_minor,
                policy,
              }),
            );
          }
        } else {
          status = input.action === 'defer' ? 'deferred' : 'cancelled';
        }
        await updateSettlement(trx, row.id, {
          status,
          decided_at: at,
          decided_by: input.actor.id,
          ...(paid
            ? {
                paid_from: input.action === 'pay-from-house' || row.payer_id === null ? 'house' : 'upline',
                transfer_id: paid.id,
                paid_at: paid.createdAt,
              }
            : {}),
        });
        if (paid) await addPaidToRun(trx, row.run_id, row.amount_minor);
        if (status === 'cancelled') await removeWaitingFromRun(trx, row.run_id);
        await deps.recordChange(trx, {
          ...actorOf(input.actor),
          action: `contract.settlement.${input.action}`,
          target: { type: 'contract_settlement', id: row.id },
          merchantId: row.merchant_id,
          before: { status: row.status },
          after: { status, amount: formatAmount(row.amount_minor) },
        });
      },
    );
    const settlement = await findSettlement(db, input.id);
    assertInvariant(settlement !== undefined, 'contract: a settlement acted on is there');
    return { settlement, notices };
  }

  /**
   * The current cycle of an agent's active contract of a kind: its team's figures so far (the
   * rollups as they stand: a day's team figures are up to a minute old), the tier reached, the
   * amount so far and what the next tier lacks. Null without a contract in force.
   */
  async function progressOf(input: { merchantId: string; agentId: string; kind: AgentContractKind }) {
    const policy = await deps.readPolicy(input.merchantId);
    const at = now();
    const contracts = await db
      .selectFrom('agent_contracts')
      .select(['id', 'period'])
      .where('downline_id', '=', input.agentId)
      .where('kind', '=', input.kind)
      .where('status', '=', 'active')
      .execute();
    const active = contracts[0];
    if (!active) return null;
    const cycle = cycleAt(active.period, policy.timeZone, at);
    const plan = await planCycle(db, {
      merchantId: input.merchantId,
      kind: input.kind,
      cycle,
      policy,
      downlineId: input.agentId,
    });
    const entry = plan.entries.find((candidate) => candidate.contract.downlineId === input.agentId);
    const rollups = await readRollupState(db, input.merchantId);
    const asOf = isDayPeriod(cycle.period) ? (rollups.isCaughtUp ? at : rollups.watermark) : at;
    if (!entry) return { cycle, asOf, entry: null, tiers: [] as ContractTier[], nextTier: null };
    const tiers = tiersOf(entry.contract.tiers);
    const nextTier = nextTierOf(
      tiers,
      { activeMembers: entry.figures.activeMembers, baseMinor: entry.earning.baseMinor },
      entry.earning.tierIndex,
    );
    return { cycle, asOf, entry, tiers, nextTier };
  }

  return {
    /** The merchants a kind's job looks at: those with contracts of it in force or ended lately. */
    findMerchantsWithContracts: (kind: AgentContractKind) =>
      findMerchantsWithContracts(db, kind, new Date(now().getTime() - RECENTLY_ENDED_MS)),
    planCycle,
    previewCycle,
    settleCycle,
    settleDue,
    findDueCycles,
    actOnSettlement,
    progressOf,
    listRuns: (filter: Parameters<typeof findRunsPage>[1], page: { limit: number; offset: number }) =>
      findRunsPage(db, filter, page),
    listSettlements: (filter: SettlementFilter, page: { limit: number; offset: number }) =>
      findSettlementsPage(db, filter, page),
    findSettlement: (id: string) => findSettlement(db, id),
    /** The merchant of a settlement (the back office's scope check), undefined when there is none. */
    findSettlementMerchantOf: async (id: string) => (await findSettlement(db, id))?.merchant_id,
    /** Members' accounts by id, for the views of a plan. */
    accountsOf: (ids: readonly string[]) => findAccounts(db, ids),
    /** An agent's contract pay by kind and merchant day: received, and paid to its downlines. */
    revenueOf: (input: { memberId: string; from: Date; to: Date; timeZone: string }) =>
      sumContractPayByDay(db, input),
  };
}
