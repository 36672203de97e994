import { readReason } from './bonus-grant.ts';

/**
 * The player page's VIP changes (docs/loyalty.md "VIP"): an operator sets or removes a member's
 * level, or sets their birthday, each with the reason the audit log keeps. Read here into the
 * bodies the routes take, or into the words shown beside the fields.
 */

/**
 * A level change as typed: the rank picked ('' removes the level) and the reason; `ranks` are the
 * merchant's levels' and `heldRank` the player's now.
 */
export function readLevelChange(
  form: { rank: string; reason: string },
  heldRank: number | null,
  ranks: readonly number[],
):
  | { ok: true; body: { rank: number | null; reason: string } }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rank = form.rank === '' ? null : Number(form.rank);
  if (rank !== null && !ranks.includes(rank)) errors.rank = 'Pick one of the levels.';
  else if (rank === heldRank)
    errors.rank = rank === null ? 'The player holds no level.' : 'The player holds it already.';
  const reason = readReason(form.reason);
  if ('error' in reason) errors.reason = reason.error;
  if (Object.keys(errors).length > 0 || 'error' in reason) return { ok: false, errors };
  return { ok: true, body: { rank, reason: reason.reason } };
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A birthday as typed (a date field's yyyy-MM-dd; blank clears it, and the member may set it once
 * again) with its reason: a real day, not after `today` (the server also holds it to the
 * merchant's minimum age).
 */
export function readBirthdayChange(
  form: { birthday: string; reason: string },
  today: string,
):
  | { ok: true; body: { birthday: string | null; reason: string } }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const birthday = form.birthday.trim();
  const match = DAY_PATTERN.exec(birthday);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (birthday === '') {
    // Cleared: nothing more to check.
  } else if (date === null || date.toISOString().slice(0, 10) !== birthday) errors.birthday = 'Pick a day.';
  else if (birthday > today) errors.birthday = 'A birthday cannot be in the future.';
  const reason = readReason(form.reason);
  if ('error' in reason) errors.reason = reason.error;
  if (Object.keys(errors).length > 0 || 'error' in reason) return { ok: false, errors };
  return { ok: true, body: { birthday: birthday === '' ? null : birthday, reason: reason.reason } };
}

/** The calendar day in Manila (the platform's time zone) at a moment, yyyy-MM-dd. */
export function manilaDayOf(at: Date): string {
  // Canada's English writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** What the next review would do, in words: "Keeps VIP2", "Falls to VIP1", "Loses the level". */
export function projectionText(
  projection: { outcome: 'keep' | 'rise' | 'fall'; rank: number | null },
  labelOfRank: (rank: number) => string,
): string {
  const target = projection.rank === null ? null : labelOfRank(projection.rank);
  switch (projection.outcome) {
    case 'keep':
      return target ? `Keeps ${target}` : 'Keeps the level';
    case 'rise':
      return target ? `Rises to ${target}` : 'Rises';
    case 'fall':
      return target ? `Falls to ${target}` : 'Loses the level';
  }
}
