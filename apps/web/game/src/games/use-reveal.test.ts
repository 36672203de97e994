import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REVEAL_MS, type RevealTimers, startReveal } from './use-reveal';

// The fake clock of vitest drives the timers: no test waits on the wall clock.
const timers: RevealTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('startReveal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends once, when the motion has run its time', () => {
    const onEnd = vi.fn();
    startReveal({ durationMs: 1_200, isReduced: false, timers, onEnd });
    vi.advanceTimersByTime(1_199);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('never runs longer than the 2 s every game keeps to', () => {
    const onEnd = vi.fn();
    startReveal({ durationMs: 9_000, isReduced: false, timers, onEnd });
    vi.advanceTimersByTime(MAX_REVEAL_MS - 1);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(MAX_REVEAL_MS).toBe(2_000);
  });

  it('ends at once when the player skips, and not again when the time comes', () => {
    const onEnd = vi.fn();
    const reveal = startReveal({ durationMs: 1_500, isReduced: false, timers, onEnd });
    vi.advanceTimersByTime(300);
    reveal.skip();
    expect(onEnd).toHaveBeenCalledTimes(1);
    reveal.skip();
    vi.advanceTimersByTime(2_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the result at once for a player who asked for reduced motion', () => {
    const onEnd = vi.fn();
    startReveal({ durationMs: 1_500, isReduced: true, timers, onEnd });
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops a cancelled motion without ending it', () => {
    const onEnd = vi.fn();
    const reveal = startReveal({ durationMs: 800, isReduced: false, timers, onEnd });
    reveal.cancel();
    vi.advanceTimersByTime(2_000);
    expect(onEnd).not.toHaveBeenCalled();
    reveal.skip();
    expect(onEnd).not.toHaveBeenCalled();
  });
});
