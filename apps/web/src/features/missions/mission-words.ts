import { isApiError } from '../../lib/api/api-error';

/** The refusals of a claim the page words itself (docs/missions.md, Members' wire). */
const CLAIM_REASONS = ['NOT_DONE', 'ALREADY_CLAIMED', 'NOT_RUNNING', 'BUDGET_EXHAUSTED'] as const;

/**
 * The words of a refused claim: a CONFLICT's reason, or a member promotions may not reach
 * (FORBIDDEN); null for anything else, which shows the server's own message.
 */
export function claimRefusalKeyOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'FORBIDDEN') return 'missions.reasons.FORBIDDEN';
  if (error.code !== 'CONFLICT') return null;
  const { value } = error;
  const reason = typeof value === 'object' && value !== null && 'reason' in value ? value.reason : null;
  const known = CLAIM_REASONS.find((candidate) => candidate === reason);
  return known ? `missions.reasons.${known}` : null;
}

/** Time left until an instant, as days, hours, minutes and seconds (never below zero). */
export function timeLeft(
  until: string,
  now: Date,
): { days: number; hours: number; minutes: number; seconds: number } {
  const whole = Math.max(0, Math.floor((Date.parse(until) - now.getTime()) / 1000));
  return {
    days: Math.floor(whole / 86_400),
    hours: Math.floor((whole % 86_400) / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  };
}

/** A countdown as "2d 03:04:05", or "03:04:05" under a day. */
export function formatTimeLeft(until: string, now: Date, dayUnit: string): string {
  const left = timeLeft(until, now);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
  return left.days > 0 ? `${left.days}${dayUnit} ${clock}` : clock;
}
