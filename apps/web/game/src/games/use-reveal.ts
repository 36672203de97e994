// The timing of every game's motion: the result the server drew is shown moving for at most 2 s,
// a tap or a key skips to the end, and a player who asked for reduced motion sees it at once. The
// net result is said when the motion ends (isRevealing turns false), never before.

import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';

/** The longest any game's motion lasts. */
export const MAX_REVEAL_MS = 2_000;

export type RevealTimers = {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

export type Reveal = {
  /** Ends the motion now (a tap or a key). */
  skip: () => void;
  /** Drops the motion without ending it: a newer round replaced it, or the game left. */
  cancel: () => void;
};

/**
 * Starts one reveal: onEnd is called once, after durationMs (at most MAX_REVEAL_MS), at a skip, or
 * at once when motion is reduced or there is none to show.
 */
export function startReveal(options: {
  durationMs: number;
  isReduced: boolean;
  timers: RevealTimers;
  onEnd: () => void;
}): Reveal {
  let isOver = false;
  let handle: unknown = null;
  const end = () => {
    if (isOver) return;
    isOver = true;
    if (handle !== null) options.timers.clear(handle);
    options.onEnd();
  };
  if (options.isReduced || options.durationMs <= 0) {
    end();
  } else {
    handle = options.timers.set(end, Math.min(options.durationMs, MAX_REVEAL_MS));
  }
  return {
    skip: end,
    cancel: () => {
      if (isOver) return;
      isOver = true;
      if (handle !== null) options.timers.clear(handle);
    },
  };
}

/** Tells the shell whether a result is moving, so that the balance lands with it (game-app.tsx). */
export const RevealReportContext = createContext<(isRevealing: boolean) => void>(() => {});

/**
 * The shell's side of the report: isRevealing is a ref, set by the game's effect before the shell's
 * own effects run in the same commit (a child's effects run first), and state re-renders the shell
 * when a motion ends.
 */
export function useRevealReport() {
  const isRevealing = useRef(false);
  const [state, setState] = useState(false);
  const report = useCallback((value: boolean) => {
    isRevealing.current = value;
    setState(value);
  }, []);
  return { isRevealing, state, report };
}

const REDUCED_QUERY = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(REDUCED_QUERY).matches === true;
}

const browserTimers: RevealTimers = {
  set: (callback, ms) => window.setTimeout(callback, ms),
  clear: (handle) => window.clearTimeout(handle as number),
};

/**
 * Reveals the result named by key (a round, or a round's step) for durationMs. A key the game
 * opened with (a round resumed after a reload) is shown at once. While the motion runs, a tap
 * anywhere or any key ends it.
 */
export function useReveal(
  key: string | null,
  durationMs: number,
  initialKey: string | null = null,
): { isRevealing: boolean; skip: () => void } {
  const [endedKey, setEndedKey] = useState<string | null>(initialKey);
  const [isReduced] = useState(prefersReducedMotion);
  const reveal = useRef<Reveal | null>(null);
  const openedWith = useRef(initialKey);
  const isRevealing = key !== null && key !== endedKey && !isReduced && durationMs > 0;

  useEffect(() => {
    if (key === null || key === openedWith.current) return;
    const started = startReveal({
      durationMs,
      isReduced,
      timers: browserTimers,
      onEnd: () => setEndedKey(key),
    });
    reveal.current = started;
    return () => started.cancel();
  }, [key, durationMs, isReduced]);

  const skip = useCallback(() => reveal.current?.skip(), []);

  const report = useContext(RevealReportContext);
  useEffect(() => {
    report(isRevealing);
    return () => report(false);
  }, [isRevealing, report]);

  useEffect(() => {
    if (!isRevealing) return;
    const onInput = () => skip();
    window.addEventListener('pointerdown', onInput);
    window.addEventListener('keydown', onInput);
    return () => {
      window.removeEventListener('pointerdown', onInput);
      window.removeEventListener('keydown', onInput);
    };
  }, [isRevealing, skip]);

  return { isRevealing, skip };
}
