import { toCentavos } from '../money';

export type WageringProgress = {
  /** Whole percent done, 0–100, floored: a bar never shows done before it is. */
  percent: number;
  /** Centavos still to wager; 0 once done. */
  leftMinor: bigint;
  isDone: boolean;
};

/** How far a bonus's wagering has come (centavos, never floats); nothing to wager counts as done. */
export function wageringProgressOf(input: { wagered: string; wageringRequired: string }): WageringProgress {
  const required = toCentavos(input.wageringRequired) ?? 0n;
  const wagered = toCentavos(input.wagered) ?? 0n;
  if (required <= 0n) return { percent: 100, leftMinor: 0n, isDone: true };
  const counted = wagered > required ? required : wagered;
  return {
    percent: Number((counted * 100n) / required),
    leftMinor: required - counted,
    isDone: counted === required,
  };
}

export type Countdown = { days: number; hours: number; minutes: number };

const MINUTE_MS = 60_000;

/**
 * The time left until `endsAt`, in whole days, hours and minutes (rounded up to the minute, so
 * "0 minutes" is never shown while time is left); null once it has passed.
 */
export function countdownOf(endsAt: string, now: Date): Countdown | null {
  const leftMs = new Date(endsAt).getTime() - now.getTime();
  if (!Number.isFinite(leftMs) || leftMs <= 0) return null;
  const totalMinutes = Math.ceil(leftMs / MINUTE_MS);
  return {
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor((totalMinutes % (24 * 60)) / 60),
    minutes: totalMinutes % 60,
  };
}

/** The parts of a countdown worth saying: the two largest that are not zero, days first. */
export function countdownPartsOf(
  countdown: Countdown,
): { unit: 'days' | 'hours' | 'minutes'; count: number }[] {
  const parts = [
    { unit: 'days' as const, count: countdown.days },
    { unit: 'hours' as const, count: countdown.hours },
    { unit: 'minutes' as const, count: countdown.minutes },
  ];
  const first = parts.findIndex((part) => part.count > 0);
  if (first === -1) return [{ unit: 'minutes', count: 0 }];
  return parts.slice(first, first + 2).filter((part) => part.count > 0);
}

/**
 * What cancelling a bonus gives up, as the confirmation must say it exactly: a waiting bonus only
 * its amount (nothing was credited), an active one what its wallet holds now (the bonus and its
 * winnings, `forfeitIfCancelled`), or nothing but the bonus itself when that wallet is empty.
 */
export function cancelConsequenceOf(bonus: { status: string; amount: string; forfeitIfCancelled: string }): {
  key: string;
  amount: string | null;
} {
  if (bonus.status === 'waiting') return { key: 'promotions.mine.cancelWaiting', amount: bonus.amount };
  if ((toCentavos(bonus.forfeitIfCancelled) ?? 0n) > 0n) {
    return { key: 'promotions.mine.cancelForfeit', amount: bonus.forfeitIfCancelled };
  }
  return { key: 'promotions.mine.cancelNothingLeft', amount: null };
}

/** Whether the member may still give a bonus up: while it waits or runs. */
export function isCancellable(status: string): boolean {
  return status === 'waiting' || status === 'active';
}
