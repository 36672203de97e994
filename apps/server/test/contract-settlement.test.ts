import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamRollupService } from '../src/modules/agent/team-rollup.service.ts';
import { WHITELABEL_SWITCHES } from '../src/modules/merchant/merchant-settings.ts';
import { dayIn } from '../src/modules/report/date-range.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import {
  cashOf,
  grantBonusAt,
  insertBetGame,
  insertContract,
  ledgerProblems,
  settleBetAt,
  tier,
  voidBet,
} from './support/contract-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * A month of a four-level team (top agent T → M → L → players) under every kind of contract,
 * each cycle closed by the operator's action, with every payout worked out by hand below: late
 * bets, a void, a real-time amount under the minimum, a dividend loss carried, an amount waiting
 * for approval and an upline short of cash.
 */

let testApp: TestApp;
let nowMs = Date.parse('2026-11-01T00:00:00Z');
let merchantId: string;
let operatorCount = 0;
const ids: Record<'t' | 'm' | 'l' | 'pT' | 'pM' | 'pL1' | 'pL2', string> = {
  t: '',
  m: '',
  l: '',
  pT: '',
  pM: '',
  pL1: '',
  pL2: '',
};

/** A Manila wall-clock time (UTC+8) as the instant. */
const manila = (local: string) => new Date(`${local}+08:00`);
const peso = (text: string) => BigInt(text.replace('.', ''));

