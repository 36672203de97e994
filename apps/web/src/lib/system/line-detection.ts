/**
 * Line detection (spec §2): the browser times the probe route on each of the merchant's mirrors and
 * marks the fastest. A mirror is timed several times and its median kept, since the first request
 * also opens the connection and one slow answer on mobile data says little; a mirror that does not
 * answer a request within the timeout counts as unreachable.
 */

/** Timed requests per mirror; odd, so the median is one of them. */
export const PROBE_SAMPLES = 3;
/** How long one request may take before the mirror counts as unreachable. */
export const PROBE_TIMEOUT_MS = 4_000;
/** The probe route, answered 204 with no-store on every host that serves the merchant. */
export const PROBE_PATH = '/wps/system/ping';

export type ProbeResult = {
  origin: string;
  /** The median of the timed requests, in whole milliseconds; null when the mirror did not answer. */
  latencyMs: number | null;
};

export type ProbeClock = {
  /** A monotonic time in milliseconds (performance.now in the browser). */
  now: () => number;
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** Sends one probe request; resolves with whether the mirror answered with success. */
export type ProbeFetch = (url: string, signal: AbortSignal) => Promise<boolean>;

export function medianOf(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/** One timed request: its duration, or null on failure or after the timeout (the request is aborted). */
async function timeOneRequest(
  url: string,
  fetchProbe: ProbeFetch,
  clock: ProbeClock,
): Promise<number | null> {
  const controller = new AbortController();
  const timer = clock.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  const startedMs = clock.now();
  try {
    const isAnswered = await fetchProbe(url, controller.signal);
    const elapsedMs = clock.now() - startedMs;
    return isAnswered && !controller.signal.aborted && elapsedMs <= PROBE_TIMEOUT_MS ? elapsedMs : null;
  } catch {
    return null;
  } finally {
    clock.clearTimeout(timer);
  }
}

/**
 * Times a mirror PROBE_SAMPLES times, one request after another (in parallel they would share and
 * queue on one connection), and gives the median; the first failed request ends it as unreachable.
 */
export async function probeMirror(
  origin: string,
  fetchProbe: ProbeFetch,
  clock: ProbeClock,
): Promise<ProbeResult> {
  const samples: number[] = [];
  for (let index = 0; index < PROBE_SAMPLES; index += 1) {
    // A distinct address per request, so that no cache on the way answers it.
    const elapsedMs = await timeOneRequest(`${origin}${PROBE_PATH}?probe=${index}`, fetchProbe, clock);
    if (elapsedMs === null) return { origin, latencyMs: null };
    samples.push(elapsedMs);
  }
  return { origin, latencyMs: Math.round(medianOf(samples)) };
}

/** The fastest mirror that answered, the first listed on a tie; null when none did. */
export function pickFastest(results: readonly ProbeResult[]): string | null {
  let fastest: ProbeResult | null = null;
  for (const result of results) {
    if (result.latencyMs === null) continue;
    if (fastest?.latencyMs == null || result.latencyMs < fastest.latencyMs) fastest = result;
  }
  return fastest?.origin ?? null;
}

/** The browser's probe: a plain GET without credentials or cache, which the route answers 204. */
export const fetchProbeFromBrowser: ProbeFetch = async (url, signal) => {
  const response = await fetch(url, { cache: 'no-store', credentials: 'omit', mode: 'cors', signal });
  return response.ok;
};

export const browserClock: ProbeClock = {
  now: () => performance.now(),
  setTimeout: (callback, delayMs) => window.setTimeout(callback, delayMs),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** The same page on another mirror: its path, query and hash kept. */
export function addressOnMirror(
  origin: string,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string {
  return `${origin}${location.pathname}${location.search}${location.hash}`;
}
