// The reality check of responsible gaming, as pure rules shared by the site's shell and by our game
// client opened on its own (apps/web/game): both remind at the member's interval since the login.

/**
 * The reality check (responsible gaming): a reminder every `intervalMinutes` of a login. The
 * reminder due at `nowMs` is the last whole interval since the login; none before the first.
 */
export function dueReminder(input: { loginAtMs: number; intervalMinutes: number; nowMs: number }): number {
  const intervalMs = input.intervalMinutes * 60_000;
  if (intervalMs <= 0) return 0;
  return Math.max(0, Math.floor((input.nowMs - input.loginAtMs) / intervalMs));
}

/** The time since the login as the reminder says it, in whole hours and minutes. */
export function playedTime(input: { loginAtMs: number; nowMs: number }): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.floor((input.nowMs - input.loginAtMs) / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
