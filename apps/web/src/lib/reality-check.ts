/**
 * The reality check (responsible gaming): a reminder every `intervalMinutes` of a login. The
 * reminder due at `nowMs` is the last whole interval since the login; none before the first.
 */
export function dueReminder(input: { loginAtMs: number; intervalMinutes: number; nowMs: number }): number {
  const intervalMs = input.intervalMinutes * 60_000;
  if (intervalMs <= 0) return 0;
  return Math.max(0, Math.floor((input.nowMs - input.loginAtMs) / intervalMs));
}
