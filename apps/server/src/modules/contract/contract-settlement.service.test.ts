import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOf,
  insertBetGame,
  insertContract,
  ledgerProblems,
  settleBetAt,
  tier,
} from '../../../test/support/contract-fixtures.ts';
import { insertOperatorWithSession } from '../../../test/support/bo-client.ts';
import { insertTeamMember } from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
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

describe('contract settlement', () => {
  let database: DatabaseHandle;
  const clockMs = Date.parse('2026-11-10T16:10:00Z');
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
      readPolicy: async () => policy,
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
});
