import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addressOnMirror,
  medianOf,
  PROBE_SAMPLES,
  PROBE_TIMEOUT_MS,
  type ProbeClock,
  type ProbeFetch,
  pickFastest,
  probeMirror,
} from './line-detection';

// The clock is Vitest's fake one: a mirror's answers take exactly the delays a test gives them.
const clock: ProbeClock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A mirror answering its requests after the given delays (null: never), recording what it was asked. */
function fakeMirror(delaysMs: (number | null)[], isAnswered = true) {
  const urls: string[] = [];
  const aborted: string[] = [];
  const fetchProbe: ProbeFetch = (url, signal) =>
    new Promise((resolve, reject) => {
      urls.push(url);
      const delayMs = delaysMs[urls.length - 1];
      const timer = delayMs == null ? null : setTimeout(() => resolve(isAnswered), delayMs);
      signal.addEventListener('abort', () => {
        if (timer !== null) clearTimeout(timer);
        aborted.push(url);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  return { fetchProbe, urls, aborted };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('medianOf', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(medianOf([300, 20, 40])).toBe(40);
    expect(medianOf([10, 40, 20, 30])).toBe(25);
    expect(medianOf([7])).toBe(7);
    expect(() => medianOf([])).toThrow();
  });
});

describe('probeMirror', () => {
  it('times each request one after another and keeps the median, so one slow first answer does not count', async () => {
    const mirror = fakeMirror([900, 120, 80]);
    const result = probeMirror('https://m1.panalo.test', mirror.fetchProbe, clock);
    await vi.advanceTimersByTimeAsync(900);
    // Sequential: the second request is sent only once the first has answered.
    expect(mirror.urls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toEqual({ origin: 'https://m1.panalo.test', latencyMs: 120 });
    expect(mirror.urls).toHaveLength(PROBE_SAMPLES);
    // Each request has an address of its own, so no cache on the way answers it.
    expect(new Set(mirror.urls).size).toBe(PROBE_SAMPLES);
    expect(mirror.urls[0]).toBe('https://m1.panalo.test/wps/system/ping?probe=0');
  });

  it('gives up on a mirror that does not answer within the timeout, and aborts the request', async () => {
    const mirror = fakeMirror([50, null]);
    const result = probeMirror('https://slow.panalo.test', mirror.fetchProbe, clock);
    await vi.advanceTimersByTimeAsync(50 + PROBE_TIMEOUT_MS - 1);
    expect(mirror.aborted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ origin: 'https://slow.panalo.test', latencyMs: null });
    expect(mirror.aborted).toEqual(['https://slow.panalo.test/wps/system/ping?probe=1']);
    // No further request after the failed one.
    expect(mirror.urls).toHaveLength(2);
  });

  it('counts an answer that is not a success, or a network failure, as unreachable', async () => {
    const refusing = fakeMirror([10, 10, 10], false);
    const refused = probeMirror('https://refusing.panalo.test', refusing.fetchProbe, clock);
    await vi.advanceTimersByTimeAsync(10);
    await expect(refused).resolves.toEqual({ origin: 'https://refusing.panalo.test', latencyMs: null });
    const failing: ProbeFetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(probeMirror('https://down.panalo.test', failing, clock)).resolves.toEqual({
      origin: 'https://down.panalo.test',
      latencyMs: null,
    });
  });
});

describe('pickFastest', () => {
  it('marks the lowest latency among the mirrors that answered, the first listed on a tie', () => {
    expect(
      pickFastest([
        { origin: 'https://a.test', latencyMs: 140 },
        { origin: 'https://b.test', latencyMs: null },
        { origin: 'https://c.test', latencyMs: 90 },
        { origin: 'https://d.test', latencyMs: 90 },
      ]),
    ).toBe('https://c.test');
    expect(pickFastest([{ origin: 'https://b.test', latencyMs: null }])).toBeNull();
    expect(pickFastest([])).toBeNull();
  });
});

describe('addressOnMirror', () => {
  it('keeps the path, query and hash on the other mirror', () => {
    expect(
      addressOnMirror('https://m2.panalo.test:8443', {
        pathname: '/rng',
        search: '?vassalage=LAKAN',
        hash: '#top',
      }),
    ).toBe('https://m2.panalo.test:8443/rng?vassalage=LAKAN#top');
  });
});
