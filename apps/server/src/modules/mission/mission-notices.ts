import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What the notices read of a member's missions (MissionService.missionProgress). */
export type ReadMissionSummary = (input: { merchantId: string; memberId: string }) => Promise<{
  eligible: boolean;
  missions: readonly {
    mission: { id: string };
    window: { start: string };
    done: boolean;
    claimed: boolean;
  }[];
}>;

export type MissionNotices = ReturnType<typeof createMissionNotices>;

/** Members noted between two passes at most; past it a pass drops the rest (the page reads on open). */
export const NOTICE_PENDING_MAX = 10_000;
/** How often the app runs a pass. */
export const NOTICE_PASS_MS = 5_000;
/**
 * How long a note waits before a pass reads it: what moved the balance may finish just after (a
 * deposit is marked credited right after the wallet credits it), and a pass must not read before.
 */
export const NOTICE_SETTLE_MS = 2_000;

/**
 * Tells a member's open pages when a mission of theirs becomes claimable (socket event `mission`,
 * docs/missions.md "Live progress"). Settling bets and crediting deposits stay as fast as they
 * were: a balance change only notes its member in memory (`note`, no query); a pass (`pass`, every
 * few seconds) then reads each member noted a moment before (NOTICE_SETTLE_MS) once, whatever the
number of bets, and
 * records a notice per mission, member and period that is done and not claimed. The notice's
 * primary key makes the news go out once: a later pass, or another process that noted the same
 * member, inserts nothing and says nothing. A failure is logged, never thrown.
 */
export function createMissionNotices(deps: {
  db: Kysely<Database>;
  readSummary: ReadMissionSummary;
  emit: (memberId: string, payload: { missionIds: string[] }) => void;
  now: () => Date;
  log: { error: (details: object, message: string) => void };
  pendingMax?: number;
}) {
  const pendingMax = deps.pendingMax ?? NOTICE_PENDING_MAX;
  /** Members whose records moved, with their merchant and when they were last noted (oldest first). */
  const pending = new Map<string, { merchantId: string; notedAt: number }>();
  let running: Promise<number> | null = null;

  /** A member's cash or bonus balance changed (a bet settled, a deposit credited): no query here. */
  function note(change: { merchantId: string; memberId: string }): void {
    const isNoted = pending.delete(change.memberId);
    if (!isNoted && pending.size >= pendingMax) return;
    pending.set(change.memberId, { merchantId: change.merchantId, notedAt: deps.now().getTime() });
  }

  async function tell(memberId: string, merchantId: string): Promise<number> {
    const summary = await deps.readSummary({ merchantId, memberId });
    if (!summary.eligible) return 0;
    const claimable = summary.missions.filter((item) => item.done && !item.claimed);
    if (claimable.length === 0) return 0;
    const at = deps.now();
    const inserted = await deps.db
      .insertInto('mission_claimable_notices')
      .values(
        claimable.map((item) => ({
          mission_id: item.mission.id,
          member_id: memberId,
          period_start: item.window.start,
          created_at: at,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning('mission_id')
      .execute();
    if (inserted.length === 0) return 0;
    deps.emit(memberId, { missionIds: inserted.map((row) => row.mission_id) });
    return 1;
  }

  async function runPass(): Promise<number> {
    const settledBefore = deps.now().getTime() - NOTICE_SETTLE_MS;
    const members: [string, string][] = [];
    for (const [memberId, noted] of pending) {
      if (noted.notedAt > settledBefore) break;
      members.push([memberId, noted.merchantId]);
    }
    for (const [memberId] of members) pending.delete(memberId);
    let told = 0;
    for (const [memberId, merchantId] of members) {
      try {
        told += await tell(memberId, merchantId);
      } catch (error) {
        deps.log.error({ err: error, memberId }, 'mission notice failed');
      }
    }
    return told;
  }

  /** Reads the missions of the members noted long enough ago and tells those with news; one pass at a time. Answers how many were told. */
  async function pass(): Promise<number> {
    if (running) await running.catch(() => 0);
    const work = runPass();
    running = work;
    try {
      return await work;
    } finally {
      if (running === work) running = null;
    }
  }

  /** Waits for a pass under way. */
  async function stop(): Promise<void> {
    if (running) await running.catch(() => 0);
  }

  return { note, pass, stop };
}
