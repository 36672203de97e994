import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperatorWithSession } from '../../../test/support/bo-client.ts';
import {
  cashOf,
  grantBonusAt,
  insertBetGame,
  insertContract,
  ledgerProblems,
  settleBetAt,
  tier,
  voidBet,
} from '../../../test/support/contract-fixtures.ts';
import { insertTeamMember } from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import { type DatabaseHandle, openDatabase } from '../../platform/db/database.ts';
import { isAppError } from '../../platform/errors/errors.ts';
import { createTeamRollupService } from '../agent/team-rollup.service.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createWalletService } from '../wallet/wallet.service.ts';
import { createContractSettlementService, type SettlementPolicy } from './contract-settlement.service.ts';

const POLICY: SettlementPolicy = {
  timeZone: 'Asia/Manila',
  currency: 'PHP',
  kindsOn: { dividend: true, daily: true, hourly: true, realtime: true },
  rules: { negativeDividend: 'carry', realtimeMinimumMinor: 100n },
  activeMemberMinValidBetMinor: 10_000n,
  manualApprovalAboveMinor: 5_000_000n,
};
const operator = { id: 'op-settler', username: 'settler', ip: null };
/** A policy every service of a test reads instead of its own, while set. */
let policyNow: SettlementPolicy | null = null;

