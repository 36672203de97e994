import { useCallback, useEffect, useRef, useState } from 'react';
import { dueReminder, playedTime } from '../../src/lib/reality-check';
import type { GameApi, Table } from './api';
import { fill, useMessages } from './i18n';
import { formatMinor, minorOf } from './money';

/** How often the game looks at the clock; a reminder may come this much late (as on the site). */
const TICK_MS = 20_000;
/** Where this tab remembers which reminder it last showed, so that a reload does not repeat it. */
const STORAGE_KEY = 'gameRealityCheck';

type Reminder = { hours: number; minutes: number; netResult: string | null };

/**
 * The site's shell shows the reality check while a game sits in its frame; a game opened on its
 * own (a phone's full screen, the launch URL in a tab of its own) has no shell around it.
 */
export function isTopLevel(): boolean {
  return window.top === window;
}

function readShown(tokenTail: string): number {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as {
      tokenTail: string;
      shown: number;
    } | null;
    if (stored?.tokenTail === tokenTail) return stored.shown;
  } catch {
    // A damaged entry counts from nothing shown.
  }
  return 0;
}

function writeShown(tokenTail: string, shown: number): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ tokenTail, shown }));
}

/**
 * The reality check inside the game, for a real-money member with an interval, when the game
 * runs top-level: at each interval since the login (the rule the site uses) a reminder of the
 * time played and the game result since, which pauses betting until it is answered.
 */
export function useGameRealityCheck(api: GameApi, table: Table) {
  const [reminder, setReminder] = useState<Reminder | null>(null);
  const isActive = table.mode === 'real' && isTopLevel();
  const stateRef = useRef<{ loginAtMs: number; intervalMinutes: number } | null>(null);

  useEffect(() => {
    if (!isActive) return;
    let isCurrent = true;
    let timer: number | undefined;
    const tokenTail = table.token.slice(-12);
    const check = async () => {
      const known = stateRef.current;
      if (!known) return;
      const due = dueReminder({ ...known, nowMs: Date.now() });
      if (due <= readShown(tokenTail)) return;
      writeShown(tokenTail, due);
      // The result is asked for when the reminder is due, so that it counts the latest rounds.
      let netResult: string | null = null;
      try {
        netResult = (await api.realityCheck()).netResult;
      } catch {
        // The reminder still says the time played; the result is left out.
      }
      if (isCurrent) setReminder({ ...playedTime({ ...known, nowMs: Date.now() }), netResult });
    };
    api
      .realityCheck()
      .then((answer) => {
        if (!isCurrent || answer.intervalMinutes === null) return;
        // The server's time since the login, laid on this page's clock: no clock skew counts.
        stateRef.current = {
          loginAtMs: Date.now() - answer.playedMs,
          intervalMinutes: answer.intervalMinutes,
        };
        void check();
        timer = window.setInterval(() => void check(), TICK_MS);
      })
      .catch(() => {
        // Without the member's interval there is nothing to remind; the site's own reminder remains.
      });
    return () => {
      isCurrent = false;
      window.clearInterval(timer);
    };
  }, [api, table.token, isActive]);

  const acknowledge = useCallback(() => setReminder(null), []);
  return { reminder, acknowledge };
}

/** Stop playing: a tab the site opened closes; otherwise the player goes back to the site. */
function leaveGame(): void {
  window.close();
  // A tab the player opened themselves cannot be closed by the page.
  window.setTimeout(() => window.location.assign('/'), 300);
}

export function RealityCheckDialog({
  reminder,
  symbol,
  onContinue,
}: {
  reminder: Reminder;
  symbol: string;
  onContinue: () => void;
}) {
  const m = useMessages();
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => continueRef.current?.focus(), []);
  // The wire's signed amount ("-120.00"); the sign is read here and the figure by minorOf.
  const isBehind = reminder.netResult?.startsWith('-') ?? false;
  const resultMinor = minorOf(reminder.netResult?.replace('-', '') ?? '0');
  return (
    <div className="g-sheet-backdrop g-reality-backdrop">
      <div
        className="g-sheet g-reality"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="g-reality-title"
        aria-describedby="g-reality-line"
        data-testid="game-reality-check"
      >
        <div className="g-sheet-head">
          <h2 id="g-reality-title">{m.realityCheck.title}</h2>
        </div>
        <div className="g-sheet-body g-reality-body">
          <p id="g-reality-line">
            {fill(m.realityCheck.line, { hours: reminder.hours, minutes: reminder.minutes })}
          </p>
          {reminder.netResult !== null ? (
            <p className="g-reality-result">
              <span className="g-muted">{m.realityCheck.result}</span>{' '}
              <strong className={isBehind ? 'g-loss' : 'g-win'} data-testid="game-reality-result">
                {isBehind ? '' : '+'}
                {formatMinor(isBehind ? -resultMinor : resultMinor, symbol)}
              </strong>
            </p>
          ) : null}
          <p className="g-muted">{m.realityCheck.paused}</p>
          <div className="g-reality-actions">
            <button type="button" className="g-button g-button-wide" ref={continueRef} onClick={onContinue}>
              {m.realityCheck.continue}
            </button>
            <button type="button" className="g-button g-button-wide g-button-quiet" onClick={leaveGame}>
              {m.realityCheck.stop}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
