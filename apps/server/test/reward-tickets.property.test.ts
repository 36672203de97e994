import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardMerchant } from '../src/modules/reward/reward-api.ts';
import type { PrizeInput } from '../src/modules/reward/reward-rules.ts';
import { isAppError } from '../src/platform/errors/errors.ts';
import { rewardMerchantOf } from '../src/workflows/rewards.ts';
import { cashOf, ledgerProblems } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { memberAt } from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * Tickets and draws under any sequence (docs/rewards.md): a few members are issued tickets (keys
 * sometimes repeated, sometimes at once), draw in bursts, and the clock moves over hours and days
 * so that tickets run out and the daily budget starts again. The test keeps its own account of
 * tickets and checks after every sequence: each issue key issued once; each draw used its own
 * ticket, unexpired at the time; a refused draw (no ticket, budget spent) used nothing; each prize
 * was paid exactly once by its kind (one cash transfer, one bonus, one points record); the money
 * prizes of a table's day never pass its budget; unused tickets are what was issued less what was
 * drawn and what ran out; and the ledger sums to zero, every account the sum of its transfers.
 */

const RUNS = Number(process.env.REWARD_PROPERTY_RUNS ?? 4);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RUN_GAP_MS = 30 * DAY_MS;
const actor = { id: 'property-operator', username: 'property_operator', ip: null };

let nowMs = Date.parse('2031-03-01T02:00:00Z');
let testApp: TestApp;
let merchantId: string;
let merchant: RewardMerchant;

const prize = (kind: PrizeInput['kind'], weight: number, value: Partial<PrizeInput> = {}): PrizeInput => ({
  names: { TY: kind, EN: kind },
  kind,
  amountMinor: null,
  points: null,
  wageringMultiplier: null,
  weight,
  ...value,
});

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
  const resolved = await testApp.app.merchantService.findById(merchantId);
  if (!resolved) throw new Error('the demo merchant exists');
  merchant = rewardMerchantOf(resolved);
});

afterAll(async () => {
  await testApp?.close();
});

type Action =
  | { kind: 'issue'; member: number; count: number; key: number; lifeHours: number; twice: boolean }
  | { kind: 'draw'; member: number; burst: number }
  | { kind: 'wait'; hours: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('issue' as const),
    member: fc.integer({ min: 0, max: 2 }),
    count: fc.integer({ min: 1, max: 3 }),
    key: fc.integer({ min: 0, max: 5 }),
    lifeHours: fc.integer({ min: 1, max: 72 }),
    twice: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('draw' as const),
    member: fc.integer({ min: 0, max: 2 }),
    burst: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
);

const sequence = fc.record({
  budgetPesos: fc.integer({ min: 10, max: 80 }),
  actions: fc.array(action, { minLength: 8, maxLength: 20 }),
});

type Ticket = { expiresAt: number; used: boolean };

