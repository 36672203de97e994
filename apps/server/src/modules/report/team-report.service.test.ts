import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberBetDay, insertTeamMember } from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createTeamRollupService } from '../agent/team-rollup.service.ts';
import { createReportCache } from './report-cache.ts';
import { createTeamReportService, TEAM_REPORT_CACHE_TTL_MS } from './team-report.service.ts';

const DAY = '2026-11-22';
const RANGE = { from: '2026-11-20', to: '2026-11-22' };
const TIME_ZONE = 'Asia/Manila';

describe('team reports cached until the team rollups are rebuilt', () => {
  let database: DatabaseHandle;
  let clockMs = Date.parse('2026-11-23T00:00:00Z');
  const now = () => new Date(clockMs);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function team() {
    const { db } = database;
    const merchantId = await insertLedgerMerchant(db);
    const top = await insertTeamMember(db, merchantId, { type: 1 });
    const sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top });
    const players = [
      await insertTeamMember(db, merchantId, { uplineId: top }),
      await insertTeamMember(db, merchantId, { uplineId: sub }),
    ];
    return { merchantId, top, sub, players };
  }

  async function bet(merchantId: string, memberId: string, uplineId: string, stake: bigint, win: bigint) {
    await addMemberBetDay(
      database.db,
      merchantId,
      {
        memberId,
        uplineId,
        day: DAY,
        gameType: 'SLOT',
        betCount: 1,
        stakeMinor: stake,
        validBetMinor: stake,
        winMinor: win,
      },
      now(),
    );
  }

  it('serves the same answer until a pass rebuilds the rollups, then the figures of a fresh service', async () => {
    const { db } = database;
    const { merchantId, top, sub, players } = await team();
    const [playerOfTop, playerOfSub] = players as [string, string];
    const rollups = createTeamRollupService({ db, now });
    const reports = createTeamReportService({ db, now });
    const pageOf = (service: typeof reports) =>
      service.profitLossByMember({ agentId: top, memberId: null, range: RANGE, page: 1, pageSize: 50 });
    const overviewOf = (service: typeof reports) =>
      service.overview({ merchantId, agentId: top, timeZone: TIME_ZONE, range: RANGE });

    await bet(merchantId, playerOfTop, top, 500n, 200n);
    await rollups.rebuildChanged();
    const first = await pageOf(reports);
    expect(first.total).toBe(1);
    expect((await overviewOf(reports)).activeMembers).toBe(1);

    // A settlement the job has not summed yet: the cached answers stay, and say how old they are.
    clockMs += 1_000;
    await bet(merchantId, playerOfSub, sub, 900n, 0n);
    expect(await pageOf(reports)).toEqual(first);
    const pending = await overviewOf(reports);
    expect(pending.activeMembers).toBe(1);
    expect(pending.asOf).not.toBeNull();
    expect(pending.asOf?.getTime()).toBeLessThan(clockMs);

    // The pass rebuilds the day: the next answers equal those of a service with nothing cached.
    await rollups.rebuildChanged();
    const fresh = createTeamReportService({ db, now });
    const rebuilt = await pageOf(reports);
    expect(rebuilt.total).toBe(2);
    expect(rebuilt).toEqual(await pageOf(fresh));
    expect(rebuilt.totals.stakeMinor).toBe(1400n);
    const overview = await overviewOf(reports);
    expect(overview).toEqual(await overviewOf(fresh));
    expect(overview.activeMembers).toBe(2);
    expect(overview.validBetMinor).toBe(1400n);
    expect(overview.asOf?.getTime()).toBe(clockMs);

    // The full rebuild (the repair path) counts as a rebuild too.
    clockMs += 1_000;
    await bet(merchantId, playerOfTop, top, 100n, 0n);
    expect((await pageOf(reports)).totals.stakeMinor).toBe(1400n);
    await rollups.rebuildAll();
    expect((await pageOf(reports)).totals.stakeMinor).toBe(1500n);
    expect((await overviewOf(reports)).validBetMinor).toBe(1500n);
  });

  it('keeps an answer no longer than its time to live, even without a rebuild', async () => {
    const { db } = database;
    const { merchantId, top, players } = await team();
    const rollups = createTeamRollupService({ db, now });
    const reports = createTeamReportService({ db, now });
    const page = () =>
      reports.profitLossByMember({ agentId: top, memberId: null, range: RANGE, page: 1, pageSize: 50 });
    await bet(merchantId, players[0] as string, top, 500n, 200n);
    await rollups.rebuildChanged();
    expect((await page()).total).toBe(1);
    await bet(merchantId, players[1] as string, top, 300n, 0n);
    expect((await page()).total).toBe(1);
    clockMs += TEAM_REPORT_CACHE_TTL_MS;
    expect((await page()).total).toBe(2);
  });

  it('a burst of the same report computes it once; a failure is not kept', async () => {
    let computed = 0;
    const cache = createReportCache<number>({ maxEntries: 2, ttlMs: 1_000, now });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.get('a', '1', async () => {
          computed += 1;
          return 7;
        }),
      ),
    );
    expect(answers).toEqual(Array(20).fill(7));
    expect(computed).toBe(1);
    await expect(cache.get('b', '1', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', '1', async () => 8)).toBe(8);
  });

  it('holds at most its size, dropping the least recently used', async () => {
    const cache = createReportCache<string>({ maxEntries: 2, ttlMs: 60_000, now });
    await cache.get('a', '1', async () => 'a1');
    await cache.get('b', '1', async () => 'b1');
    await cache.get('a', '1', async () => 'a2'); // a is used again: b is now the oldest
    await cache.get('c', '1', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', '1', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', '1', async () => 'b2')).toBe('b2');
    // Another generation is another answer.
    expect(await cache.get('b', '2', async () => 'b3')).toBe('b3');
  });
});
