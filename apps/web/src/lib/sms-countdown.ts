/** Spec §4/§9: the send button waits 60 s per minute of the code's validity (default 1 minute). */
export const smsSecondsPerExpiryMinute = 60;

export function computeSmsCountdownSeconds(expiredMinutes: number | null | undefined): number {
  const minutes =
    typeof expiredMinutes === 'number' && Number.isFinite(expiredMinutes) && expiredMinutes > 0
      ? expiredMinutes
      : 1;
  return Math.round(minutes * smsSecondsPerExpiryMinute);
}
