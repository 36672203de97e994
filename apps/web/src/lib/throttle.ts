/** Leading-edge throttle: the first call runs, calls within `intervalMs` after it are dropped (spec §5). */
export function throttleLeading<Args extends unknown[]>(
  action: (...args: Args) => void,
  intervalMs: number,
  now: () => number = Date.now,
): (...args: Args) => void {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  return (...args: Args) => {
    const at = now();
    if (at - lastRunAt < intervalMs) return;
    lastRunAt = at;
    action(...args);
  };
}
