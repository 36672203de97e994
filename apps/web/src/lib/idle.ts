/**
 * Runs `callback` once the browser has a quiet moment (at the latest after `timeoutMs`), so that
 * work nobody is waiting for (a popup over a page that is still loading) does not lengthen the
 * page's first tasks. Returns a cancel function, for an effect's cleanup.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Browsers without idle callbacks: after the current work and the next frame.
  const timer = window.setTimeout(callback, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(timer);
}
