import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import {
  addMemberBetDay,
  insertTeamMember,
  recomputedTeamDays,
  storedTeamDays,
} from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The rebuild as it runs in production: requested over HTTP, run by the job runner's own worker.
const nowMs = Date.parse('2026-11-23T04:00:00Z');
const WAIT_MS = 60_000;

let testApp: TestApp;
let merchantId: string;
let admin: BackOfficeClient;

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  testApp = await createSeededApp({ runJobs: true }, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  const top = await insertTeamMember(db, merchantId, { type: 1, account: 'worker_top' });
  const player = await insertTeamMember(db, merchantId, { uplineId: top, account: 'worker_player' });
  for (const day of ['2026-11-20', '2026-11-21', '2026-11-22']) {
    await addMemberBetDay(
      db,
      merchantId,
      {
        memberId: player,
        uplineId: top,
        day,
        gameType: 'SLOT',
        betCount: 2,
        stakeMinor: 20_000n,
        validBetMinor: 20_000n,
        winMinor: 5_000n,
      },
      new Date(nowMs),
    );
  }
  const { token } = await insertOperatorWithSession(db, {
    username: 'worker_admin',
    merchantId,
    roleId: 'admin',
    nowMs,
  });
  admin = createBackOfficeClient(testApp.app);
  admin.token = token;
}, WAIT_MS);
afterAll(async () => {
  await testApp.close();
});

describe('a rollup rebuild in the background', () => {
  it(
    'is run by a worker to its end, every day of the merchant rebuilt',
    async () => {
      const started = await admin.call('POST', '/bo/rollup-rebuilds', { scope: 'teams' });
      expect(started.body).toMatchObject({ success: true, value: { status: 'queued' } });
      const done = await waitFor(async () => {
        const [latest] = (await admin.call('GET', '/bo/rollup-rebuilds')).body.value.list;
        return latest.status === 'done' || latest.status === 'failed' ? latest : undefined;
      });
      expect(done).toMatchObject({ id: started.body.value.id, status: 'done', error: null, phase: 'teams' });
      expect(done.daysDone).toBe(done.daysTotal);
      expect(done.daysTotal).toBeGreaterThanOrEqual(3);
      const { db } = testApp.database;
      expect(await storedTeamDays(db, merchantId)).toEqual(await recomputedTeamDays(db, merchantId));
    },
    WAIT_MS,
  );
});
