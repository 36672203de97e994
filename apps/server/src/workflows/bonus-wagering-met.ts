import type { FastifyBaseLogger } from 'fastify';
import type { BonusService } from '../modules/bonus/bonus.service.ts';

/**
 * The channel the bet record's trigger notifies, with the member's id, when a bet takes an active
 * bonus's `wagered_minor` from below `wagering_required_minor` to at least it (delivered at commit).
 */
export const BONUS_WAGERING_MET_CHANNEL = 'bonus_wagering_met';

export type WageringMetConversion = ReturnType<typeof createWageringMetConversion>;

/**
 * Converts a bonus right after the bet that met its wagering settles, on every path that settles
 * bets (our one-step and full-way rounds, vendors' credits and settles), since the bet record's
 * trigger is where wagering is counted: it notifies BONUS_WAGERING_MET_CHANNEL, and this settles
 * the member (`settleMember`, the engine's own conversion under the member's lock). Members with no
 * active bonus cost nothing: the trigger notifies only a crossing. A member is settled once at a
 * time: a notification while their settlement runs has it run once more after. A failure is
 * logged, never thrown; the settle pass (`bonuses.settle`) finds what was missed.
 */
export function createWageringMetConversion(deps: {
  bonuses: Pick<BonusService, 'findActive' | 'settleMember'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { bonuses, log } = deps;
  /** Members being settled, and whether another notification came meanwhile. */
  const running = new Map<string, { isAgain: boolean }>();
  const inFlight = new Set<Promise<void>>();
  let isStopped = false;

  async function settle(memberId: string): Promise<void> {
    const active = await bonuses.findActive(memberId);
    // Converted meanwhile (by another process that heard it too, or the settle pass), or cancelled.
    if (!active || active.wagered_minor < active.wagering_required_minor) return;
    await bonuses.settleMember({ merchantId: active.merchant_id, memberId, currency: active.currency });
  }

  async function run(memberId: string, state: { isAgain: boolean }): Promise<void> {
    try {
      do {
        state.isAgain = false;
        try {
          await settle(memberId);
        } catch (error) {
          log.error({ err: error, memberId }, 'bonus conversion after wagering met failed');
        }
      } while (state.isAgain && !isStopped);
    } finally {
      running.delete(memberId);
    }
  }

  /** A notification's payload: the member whose wagering was met. */
  function onWageringMet(memberId: string): void {
    if (isStopped || memberId === '') return;
    const current = running.get(memberId);
    if (current) {
      current.isAgain = true;
      return;
    }
    const state = { isAgain: false };
    running.set(memberId, state);
    const work = run(memberId, state);
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /** Takes no more notifications and waits for the settlements under way. */
  async function stop(): Promise<void> {
    isStopped = true;
    await Promise.all(inFlight);
  }

  return { onWageringMet, stop };
}
