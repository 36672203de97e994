import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMemberBetDay,
  insertTeamMember,
  recomputedTeamDays,
  storedTeamDays,
} from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { isAppError } from '../../platform/errors/errors.ts';
import { createAgentService } from './agent.service.ts';
import { createTeamRollupService, WATERMARK_OVERLAP_MS } from './team-rollup.service.ts';

const operator = { id: 'op-1', username: 'ops', ip: null };
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'];
const GAME_TYPES = ['SLOT', 'LIVE', 'INHOUSE'];
const RUNS = Number(process.env.TEAM_ROLLUP_PROPERTY_RUNS ?? 25);

describe('team rollups', () => {
  let database: DatabaseHandle;
  let clockMs = Date.parse('2026-11-23T00:00:00Z');
  const now = () => new Date(clockMs);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('after bets land in member_bet_days, a pass of the job gives the sums of member_tree over them', async () => {
    const { db } = database;
    const merchantId = await insertLedgerMerchant(db);
    const rollups = createTeamRollupService({ db, now });
    const top = await insertTeamMember(db, merchantId, { type: 1 });
    const sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top });
    const playerOfTop = await insertTeamMember(db, merchantId, { uplineId: top });
    const playerOfSub = await insertTeamMember(db, merchantId, { uplineId: sub });
    const bet = {
      day: '2026-11-22',
      gameType: 'SLOT',
      betCount: 2,
      stakeMinor: 500n,
      validBetMinor: 500n,
      winMinor: 300n,
    };
    await addMemberBetDay(db, merchantId, { ...bet, memberId: playerOfTop, uplineId: top }, now());
    await addMemberBetDay(db, merchantId, { ...bet, memberId: playerOfSub, uplineId: sub }, now());
    await rollups.rebuildChanged();
    expect(await storedTeamDays(db, merchantId)).toEqual(await recomputedTeamDays(db, merchantId));
    expect(await storedTeamDays(db, merchantId)).toEqual(
      [`${top}|2026-11-22|SLOT|2|4|1000|1000|600`, `${sub}|2026-11-22|SLOT|1|2|500|500|300`].sort(),
    );

    // A settlement of another day, later: the next pass rebuilds that day, and the day of the
    // previous pass's newest change once more (it lies within the overlap); the pass after that
    // leaves 2026-11-22 alone.
    clockMs += WATERMARK_OVERLAP_MS * 2;
    await addMemberBetDay(
      db,
      merchantId,
      { ...bet, day: '2026-11-23', memberId: playerOfSub, uplineId: sub },
      now(),
    );
    expect((await rollups.rebuildChanged()).days).toBe(2);
    expect(await storedTeamDays(db, merchantId)).toEqual(await recomputedTeamDays(db, merchantId));
    expect((await storedTeamDays(db, merchantId)).filter((line) => line.includes('2026-11-23'))).toHaveLength(
      2,
    );
    expect((await rollups.rebuildChanged()).days).toBe(1);
  });

  it('the full rebuild goes day by day, drops days without bets, counts its rebuilds and leaves later settlements to the job', async () => {
    const { db } = database;
    const merchantId = await insertLedgerMerchant(db);
    const rollups = createTeamRollupService({ db, now });
    const top = await insertTeamMember(db, merchantId, { type: 1 });
    const player = await insertTeamMember(db, merchantId, { uplineId: top });
    const bet = { memberId: player, uplineId: top, gameType: 'SLOT', betCount: 1, winMinor: 0n };
    const stateOf = async () =>
      db
        .selectFrom('team_rollup_watermarks')
        .select(['changed_at', 'generation'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
    clockMs += WATERMARK_OVERLAP_MS * 2;
    for (const day of DAYS) {
      await addMemberBetDay(db, merchantId, { ...bet, day, stakeMinor: 100n, validBetMinor: 100n }, now());
    }
    const newest = now();
    await rollups.rebuildChanged();
    const before = await stateOf();
    // A team row of a day whose member rollups are gone (a repair): the full rebuild drops it.
    await db
      .insertInto('team_bet_days')
      .values({
        merchant_id: merchantId,
        agent_id: top,
        day: '2026-11-01',
        game_type: 'SLOT',
        member_count: 1,
        bet_count: 1,
        stake_minor: '5',
        valid_bet_minor: '5',
        win_minor: '0',
        rebuilt_at: now(),
      })
      .execute();

    await rollups.rebuildAll();
    expect(await storedTeamDays(db, merchantId)).toEqual(await recomputedTeamDays(db, merchantId));
    const after = await stateOf();
    expect(new Date(after.changed_at).getTime()).toBe(newest.getTime());
    // One more generation per day rebuilt (the three with bets and the dropped one), and one with
    // the watermark.
    expect(BigInt(after.generation) - BigInt(before.generation)).toBe(BigInt(DAYS.length + 2));

    // A settlement whose change time lies before the watermark (its transaction committed late):
    // within the overlap, the next pass of the job sums it.
    await addMemberBetDay(
      db,
      merchantId,
      { ...bet, day: DAYS[0] as string, stakeMinor: 50n, validBetMinor: 50n },
      new Date(newest.getTime() - 1_000),
    );
    await rollups.rebuildChanged();
    expect(await storedTeamDays(db, merchantId)).toEqual(await recomputedTeamDays(db, merchantId));
    expect((await storedTeamDays(db, merchantId)).some((line) => line.endsWith('|150|150|0'))).toBe(true);
  });

  it('for any tree, moves and settlements, the job and the full rebuild equal the sums over the tree', async () => {
    type Step =
      | {
          kind: 'bet';
          player: number;
          day: number;
          gameType: number;
          stake: number;
          win: number;
          valid: boolean;
        }
      | { kind: 'move'; member: number; to: number }
      | { kind: 'job' };
    const AGENTS = 5;
    const PLAYERS = 5;
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('bet' as const),
          player: fc.nat(PLAYERS - 1),
          day: fc.nat(DAYS.length - 1),
          gameType: fc.nat(GAME_TYPES.length - 1),
          stake: fc.integer({ min: 1, max: 10_000 }),
          win: fc.integer({ min: 0, max: 20_000 }),
          valid: fc.boolean(),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('move' as const),
          member: fc.nat(AGENTS + PLAYERS - 1),
          to: fc.nat(AGENTS - 1),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'job' as const }) },
    );
    const scenario = fc.record({
      // Agent i > 0 hangs under one of the agents before it.
      agentUplines: fc.tuple(...Array.from({ length: AGENTS - 1 }, (_, index) => fc.nat(index))),
      playerUplines: fc.array(fc.nat(AGENTS - 1), { minLength: PLAYERS, maxLength: PLAYERS }),
      steps: fc.array(step, { minLength: 1, maxLength: 25 }),
    });

    await fc.assert(
      fc.asyncProperty(scenario, async ({ agentUplines, playerUplines, steps }) => {
        const { db } = database;
        const merchantId = await insertLedgerMerchant(db);
        const agents = createAgentService({ db, now, recordChange: async () => {} });
        const rollups = createTeamRollupService({ db, now });
        const agentIds: string[] = [await insertTeamMember(db, merchantId, { type: 1 })];
        for (const upline of agentUplines) {
          agentIds.push(await insertTeamMember(db, merchantId, { type: 2, uplineId: agentIds[upline] }));
        }
        const playerIds: string[] = [];
        for (const upline of playerUplines) {
          playerIds.push(await insertTeamMember(db, merchantId, { uplineId: agentIds[upline] }));
        }
        const members = [...agentIds, ...playerIds];
        // The model: each member's upline, and member_bet_days' rows.
        const uplineOf = new Map<string, string | null>(
          members.map((id, index) => [
            id,
            index === 0
              ? null
              : index < AGENTS
                ? (agentIds[agentUplines[index - 1] as number] as string)
                : (agentIds[playerUplines[index - AGENTS] as number] as string),
          ]),
        );
        const betRows = new Map<
          string,
          {
            member: string;
            upline: string;
            day: string;
            gameType: string;
            bets: number;
            stake: number;
            valid: number;
            win: number;
          }
        >();
        const daysBetAfterLastMove = new Set<string>();

        for (const current of steps) {
          clockMs += WATERMARK_OVERLAP_MS * 2;
          if (current.kind === 'bet') {
            const member = playerIds[current.player] as string;
            const upline = uplineOf.get(member) as string;
            const day = DAYS[current.day] as string;
            const gameType = GAME_TYPES[current.gameType] as string;
            const valid = current.valid ? current.stake : 0;
            await addMemberBetDay(
              db,
              merchantId,
              {
                memberId: member,
                uplineId: upline,
                day,
                gameType,
                betCount: 1,
                stakeMinor: BigInt(current.stake),
                validBetMinor: BigInt(valid),
                winMinor: BigInt(current.win),
              },
              now(),
            );
            const key = `${member}|${upline}|${day}|${gameType}`;
            const row = betRows.get(key) ?? {
              member,
              upline,
              day,
              gameType,
              bets: 0,
              stake: 0,
              valid: 0,
              win: 0,
            };
            betRows.set(key, {
              ...row,
              bets: row.bets + 1,
              stake: row.stake + current.stake,
              valid: row.valid + valid,
              win: row.win + current.win,
            });
            daysBetAfterLastMove.add(day);
          } else if (current.kind === 'move') {
            const member = members[current.member] as string;
            const to = agentIds[current.to] as string;
            try {
              await agents.moveUpline(operator, { memberId: member, uplineId: to, reason: 'property' });
              uplineOf.set(member, to);
              daysBetAfterLastMove.clear();
            } catch (error) {
              if (!isAppError(error) || !['VALIDATION', 'CONFLICT'].includes(error.code)) throw error;
            }
          } else {
            await rollups.rebuildChanged();
          }
        }

        // The model's team days: each row counts for its upline and every member above it.
        const teams = new Map<
          string,
          { members: Set<string>; bets: number; stake: number; valid: number; win: number }
        >();
        for (const row of betRows.values()) {
          for (let agent: string | null | undefined = row.upline; agent; agent = uplineOf.get(agent)) {
            const key = `${agent}|${row.day}|${row.gameType}`;
            const team = teams.get(key) ?? {
              members: new Set<string>(),
              bets: 0,
              stake: 0,
              valid: 0,
              win: 0,
            };
            team.members.add(row.member);
            teams.set(key, {
              ...team,
              bets: team.bets + row.bets,
              stake: team.stake + row.stake,
              valid: team.valid + row.valid,
              win: team.win + row.win,
            });
          }
        }
        const expected = [...teams.entries()]
          .map(
            ([key, team]) =>
              `${key}|${team.members.size}|${team.bets}|${team.stake}|${team.valid}|${team.win}`,
          )
          .sort();
        const onDays = (lines: string[], days: Set<string>) =>
          lines.filter((line) => days.has(line.split('|')[1] as string));

        // The job rebuilds the days settled since the last move with the tree as it is now.
        await rollups.rebuildChanged();
        expect(onDays(await storedTeamDays(db, merchantId), daysBetAfterLastMove)).toEqual(
          onDays(expected, daysBetAfterLastMove),
        );
        // The full rebuild is the repair path: every day equals the sums over today's tree.
        await rollups.rebuildAll();
        expect(await storedTeamDays(db, merchantId)).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
