/**
 * An operator's adjustment of a member's points (POST /bo/players/{id}/points): a signed whole
 * number of points and the reason the record and the audit log keep.
 */

/** The most points one adjustment may add or take. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000_000;
/** A reason short enough to say nothing ("ok") is no reason for the audit log. */
export const ADJUSTMENT_REASON_LENGTH_MIN = 3;
export const ADJUSTMENT_REASON_LENGTH_MAX = 500;

export type AdjustmentForm = { points: string; reason: string };
export type AdjustmentBody = { points: number; reason: string };

/** Points as typed: "+500", "-200", "1,000"; null when not a whole number. */
export function readSignedPoints(text: string): number | null {
  const match = /^([+-]?)(\d{1,10})$/.exec(
    text
      .trim()
      .replaceAll(',', '')
      .replace(/^([+-])\s+/, '$1'),
  );
  if (!match) return null;
  const size = Number(match[2]);
  return match[1] === '-' ? -size : size;
}

/**
 * The adjustment to send, or the problems by the field path the server names (`points`,
 * `reason`). A deduction larger than the balance is refused here already: the balance never goes
 * below zero.
 */
export function readAdjustment(
  form: AdjustmentForm,
  balance: number | null,
): { ok: true; body: AdjustmentBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const points = readSignedPoints(form.points);
  if (points === null || points === 0 || Math.abs(points) > ADJUSTMENT_POINTS_MAX) {
    errors.points = `Points to add (500) or take (-500): a whole number, at most ${ADJUSTMENT_POINTS_MAX.toLocaleString('en-PH')} either way.`;
  } else if (points < 0 && balance !== null && -points > balance) {
    errors.points = `The balance holds ${balance.toLocaleString('en-PH')} points: at most that can be taken.`;
  }
  const reason = form.reason.trim();
  if (reason.length < ADJUSTMENT_REASON_LENGTH_MIN) {
    errors.reason = 'Say why, in a few words: the audit log keeps it.';
  } else if (reason.length > ADJUSTMENT_REASON_LENGTH_MAX) {
    errors.reason = `At most ${ADJUSTMENT_REASON_LENGTH_MAX} characters.`;
  }
  if (points === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { points, reason } };
}

/** Signed points as the records show them: "+1,200", "-300", "0". */
export function signedPointsText(points: number): string {
  const size = Math.abs(points).toLocaleString('en-PH');
  return points > 0 ? `+${size}` : points < 0 ? `-${size}` : '0';
}
