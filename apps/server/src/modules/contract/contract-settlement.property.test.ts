import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertBetGame,
  insertContract,
  ledgerProblems,
  settleBetAt,
  tier,
} from '../../../test/support/contract-fixtures.ts';
import { insertTeamMember } from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createTeamRollupService } from '../agent/team-rollup.service.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createWalletService } from '../wallet/wallet.service.ts';
import { createContractSettlementService, type SettlementPolicy } from './contract-settlement.service.ts';

const RUNS = Number(process.env.CONTRACT_PROPERTY_RUNS ?? 8);
const POLICY: SettlementPolicy = {
  timeZone: 'Asia/Manila',
  currency: 'PHP',
  kindsOn: { dividend: true, daily: true, hourly: true, realtime: true },
  rules: { negativeDividend: 'carry', realtimeMinimumMinor: 100n },
  activeMemberMinValidBetMinor: 10_000n,
  manualApprovalAboveMinor: 10_000_000n,
};
const DAYS = ['2026-11-10', '2026-11-11'] as const;

type Scenario = {
  /** For each agent after the first: the index of its upline among the agents before it, or null (top). */
  uplines: (number | null)[];
  /** Each agent's rate as a share (0–100 %) of its upline's, and the active members its tier asks. */
  shares: number[];
  actives: number[];
  /** Players: [agent index, bets: [day index, stake, win]]. */
  players: { agent: number; bets: { day: number; stakeMinor: bigint; winMinor: bigint }[] }[];
};

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.integer({ min: 1, max: 6 }).chain((agents) =>
  fc.record({
    uplines: fc.tuple(
      ...Array.from({ length: agents }, (_, index) =>
        index === 0 ? fc.constant(null) : fc.option(fc.nat(index - 1), { nil: null, freq: 4 }),
      ),
    ),
    shares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: agents, maxLength: agents }),
    actives: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: agents, maxLength: agents }),
    players: fc.array(
      fc.record({
        agent: fc.nat(agents - 1),
        bets: fc.array(
          fc.record({
            day: fc.nat(DAYS.length - 1),
            stakeMinor: fc.bigInt({ min: 100n, max: 5_000_000n }),
            winMinor: fc.bigInt({ min: 0n, max: 10_000_000n }),
          }),
          { maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  }),
);

describe('contract settlement over random teams', () => {
  let database: DatabaseHandle;
  let clockMs = 0;
  const now = () => new Date(clockMs);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('pays every contract of every cycle once, by the rollups, with the ledger summing to zero', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { db } = database;
        const wallet = createWalletService({ db });
        const settlements = createContractSettlementService({
          db,
          now,
          readPolicy: async () => POLICY,
          withTransfers: wallet.withTransfers,
          recordChange: createAuditService({ db, now }).record,
        });
        const rollups = createTeamRollupService({ db, now });
        const merchantId = await insertLedgerMerchant(db);
        const game = { merchantId, ...(await insertBetGame(db, merchantId)) };

        // The tree, and a daily contract for each agent whose rate never exceeds its upline's.
        const agents: string[] = [];
        const rates: number[] = [];
        for (const [index, upline] of scenario.uplines.entries()) {
          const uplineId = upline === null ? null : (agents[upline] as string);
          agents.push(await insertTeamMember(db, merchantId, { type: upline === null ? 1 : 2, uplineId }));
          const cap = upline === null ? 200 : (rates[upline] as number);
          const rate = Math.floor((cap * (scenario.shares[index] ?? 0)) / 100);
          rates.push(rate);
          if (rate === 0) continue;
          await insertContract(db, {
            merchantId,
            kind: 'daily',
            period: 'D',
            uplineId,
            downlineId: agents[index] as string,
            tiers: [tier(scenario.actives[index] ?? 0, '0', rate)],
            startsAt: new Date('2026-11-01T16:00:00Z'),
          });
        }
        for (const player of scenario.players) {
          const memberId = await insertTeamMember(db, merchantId, {
            uplineId: agents[player.agent] as string,
          });
          for (const bet of player.bets) {
            await settleBetAt(db, game, {
              memberId,
              stakeMinor: bet.stakeMinor,
              winMinor: bet.winMinor,
              settledAt: new Date(`${DAYS[bet.day]}T11:00:00+08:00`),
            });
          }
        }

        for (const day of DAYS) {
          clockMs = Date.parse(`${day}T16:10:00Z`);
          await rollups.rebuildChanged();
          const cycleKey = `D:${day}`;
          const [first, second] = await Promise.all([
            settlements.settleCycle({ merchantId, kind: 'daily', cycleKey, settledBy: { by: 'job' } }),
            settlements.settleCycle({ merchantId, kind: 'daily', cycleKey, settledBy: { by: 'job' } }),
          ]);
          expect([first.isNew, second.isNew].filter(Boolean)).toHaveLength(1);

          // Each settlement's inputs are the rollups' figures of its payee's team that day, and
          // its amount the rate of its tier on them.
          const expected = await sql<{ agent_id: string; valid_bet: string; active: number }>`
            select t.ancestor_id as agent_id, sum(r.valid_bet_minor)::text as valid_bet,
              count(distinct r.member_id) filter (where r.member_valid >= ${POLICY.activeMemberMinValidBetMinor})::int as active
            from (
              select member_id, upline_id, valid_bet_minor,
                sum(valid_bet_minor) over (partition by member_id) as member_valid
              from member_bet_days where merchant_id = ${merchantId} and day = ${day}::date
            ) r
            join member_tree t on t.descendant_id = r.upline_id
            group by t.ancestor_id`.execute(db);
          const byAgent = new Map(expected.rows.map((row) => [row.agent_id, row]));
          const rows = await db
            .selectFrom('agent_contract_settlements')
            .select(['payee_id', 'payer_id', 'inputs', 'amount_minor', 'rate_bp', 'status'])
            .where('merchant_id', '=', merchantId)
            .where('cycle_key', '=', cycleKey)
            .execute();
          for (const row of rows) {
            const team = byAgent.get(row.payee_id);
            const validBet = BigInt(team?.valid_bet ?? '0');
            expect(row.inputs).toMatchObject({ activeMembers: team?.active ?? 0 });
            expect(BigInt(String(row.inputs.validBet).replace('.', ''))).toBe(validBet);
            expect(row.amount_minor).toBe((validBet * BigInt(row.rate_bp)) / 10_000n);
            // Salaries under the rate cap always fit in the upline's own amount, unless the upline's
            // tier was not met (its members too few): then its cash alone pays, or the payment waits.
            expect(row.status === 'paid' || (row.status === 'processing' && row.payer_id !== null)).toBe(
              true,
            );
          }
          // Every contract that met its tier on a positive base has its one settlement.
          for (const [index, agentId] of agents.entries()) {
            const team = byAgent.get(agentId);
            const validBet = BigInt(team?.valid_bet ?? '0');
            const earns =
              (rates[index] ?? 0) > 0 &&
              (team?.active ?? 0) >= (scenario.actives[index] ?? 0) &&
              (validBet * BigInt(rates[index] ?? 0)) / 10_000n > 0n;
            expect(rows.filter((row) => row.payee_id === agentId)).toHaveLength(earns ? 1 : 0);
          }
        }
        // One transfer per settlement, and the books sound.
        const transfers = await sql<{ count: number; settlements: number }>`
          select (select count(*)::int from ledger_transfers where merchant_id = ${merchantId} and code = 'salary') as count,
            (select count(*)::int from agent_contract_settlements where merchant_id = ${merchantId}) as settlements`.execute(
          db,
        );
        const paid = await db
          .selectFrom('agent_contract_settlements')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('merchant_id', '=', merchantId)
          .where('status', '=', 'paid')
          .executeTakeFirstOrThrow();
        expect(transfers.rows[0]?.count).toBe(paid.count);
        expect(await ledgerProblems(db, merchantId)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