/** An operator of the merchant with a session valid at the test's current time. */
async function operator(roleId = 'admin') {
  operatorCount += 1;
  const { token } = await insertOperatorWithSession(testApp.database.db, {
    username: `contracts_${roleId}_${operatorCount}`,
    merchantId,
    roleId,
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

/** The minute job's pass, then the operator's "settle a closed cycle now". */
async function settleNow(kind: string, cycleKey: string, settleAtLocal: string) {
  nowMs = manila(settleAtLocal).getTime();
  await createTeamRollupService({ db: testApp.database.db, now: () => new Date(nowMs) }).rebuildChanged();
  const reply = await (await operator()).call('POST', '/bo/contract-runs/settle', { kind, cycleKey });
  expect(reply.body, `${kind} ${cycleKey}`).toMatchObject({ success: true, value: { isNew: true } });
  return reply.body.value.run;
}

async function settlementsOf(payee: string) {
  return testApp.database.db
    .selectFrom('agent_contract_settlements')
    .select(['id', 'kind', 'cycle_key', 'amount_minor', 'status', 'payer_id', 'paid_from'])
    .where('payee_id', '=', payee)
    .orderBy('cycle_starts_at')
    .orderBy('kind')
    .execute();
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  await patchDemoSettings(testApp, {
    whitelabel: WHITELABEL_SWITCHES.map((modId) => ({ modId, enabled: true, children: [] })),
    contracts: {
      offerExpiryDays: 7,
      activeMemberMinValidBet: '100.00',
      negativeDividend: 'carry',
      realtimeMinimumAmount: '1.00',
      manualApprovalAbove: '2000.00',
    },
  });
  ids.t = await insertTeamMember(db, merchantId, { type: 1, account: 'month_top' });
  ids.m = await insertTeamMember(db, merchantId, { type: 2, uplineId: ids.t, account: 'month_mid' });
  ids.l = await insertTeamMember(db, merchantId, { type: 2, uplineId: ids.m, account: 'month_low' });
  ids.pT = await insertTeamMember(db, merchantId, { uplineId: ids.t, account: 'month_pt' });
  ids.pM = await insertTeamMember(db, merchantId, { uplineId: ids.m, account: 'month_pm' });
  ids.pL1 = await insertTeamMember(db, merchantId, { uplineId: ids.l, account: 'month_pl1' });
  ids.pL2 = await insertTeamMember(db, merchantId, { uplineId: ids.l, account: 'month_pl2' });
  const startsAt = manila('2026-11-01T00:00:00');
  const sign =
    (kind: 'daily' | 'dividend' | 'hourly' | 'realtime', period: 'D' | 'H' | 'h' | '5m') =>
    async (uplineId: string | null, downlineId: string, tiers: ReturnType<typeof tier>[]) =>
      insertContract(db, { merchantId, kind, period, uplineId, downlineId, tiers, startsAt });
  const daily = sign('daily', 'D');
  await daily(null, ids.t, [tier(1, '0', 100)]);
  await daily(ids.t, ids.m, [tier(1, '0', 80)]);
  await daily(ids.m, ids.l, [tier(2, '0', 50)]);
  const dividend = sign('dividend', 'H');
  await dividend(null, ids.t, [tier(0, '0', 4000)]);
  await dividend(ids.t, ids.m, [tier(0, '0', 3000)]);
  await dividend(ids.m, ids.l, [tier(1, '0', 2000)]);
  const hourly = sign('hourly', 'h');
  await hourly(null, ids.t, [tier(1, '0', 30)]);
  await hourly(ids.t, ids.m, [tier(1, '0', 20)]);
  await sign('realtime', '5m')(null, ids.t, [tier(1, '0', 20)]);
});

afterAll(async () => {
  await testApp.close();
});

describe('a month of contracts', () => {
  it('pays every kind by hand-worked figures, counts late bets and voids once, and waits where it must', async () => {
    const { db } = testApp.database;
    const game = { merchantId, ...(await insertBetGame(db, merchantId)) };
    const bet = (memberId: string, stake: string, win: string, local: string) =>
      settleBetAt(db, game, {
        memberId,
        stakeMinor: peso(stake),
        winMinor: peso(win),
        settledAt: manila(local),
      });

    // 2 Nov, 10:15 local: the day's main bets; 10:22 and 10:27 two small ones of L's first player.
    await bet(ids.pL1, '10000.00', '2000.00', '2026-11-02T10:15:00');
    await bet(ids.pL2, '5000.00', '9000.00', '2026-11-02T10:15:00');
    await bet(ids.pM, '3000.00', '0.00', '2026-11-02T10:15:00');
    await bet(ids.pT, '2000.00', '30000.00', '2026-11-02T10:15:00');
    const smallBet = await bet(ids.pL1, '200.00', '0.00', '2026-11-02T10:22:00');
    await bet(ids.pL1, '400.00', '0.00', '2026-11-02T10:27:00');
    // A ₱400.00 bonus to L's second player in the first half of the month.
    await grantBonusAt(db, {
      merchantId,
      memberId: ids.pL2,
      amountMinor: 40_000n,
      at: manila('2026-11-05T12:00:00'),
    });

    // An open cycle is refused, and a closed one before the rollups have summed it waits for them.
    nowMs = manila('2026-11-02T23:00:00').getTime();
    const open = await (await operator()).call('POST', '/bo/contract-runs/settle', {
      kind: 'daily',
      cycleKey: 'D:2026-11-02',
    });
    expect(open.body).toMatchObject({ success: false, code: 'CONFLICT', value: { reason: 'CYCLE_OPEN' } });

    // Daily 2 Nov. team(L) = 10,000 + 200 + 400 + 5,000 = 15,600.00, 2 active → 0.50 % = ₱78.00
    // team(M) = 15,600 + 3,000 = 18,600.00 → 0.80 % = ₱148.80; team(T) = 20,600.00 → 1 % = ₱206.00
    const day2 = await settleNow('daily', 'D:2026-11-02', '2026-11-03T00:10:00');
    expect(day2).toMatchObject({ contracts: 3, settlements: 3, paid: 3, amount: '432.80' });
    // Hourly 10:00–11:00 on 2 Nov: T 20,600.00 × 0.30 % = ₱61.80; M 18,600.00 × 0.20 % = ₱37.20.
    await settleNow('hourly', 'h:2026-11-02T10', '2026-11-03T00:12:00');
    // Real-time: 10:15 → 20,000.00 × 0.20 % = ₱40.00; 10:20 → 200.00 × 0.20 % = ₱0.40, under the
    // ₱1.00 minimum: accrued; 10:25 → 400.00 × 0.20 % = ₱0.80 + ₱0.40 = ₱1.20 paid.
    for (const cycleKey of ['5m:2026-11-02T10:15', '5m:2026-11-02T10:20', '5m:2026-11-02T10:25']) {
      await settleNow('realtime', cycleKey, '2026-11-03T00:14:00');
    }

    // After 2 Nov settled: a bet of M's player from that day arrives late, and the ₱200.00 bet is voided.
    await bet(ids.pM, '1000.00', '0.00', '2026-11-02T12:00:00');
    await voidBet(db, smallBet);
    // 3 Nov: L's players bet ₱4,000.00 and ₱1,000.00 (win ₱500.00).
    await bet(ids.pL1, '4000.00', '0.00', '2026-11-03T09:00:00');
    await bet(ids.pL2, '1000.00', '500.00', '2026-11-03T09:00:00');
    // Daily 3 Nov. L: 5,000.00 − 200.00 (the void) = 4,800.00 → ₱24.00;
    // M: 5,000.00 − 200.00 + 1,000.00 (the late bet) = 5,800.00 → ₱46.40; T: 5,800.00 → ₱58.00.
    await settleNow('daily', 'D:2026-11-03', '2026-11-04T00:10:00');

    const amounts = async (payee: string) =>
      (await settlementsOf(payee)).map(
        (row) => `${row.kind} ${row.cycle_key} ${row.amount_minor} ${row.status}`,
      );
    expect(await amounts(ids.t)).toEqual([
      'daily D:2026-11-02 20600 paid',
      'hourly h:2026-11-02T10 6180 paid',
      'realtime 5m:2026-11-02T10:15 4000 paid',
      'realtime 5m:2026-11-02T10:25 120 paid',
      'daily D:2026-11-03 5800 paid',
    ]);
    expect(await amounts(ids.m)).toEqual([
      'daily D:2026-11-02 14880 paid',
      'hourly h:2026-11-02T10 3720 paid',
      'daily D:2026-11-03 4640 paid',
    ]);
    expect(await amounts(ids.l)).toEqual(['daily D:2026-11-02 7800 paid', 'daily D:2026-11-03 2400 paid']);
    // T: 206.00 − 148.80 + 61.80 − 37.20 + 40.00 + 1.20 + 58.00 − 46.40 = 134.60
    expect(await cashOf(db, ids.t)).toBe(13_460n);
    // M: 148.80 − 78.00 + 37.20 + 46.40 − 24.00 = 130.40; L: 78.00 + 24.00 = 102.00
    expect(await cashOf(db, ids.m)).toBe(13_040n);
    expect(await cashOf(db, ids.l)).toBe(10_200n);

    // A preview of the first half changes nothing.
    nowMs = manila('2026-11-16T00:10:00').getTime();
    await createTeamRollupService({ db, now: () => new Date(nowMs) }).rebuildChanged();
    const preview = await (await operator('finance')).call('POST', '/bo/contract-runs/preview', {
      kind: 'dividend',
      cycleKey: 'H:2026-11-01',
    });
    expect(preview.body).toMatchObject({
      success: true,
      value: { isClosed: true, settledRunId: null, amount: '5450.00' },
    });
    expect(
      await db
        .selectFrom('agent_contract_runs')
        .select('id')
        .where('cycle_key', '=', 'H:2026-11-01')
        .execute(),
    ).toEqual([]);

    // Dividend 1–15 Nov (the voided bet out, the late one in):
    // team(L): stake 10,000 + 400 + 4,000 + 5,000 + 1,000 = 20,400.00, win 2,000 + 9,000 + 500 = 11,500.00,
    //   rewards 400.00 → 8,500.00 × 20 % = ₱1,700.00, due from M, whose cash (₱130.40) is short: waits.
    // team(M): + 3,000 + 1,000 staked → 24,400.00 − 11,500.00 − 400.00 = 12,500.00 × 30 % = ₱3,750.00,
    //   above the ₱2,000.00 approval amount: waits for approval.
    // team(T): + 2,000 staked, 30,000 won → 26,400.00 − 41,500.00 − 400.00 = −15,500.00: carried.
    const half1 = await settleNow('dividend', 'H:2026-11-01', '2026-11-16T00:15:00');
    expect(half1).toMatchObject({ settlements: 2, paid: 0, waiting: 2, amount: '5450.00' });
    const [ofM] = (await settlementsOf(ids.m)).filter((row) => row.kind === 'dividend');
    const [ofL] = (await settlementsOf(ids.l)).filter((row) => row.kind === 'dividend');
    expect(ofM).toMatchObject({ amount_minor: 375_000n, status: 'approval' });
    expect(ofL).toMatchObject({ amount_minor: 170_000n, status: 'processing' });
    if (!ofM || !ofL) throw new Error('both dividends are there');
    const waitingFor = async (memberId: string) =>
      db
        .selectFrom('member_messages')
        .select('kind')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'contract_payment_waiting')
        .execute();
    expect(await waitingFor(ids.m)).toHaveLength(1);

    // M's: approved, but T (₱134.60) cannot cover it either → processing, T told; then paid by the house.
    const admin = await operator();
    const approved = await admin.call('POST', `/bo/contract-settlements/${ofM.id}/approve`);
    expect(approved.body.value).toMatchObject({ status: 'processing' });
    expect(await waitingFor(ids.t)).toHaveLength(1);
    const fromHouse = await admin.call('POST', `/bo/contract-settlements/${ofM.id}/pay-from-house`);
    expect(fromHouse.body.value).toMatchObject({ status: 'paid', paidFrom: 'house' });
    const twice = await admin.call('POST', `/bo/contract-settlements/${ofM.id}/pay-from-house`);
    expect(twice.body).toMatchObject({ success: false, code: 'CONFLICT' });
    // L's: deferred, then approved now that M holds ₱3,880.40: paid by M.
    await admin.call('POST', `/bo/contract-settlements/${ofL.id}/defer`);
    const paidByM = await admin.call('POST', `/bo/contract-settlements/${ofL.id}/approve`);
    expect(paidByM.body.value).toMatchObject({ status: 'paid', paidFrom: 'upline', payer: { id: ids.m } });
    // A finance operator reads but may not act; a paid settlement takes no more actions.
    expect(
      (await (await operator('finance')).call('POST', `/bo/contract-settlements/${ofL.id}/cancel`)).status,
    ).toBe(403);
    expect((await admin.call('POST', `/bo/contract-settlements/${ofL.id}/cancel`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'STATUS', status: 'paid' },
    });

    // Dividend 16–30 Nov: T's player stakes ₱19,000.00, M's ₱1,000.00, both lose.
    await bet(ids.pT, '19000.00', '0.00', '2026-11-20T10:00:00');
    await bet(ids.pM, '1000.00', '0.00', '2026-11-20T10:00:00');
    // team(T): 20,000.00 − 15,500.00 carried = 4,500.00 × 40 % = ₱1,800.00 from the house;
    // team(M): 1,000.00 × 30 % = ₱300.00 from T; team(L): nothing, no record.
    const half2 = await settleNow('dividend', 'H:2026-11-16', '2026-12-01T00:10:00');
    expect(half2).toMatchObject({ settlements: 2, paid: 2, amount: '2100.00' });
    // T: 134.60 + 1,800.00 − 300.00; M: 130.40 + 3,750.00 − 1,700.00 + 300.00; L: 102.00 + 1,700.00
    expect(await cashOf(db, ids.t)).toBe(163_460n);
    expect(await cashOf(db, ids.m)).toBe(248_040n);
    expect(await cashOf(db, ids.l)).toBe(180_200n);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);

    // The runs, as operators list them; every settling run audited.
    const runs = await (await operator()).call('GET', '/bo/contract-runs?kind=realtime');
    expect(runs.body.value.list.map((run: { cycleKey: string }) => run.cycleKey)).toEqual([
      '5m:2026-11-02T10:25',
      '5m:2026-11-02T10:20',
      '5m:2026-11-02T10:15',
    ]);
    // Each run names the operator who ran it; settling a cycle again answers the first run, its operator named.
    const runOperators = runs.body.value.list.map((run: { runBy: string; operatorName: string | null }) => [
      run.runBy,
      run.operatorName,
    ]);
    expect(runOperators).toHaveLength(3);
    for (const [runBy, operatorName] of runOperators) {
      expect(runBy).toBe('operator');
      expect(operatorName).toMatch(/^contracts_admin_\d+$/);
    }
    const again = await (await operator()).call('POST', '/bo/contract-runs/settle', {
      kind: 'realtime',
      cycleKey: '5m:2026-11-02T10:25',
    });
    expect(again.body.value).toMatchObject({ isNew: false, run: { operatorName: runOperators[0][1] } });
    // The settlements of one paid agent, by its whole account in any case.
    const ofLow = await (await operator()).call('GET', '/bo/contract-settlements?account=MONTH_LOW');
    expect(
      ofLow.body.value.list.map(
        (row: { kind: string; payee: { id: string } }) => `${row.kind} ${row.payee.id}`,
      ),
    ).toEqual([`daily ${ids.l}`, `daily ${ids.l}`, `dividend ${ids.l}`]);
    expect(ofLow.body.value.total).toBe(3);
    const ofNobody = await (await operator()).call('GET', '/bo/contract-settlements?account=month_lo');
    expect(ofNobody.body.value).toMatchObject({ list: [], total: 0 });
    const audited = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'contract.settle')
      .execute();
    expect(audited).toHaveLength(8);

    // T's revenue: daily 206.00 + 58.00 − 148.80 − 46.40 = 68.80; hourly 61.80 − 37.20 = 24.60;
    // real-time 41.20; dividend 1,800.00 − 300.00 = 1,500.00: ₱1,634.60 in all, what T holds.
    const today = dayIn('Asia/Manila', new Date());
    const top = await sessionClientOf(testApp, ids.t);
    const revenue = await top.call('GET', `/wps/agent/revenue?from=${today}&to=${today}`);
    expect(revenue.body.value).toMatchObject({
      kinds: ['dividend', 'daily', 'hourly', 'realtime'],
      totals: { daily: '68.80', hourly: '24.60', realtime: '41.20', dividend: '1500.00' },
      total: '1634.60',
    });
    // M's dividends received, with their frozen inputs; what T paid M.
    const mid = await sessionClientOf(testApp, ids.m);
    const received = await mid.call('GET', '/wps/agent/contracts/settlements?kind=dividend&side=received');
    expect(received.body.value.total).toBe(2);
    expect(received.body.value.list[1]).toMatchObject({
      cycleKey: 'H:2026-11-01',
      payer: { id: ids.t, account: 'mo*****op' },
      payee: { id: ids.m, account: 'month_mid' },
      inputs: { validBet: '24400.00', profitLoss: '-12900.00', rewards: '400.00', activeMembers: 3 },
      base: '12500.00',
      amount: '3750.00',
      status: 'paid',
    });
    // T's real-time pay of 10:25 brought in the ₱0.40 accrued at 10:20, and carried nothing on.
    const realtime = await top.call('GET', '/wps/agent/contracts/settlements?kind=realtime&side=received');
    expect(realtime.body.value.list[0]).toMatchObject({
      cycleKey: '5m:2026-11-02T10:25',
      inputs: { carryIn: '0.40' },
      base: '400.00',
      amount: '1.20',
      carryOut: '0.00',
    });
    const paid = await top.call('GET', '/wps/agent/contracts/settlements?kind=daily&side=paid');
    expect(paid.body.value.list.map((row: { amount: string }) => row.amount)).toEqual(['46.40', '148.80']);
    // The cycle under way: nothing yet, the first tier one active member away.
    const progress = await top.call('GET', '/wps/agent/contracts/progress?kind=daily');
    expect(progress.body.value).toMatchObject({
      cycleKey: 'D:2026-12-01',
      base: '0.00',
      tierIndex: null,
      nextTier: { index: 0, activeMembersMissing: 1, rateBp: 100 },
    });
    // A player is no agent.
    expect((await (await sessionClientOf(testApp, ids.pT)).call('GET', '/wps/agent/revenue')).body.code).toBe(
      'NON_AGENT',
    );

    // The money report's agent pay: what the house paid agents — T's 206.00 + 61.80 + 40.00 + 1.20
    // + 58.00 + 1,800.00 and M's 3,750.00 = ₱5,917.00.
    const report = await (await operator()).call('GET', `/bo/reports/money?from=${today}&to=${today}`);
    const agentPay = report.body.value.rows
      .filter((row: { merchantId: string }) => row.merchantId === merchantId)
      .reduce((sum: bigint, row: { agentPay: string }) => sum + peso(row.agentPay), 0n);
    expect(agentPay).toBe(591_700n);
  });
});