describe('contract settlement', () => {
  let database: DatabaseHandle;
  let clockMs = Date.parse('2026-11-10T16:10:00Z');
  const now = () => new Date(clockMs);

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertOperatorWithSession(database.db, {
      username: operator.username,
      merchantId: null,
      roleId: 'finance',
      nowMs: clockMs,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  function servicesOf(policy: SettlementPolicy = POLICY) {
    const { db } = database;
    const wallet = createWalletService({ db });
    const audit = createAuditService({ db, now });
    const settlements = createContractSettlementService({
      db,
      now,
      readPolicy: async () => policyNow ?? policy,
      withTransfers: wallet.withTransfers,
      recordChange: audit.record,
    });
    return { wallet, settlements, rollups: createTeamRollupService({ db, now }) };
  }

  it('pays a daily cycle top-down: the house pays the top agent, each upline its downline, once', async () => {
    const { db } = database;
    const { settlements, rollups } = servicesOf();
    const merchantId = await insertLedgerMerchant(db);
    const game = { merchantId, ...(await insertBetGame(db, merchantId)) };
    const a = await insertTeamMember(db, merchantId, { type: 1 });
    const b = await insertTeamMember(db, merchantId, { type: 2, uplineId: a });
    const c = await insertTeamMember(db, merchantId, { type: 2, uplineId: b });
    const playerOfA = await insertTeamMember(db, merchantId, { uplineId: a });
    const playerOfB = await insertTeamMember(db, merchantId, { uplineId: b });
    const firstOfC = await insertTeamMember(db, merchantId, { uplineId: c });
    const secondOfC = await insertTeamMember(db, merchantId, { uplineId: c });
    const startsAt = new Date('2026-11-01T16:00:00Z');
    const contract = { merchantId, kind: 'daily' as const, period: 'D' as const, startsAt };
    await insertContract(db, { ...contract, uplineId: null, downlineId: a, tiers: [tier(1, '0', 100)] });
    await insertContract(db, { ...contract, uplineId: a, downlineId: b, tiers: [tier(1, '0', 60)] });
    await insertContract(db, {
      ...contract,
      uplineId: b,
      downlineId: c,
      tiers: [tier(2, '1000', 40), tier(3, '5000', 50)],
    });
    // 10 Nov in Manila (UTC+8): the bets settle at 10:00 local; one of A's own bets counts for no one.
    const at = new Date('2026-11-10T02:00:00Z');
    await settleBetAt(db, game, {
      memberId: playerOfA,
      stakeMinor: 100_000n,
      winMinor: 50_000n,
      settledAt: at,
    });
    await settleBetAt(db, game, { memberId: playerOfB, stakeMinor: 200_000n, winMinor: 0n, settledAt: at });
    await settleBetAt(db, game, {
      memberId: firstOfC,
      stakeMinor: 300_000n,
      winMinor: 400_000n,
      settledAt: at,
    });
    await settleBetAt(db, game, { memberId: secondOfC, stakeMinor: 50_000n, winMinor: 0n, settledAt: at });
    await settleBetAt(db, game, { memberId: secondOfC, stakeMinor: 5_000n, winMinor: 0n, settledAt: at });
    await settleBetAt(db, game, { memberId: a, stakeMinor: 900_000n, winMinor: 0n, settledAt: at });
    await rollups.rebuildChanged();

    const outcome = await settlements.settleCycle({
      merchantId,
      kind: 'daily',
      cycleKey: 'D:2026-11-10',
      settledBy: { by: 'operator', actor: operator },
    });
    expect(outcome.isNew).toBe(true);
    // team(C) = 3,000.00 + 550.00 = 3,550.00 valid bet, 2 active: tier 1, 0.40 % → ₱14.20
    // team(B) = 2,000.00 + 3,550.00 = 5,550.00, 0.60 % → ₱33.30
    // team(A) = 1,000.00 + 5,550.00 = 6,550.00 (A's own ₱9,000.00 not in it), 1 % → ₱65.50
    const rows = await db
      .selectFrom('agent_contract_settlements')
      .select(['payee_id', 'payer_id', 'amount_minor', 'base_minor', 'status', 'tier_index'])
      .where('merchant_id', '=', merchantId)
      .execute();
    const byPayee = new Map(rows.map((row) => [row.payee_id, row]));
    expect(byPayee.get(a)).toMatchObject({
      payer_id: null,
      amount_minor: 6_550n,
      base_minor: 655_000n,
      status: 'paid',
    });
    expect(byPayee.get(b)).toMatchObject({
      payer_id: a,
      amount_minor: 3_330n,
      base_minor: 555_000n,
      status: 'paid',
    });
    expect(byPayee.get(c)).toMatchObject({
      payer_id: b,
      amount_minor: 1_420n,
      tier_index: 0,
      status: 'paid',
    });
    expect(await cashOf(db, a)).toBe(6_550n - 3_330n);
    expect(await cashOf(db, b)).toBe(3_330n - 1_420n);
    expect(await cashOf(db, c)).toBe(1_420n);
    expect(outcome.run).toMatchObject({
      contract_count: 3,
      settlement_count: 3,
      paid_count: 3,
      paid_minor: 11_300n,
    });
    expect(await ledgerProblems(db, merchantId)).toEqual([]);

    // Again, by the job or another process: the first run's answer, nothing moved.
    const again = await settlements.settleCycle({
      merchantId,
      kind: 'daily',
      cycleKey: 'D:2026-11-10',
      settledBy: { by: 'job' },
    });
    expect(again).toMatchObject({ isNew: false, run: { id: outcome.run.id } });
    expect(await cashOf(db, c)).toBe(1_420n);

    // A cycle still open, and one before a settled one, are refused.
    const refusal = async (cycleKey: string) => {
      try {
        await settlements.settleCycle({ merchantId, kind: 'daily', cycleKey, settledBy: { by: 'job' } });
        return null;
      } catch (error) {
        return isAppError(error) ? error.value : error;
      }
    };
    expect(await refusal('D:2026-11-11')).toEqual({ reason: 'CYCLE_OPEN' });
    expect(await refusal('D:2026-11-09')).toEqual({ reason: 'LATER_CYCLE_SETTLED' });
    expect(await refusal('W:2026-11-09')).toMatchObject({ fields: { cycleKey: 'format' } });
  });

  it('pays a weekly dividend on revenue less rewards, carries a loss, counts a late bet and a void once, and waits for a short upline', async () => {
    const { db } = database;
    const { settlements, rollups } = servicesOf();
    const merchantId = await insertLedgerMerchant(db);
    const game = { merchantId, ...(await insertBetGame(db, merchantId)) };
    const a = await insertTeamMember(db, merchantId, { type: 1 });
    const b = await insertTeamMember(db, merchantId, { type: 2, uplineId: a });
    const playerOfA = await insertTeamMember(db, merchantId, { uplineId: a });
    const playerOfB = await insertTeamMember(db, merchantId, { uplineId: b });
    const contract = {
      merchantId,
      kind: 'dividend' as const,
      period: 'W' as const,
      startsAt: new Date('2026-11-08T16:00:00Z'),
    };
    await insertContract(db, { ...contract, uplineId: null, downlineId: a, tiers: [tier(0, '0', 3000)] });
    await insertContract(db, { ...contract, uplineId: a, downlineId: b, tiers: [tier(1, '0', 2000)] });
    const settle = async (cycleKey: string) => {
      await rollups.rebuildChanged();
      return settlements.settleCycle({ merchantId, kind: 'dividend', cycleKey, settledBy: { by: 'job' } });
    };
    const settlementOf = (payee: string, cycleKey: string) =>
      db
        .selectFrom('agent_contract_settlements')
        .selectAll()
        .where('payee_id', '=', payee)
        .where('cycle_key', '=', cycleKey)
        .executeTakeFirst();

    // Week of 9 Nov: B's player loses ₱10,000.00 and gets a ₱500.00 bonus; A's player wins ₱19,000.00.
    const inWeek1 = new Date('2026-11-11T04:00:00Z');
    await settleBetAt(db, game, {
      memberId: playerOfB,
      stakeMinor: 1_000_000n,
      winMinor: 0n,
      settledAt: inWeek1,
    });
    const winningBet = await settleBetAt(db, game, {
      memberId: playerOfA,
      stakeMinor: 100_000n,
      winMinor: 2_000_000n,
      settledAt: inWeek1,
    });
    await grantBonusAt(db, { merchantId, memberId: playerOfB, amountMinor: 50_000n, at: inWeek1 });
    clockMs = Date.parse('2026-11-15T16:10:00Z');
    const week1 = await settle('W:2026-11-09');
    // B: 10,000.00 − 0 − 500.00 = 9,500.00 × 20 % = ₱1,900.00, due from A, whose cash is ₱0: waits.
    // A: 11,000.00 − 20,000.00 − 500.00 = −9,500.00: nothing, carried.
    expect(await settlementOf(b, 'W:2026-11-09')).toMatchObject({
      amount_minor: 190_000n,
      base_minor: 950_000n,
      status: 'processing',
      payer_id: a,
    });
    expect(await settlementOf(a, 'W:2026-11-09')).toBeUndefined();
    expect(week1.notices).toEqual([
      expect.objectContaining({
        memberId: a,
        kind: 'contract_payment_waiting',
        dedupeKey: expect.stringContaining('W:2026-11-09'),
      }),
    ]);
    expect(week1.run).toMatchObject({ settlement_count: 1, paid_count: 0, waiting_count: 1 });
    const carryOfA = await db
      .selectFrom('agent_contract_carries')
      .selectAll()
      .where('agent_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(carryOfA.base_minor).toBe(-950_000n);

    // After the week settled: a bet of B's player from that week arrives late, and A's player's
    // winning bet is voided.
    await settleBetAt(db, game, {
      memberId: playerOfB,
      stakeMinor: 100_000n,
      winMinor: 0n,
      settledAt: inWeek1,
    });
    await voidBet(db, winningBet);
    // Week of 16 Nov: B's player stakes ₱20,000.00 and wins ₱5,000.00; A's player loses ₱5,000.00.
    const inWeek2 = new Date('2026-11-18T04:00:00Z');
    await settleBetAt(db, game, {
      memberId: playerOfB,
      stakeMinor: 2_000_000n,
      winMinor: 500_000n,
      settledAt: inWeek2,
    });
    await settleBetAt(db, game, {
      memberId: playerOfA,
      stakeMinor: 500_000n,
      winMinor: 0n,
      settledAt: inWeek2,
    });
    clockMs = Date.parse('2026-11-22T16:10:00Z');
    await settle('W:2026-11-16');
    // B: 15,000.00 + the late 1,000.00 = 16,000.00 × 20 % = ₱3,200.00, paid by A.
    // A: 20,000.00 + late (stake +1,000.00 − 1,000.00, win −20,000.00: +20,000.00) − 9,500.00 carried
    //    = 30,500.00 × 30 % = ₱9,150.00 from the house.
    expect(await settlementOf(b, 'W:2026-11-16')).toMatchObject({ amount_minor: 320_000n, status: 'paid' });
    const ofA = await settlementOf(a, 'W:2026-11-16');
    expect(ofA).toMatchObject({
      amount_minor: 915_000n,
      base_minor: 3_050_000n,
      status: 'paid',
      paid_from: 'house',
    });
    expect(ofA?.inputs).toMatchObject({ lateStake: '0.00', lateWin: '-20000.00', carryInBase: '-9500.00' });
    expect(await cashOf(db, a)).toBe(915_000n - 320_000n);

    // The first week's ₱1,900.00, deferred, then approved now that A has the cash: paid by A, once.
    const waiting = await settlementOf(b, 'W:2026-11-09');
    if (!waiting) throw new Error('the waiting settlement is there');
    await settlements.actOnSettlement({
      id: waiting.id,
      action: 'defer',
      actor: operator,
      merchantIds: null,
    });
    const approved = await settlements.actOnSettlement({
      id: waiting.id,
      action: 'approve',
      actor: operator,
      merchantIds: null,
    });
    expect(approved.settlement).toMatchObject({ status: 'paid', paid_from: 'upline' });
    await expect(
      settlements.actOnSettlement({
        id: waiting.id,
        action: 'pay-from-house',
        actor: operator,
        merchantIds: null,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cashOf(db, a)).toBe(915_000n - 320_000n - 190_000n);
    expect(await cashOf(db, b)).toBe(320_000n + 190_000n);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', waiting.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'contract.settlement.approve',
      'contract.settlement.defer',
    ]);
  });

  it('settles a cycle once and acts on a settlement once, however many processes try at the same time', async () => {
    const { db } = database;
    // A second process: its own pool on PostgreSQL (the same engine on PGlite), its own wallet
    // with its own account cache, its own settlement service.
    const second = database.connectionString
      ? await openDatabase({ kind: 'postgres', connectionString: database.connectionString, poolSize: 10 })
      : null;
    try {
      const processes = [
        servicesOf(),
        (() => {
          const otherDb = second?.db ?? db;
          const wallet = createWalletService({ db: otherDb });
          return {
            settlements: createContractSettlementService({
              db: otherDb,
              now,
              readPolicy: async () => policyNow ?? POLICY,
              withTransfers: wallet.withTransfers,
              recordChange: createAuditService({ db: otherDb, now }).record,
            }),
          };
        })(),
      ];
      const merchantId = await insertLedgerMerchant(db);
      const game = { merchantId, ...(await insertBetGame(db, merchantId)) };
      const a = await insertTeamMember(db, merchantId, { type: 1 });
      const b = await insertTeamMember(db, merchantId, { type: 2, uplineId: a });
      const players = [
        await insertTeamMember(db, merchantId, { uplineId: a }),
        await insertTeamMember(db, merchantId, { uplineId: b }),
      ];
      const startsAt = new Date('2026-11-01T16:00:00Z');
      for (const kind of ['daily', 'hourly'] as const) {
        const contract = {
          merchantId,
          kind,
          period: kind === 'daily' ? ('D' as const) : ('h' as const),
          startsAt,
        };
        await insertContract(db, { ...contract, uplineId: null, downlineId: a, tiers: [tier(1, '0', 100)] });
        await insertContract(db, { ...contract, uplineId: a, downlineId: b, tiers: [tier(1, '0', 50)] });
      }
      for (const memberId of players) {
        await settleBetAt(db, game, {
          memberId,
          stakeMinor: 1_000_000n,
          winMinor: 0n,
          settledAt: new Date('2026-11-12T03:30:00Z'),
        });
      }
      clockMs = Date.parse('2026-11-12T16:10:00Z');
      await servicesOf().rollups.rebuildChanged();

      // Eight calls for the day and eight for an hour of it, from both processes, all at once.
      const calls = Array.from({ length: 16 }, (_, index) => {
        const { settlements } = processes[index % 2] as (typeof processes)[number];
        return settlements.settleCycle({
          merchantId,
          kind: index < 8 ? 'daily' : 'hourly',
          cycleKey: index < 8 ? 'D:2026-11-12' : 'h:2026-11-12T11',
          settledBy: { by: 'job' },
        });
      });
      const outcomes = await Promise.all(calls);
      expect(outcomes.filter((outcome) => outcome.isNew)).toHaveLength(2);
      expect(new Set(outcomes.map((outcome) => outcome.run.id)).size).toBe(2);
      const rows = await db
        .selectFrom('agent_contract_settlements')
        .select(['kind', 'payee_id', 'amount_minor', 'status'])
        .where('merchant_id', '=', merchantId)
        .execute();
      // Daily and hourly alike: A 1 % of 20,000.00 = ₱200.00 from the house, B 0.5 % of 10,000.00 = ₱50.00 from A.
      expect(
        rows
          .map((row) => `${row.kind} ${row.payee_id === a ? 'A' : 'B'} ${row.amount_minor} ${row.status}`)
          .sort(),
      ).toEqual(['daily A 20000 paid', 'daily B 5000 paid', 'hourly A 20000 paid', 'hourly B 5000 paid']);
      expect(await cashOf(db, a)).toBe(2n * (20_000n - 5_000n));
      expect(await cashOf(db, b)).toBe(2n * 5_000n);

      // The next day, every amount above the approval amount: B's waits. Four operators pay it from
      // the house at once, through both processes: it is paid once, the others hear CONFLICT.
      policyNow = { ...POLICY, manualApprovalAboveMinor: 0n };
      for (const memberId of players) {
        await settleBetAt(db, game, {
          memberId,
          stakeMinor: 1_000_000n,
          winMinor: 0n,
          settledAt: new Date('2026-11-13T03:30:00Z'),
        });
      }
      clockMs = Date.parse('2026-11-13T16:10:00Z');
      await servicesOf().rollups.rebuildChanged();
      await processes[1]?.settlements.settleCycle({
        merchantId,
        kind: 'daily',
        cycleKey: 'D:2026-11-13',
        settledBy: { by: 'job' },
      });
      const waiting = await db
        .selectFrom('agent_contract_settlements')
        .select(['id', 'status'])
        .where('merchant_id', '=', merchantId)
        .where('cycle_key', '=', 'D:2026-11-13')
        .where('payee_id', '=', b)
        .executeTakeFirstOrThrow();
      expect(waiting.status).toBe('approval');
      const actions = await Promise.allSettled(
        [0, 1, 2, 3].map((index) =>
          (processes[index % 2] as (typeof processes)[number]).settlements.actOnSettlement({
            id: waiting.id,
            action: 'pay-from-house',
            actor: operator,
            merchantIds: null,
          }),
        ),
      );
      expect(actions.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of actions) {
        if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
      }
      expect(await cashOf(db, b)).toBe(3n * 5_000n);
      expect(await ledgerProblems(db, merchantId)).toEqual([]);
    } finally {
      await second?.close();
    }
  });

  it("the job's pass settles the closed cycles not settled yet, oldest first, the newest few only", async () => {
    const { db } = database;
    const { settlements, rollups } = servicesOf();
    const merchantId = await insertLedgerMerchant(db);
    const agent = await insertTeamMember(db, merchantId, { type: 1 });
    const startsAt = new Date('2026-10-31T16:00:00Z');
    await insertContract(db, {
      merchantId,
      kind: 'daily',
      period: 'D',
      uplineId: null,
      downlineId: agent,
      tiers: [tier(0, '0', 100)],
      startsAt,
    });
    await insertContract(db, {
      merchantId,
      kind: 'realtime',
      period: '5m',
      uplineId: null,
      downlineId: agent,
      tiers: [tier(0, '0', 10)],
      startsAt,
    });
    clockMs = Date.parse('2026-11-12T16:10:00Z');
    await rollups.rebuildChanged();
    expect(await settlements.findMerchantsWithContracts('daily')).toContain(merchantId);
    // Twelve days closed since the contract began: the newest seven, in order.
    expect(await settlements.findDueCycles(merchantId, 'daily')).toEqual(
      ['06', '07', '08', '09', '10', '11', '12'].map((day) => `D:2026-11-${day}`),
    );
    await settlements.settleDue(merchantId, 'daily');
    expect(await settlements.findDueCycles(merchantId, 'daily')).toEqual([]);
    const runs = await db
      .selectFrom('agent_contract_runs')
      .select('cycle_key')
      .where('merchant_id', '=', merchantId)
      .orderBy('cycle_starts_at')
      .execute();
    expect(runs.map((run) => run.cycle_key)).toEqual(
      ['06', '07', '08', '09', '10', '11', '12'].map((day) => `D:2026-11-${day}`),
    );
    // Real-time: the last 36 five minutes up to the one that closed a minute ago (00:05 has not).
    const due = await settlements.findDueCycles(merchantId, 'realtime');
    expect(due).toHaveLength(36);
    expect(due.at(-1)).toBe('5m:2026-11-13T00:05');
    expect(due[0]).toBe('5m:2026-11-12T21:10');
    // The pass settles them in order and stops at the last, closed at 00:10 local less than a
    // minute ago: its bets may still be committing.
    await settlements.settleDue(merchantId, 'realtime');
    expect(await settlements.findDueCycles(merchantId, 'realtime')).toEqual(['5m:2026-11-13T00:05']);
    clockMs += 60_000;
    await settlements.settleDue(merchantId, 'realtime');
    expect(await settlements.findDueCycles(merchantId, 'realtime')).toEqual([]);
  });
});