async function runSequence(run: number, input: { budgetPesos: number; actions: Action[] }): Promise<void> {
  nowMs += RUN_GAP_MS;
  const { db } = testApp.database;
  const created = await testApp.app.rewards.createTable(actor, merchantId, {
    kind: 'wheel',
    names: { TY: `Gulong ${run}`, EN: `Wheel ${run}` },
    prizes: [
      prize('cash', 3, { amountMinor: 1_000n }),
      prize('bonus', 2, { amountMinor: 1_500n, wageringMultiplier: 2 }),
      prize('points', 2, { points: 40 }),
      prize('none', 3),
    ],
    dailyBudgetMinor: BigInt(input.budgetPesos) * 100n,
    active: true,
    sort: 0,
  });
  const tableId = created.table.id;
  const members = [];
  for (let index = 0; index < 3; index += 1) {
    members.push(await memberAt(testApp, merchantId, new Date(nowMs - 40 * DAY_MS)));
  }
  const cashBefore = await Promise.all(members.map((member) => cashOf(db, member.id)));
  const tickets: Ticket[][] = members.map(() => []);
  const issuedKeys = new Set<string>();
  let successes = 0;

  for (const step of input.actions) {
    if (step.kind === 'wait') {
      nowMs += step.hours * HOUR_MS;
      continue;
    }
    const member = members[step.member];
    if (!member) continue;
    const own = tickets[step.member] as Ticket[];
    if (step.kind === 'issue') {
      const key = `property:${run}:${step.member}:${step.key}`;
      const expiresAt = nowMs + step.lifeHours * HOUR_MS;
      const issue = () =>
        testApp.app.rewards.issueTickets({
          merchantId,
          memberId: member.id,
          tableId,
          count: step.count,
          source: 'mission',
          key,
          expiresAt: new Date(expiresAt),
        });
      const outcomes = await Promise.all(step.twice ? [issue(), issue()] : [issue()]);
      const issued = outcomes.reduce((sum, outcome) => sum + outcome.issued, 0);
      if (issuedKeys.has(key)) {
        expect(issued).toBe(0);
      } else {
        expect(issued).toBe(step.count);
        issuedKeys.add(key);
        for (let index = 0; index < step.count; index += 1) own.push({ expiresAt, used: false });
      }
      continue;
    }
    const usable = own.filter((ticket) => !ticket.used && ticket.expiresAt > nowMs).length;
    const results = await Promise.allSettled(
      Array.from({ length: step.burst }, () => testApp.app.rewards.draw(merchant, member.id, tableId)),
    );
    let done = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') {
        done += 1;
        continue;
      }
      const error = result.reason;
      expect(isAppError(error)).toBe(true);
      expect(error.code).toBe('CONFLICT');
      expect(['NO_TICKET', 'BUDGET_EXHAUSTED']).toContain(error.value?.reason);
    }
    expect(done).toBeLessThanOrEqual(usable);
    const noTicket = results.filter(
      (result) => result.status === 'rejected' && result.reason?.value?.reason === 'NO_TICKET',
    ).length;
    // A draw refused for want of a ticket means none was left once the successes took theirs.
    if (noTicket > 0) expect(done).toBe(usable);
    // The draws used the tickets expiring first.
    const open = own
      .filter((ticket) => !ticket.used && ticket.expiresAt > nowMs)
      .sort((left, right) => left.expiresAt - right.expiresAt);
    for (const ticket of open.slice(0, done)) ticket.used = true;
    successes += done;
  }

  // The job marks what ran out; then the model and the records agree.
  await testApp.app.rewards.expireTickets();
  const draws = await db.selectFrom('reward_draws').selectAll().where('table_id', '=', tableId).execute();
  expect(draws).toHaveLength(successes);
  expect(new Set(draws.map((row) => row.ticket_id)).size).toBe(draws.length);
  const rows = await db.selectFrom('reward_tickets').selectAll().where('table_id', '=', tableId).execute();
  for (const [index, member] of members.entries()) {
    const own = tickets[index] as Ticket[];
    const mine = rows.filter((row) => row.member_id === member.id);
    expect(mine).toHaveLength(own.length);
    expect(mine.filter((row) => row.status === 'used')).toHaveLength(
      own.filter((ticket) => ticket.used).length,
    );
    expect(mine.filter((row) => row.status === 'unused')).toHaveLength(
      own.filter((ticket) => !ticket.used && ticket.expiresAt > nowMs).length,
    );
    expect(mine.filter((row) => row.status === 'expired')).toHaveLength(
      own.filter((ticket) => !ticket.used && ticket.expiresAt <= nowMs).length,
    );
    // Every used ticket was used before its time.
    for (const row of mine.filter((item) => item.status === 'used')) {
      expect(row.used_at?.getTime()).toBeLessThan(row.expires_at.getTime());
    }
  }
  // Each prize paid once, by its kind.
  const ids = draws.map((row) => row.id);
  const transfers = ids.length
    ? await db
        .selectFrom('ledger_transfers')
        .select(['reference', 'amount_minor'])
        .where('code', '=', 'reward_prize')
        .where('reference', 'in', ids)
        .execute()
    : [];
  const cashDraws = draws.filter((row) => row.prize_kind === 'cash');
  expect(transfers.filter((row) => cashDraws.some((draw) => draw.id === row.reference))).toHaveLength(
    cashDraws.length,
  );
  for (const draw of draws.filter((row) => row.prize_kind === 'bonus')) expect(draw.bonus_id).not.toBeNull();
  const bonusIds = draws.flatMap((row) => (row.bonus_id ? [row.bonus_id] : []));
  expect(new Set(bonusIds).size).toBe(bonusIds.length);
  const pointRecords = ids.length
    ? await db
        .selectFrom('point_records')
        .select(['key', 'points'])
        .where(
          'key',
          'in',
          ids.map((id) => `reward-draw:${id}`),
        )
        .execute()
    : [];
  expect(pointRecords).toHaveLength(draws.filter((row) => row.prize_kind === 'points').length);
  for (const [index, member] of members.entries()) {
    const won = cashDraws
      .filter((row) => row.member_id === member.id)
      .reduce((sum, row) => sum + (row.amount_minor ?? 0n), 0n);
    expect((await cashOf(db, member.id)) - (cashBefore[index] ?? 0n)).toBe(won);
  }
  // No day's money prizes pass the budget.
  const byDay = new Map<string, bigint>();
  for (const draw of draws) {
    if (draw.prize_kind === 'cash' || draw.prize_kind === 'bonus') {
      byDay.set(draw.day, (byDay.get(draw.day) ?? 0n) + (draw.amount_minor ?? 0n));
    }
  }
  for (const spent of byDay.values()) expect(spent).toBeLessThanOrEqual(BigInt(input.budgetPesos) * 100n);
  expect(await ledgerProblems(db, merchantId)).toEqual([]);
}

describe('tickets, draws and payouts under any sequence', () => {
  it('issue once, draw once per ticket, pay once, keep the budget, and the ledger balances', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(sequence, async (input) => {
        run += 1;
        await runSequence(run, input);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
