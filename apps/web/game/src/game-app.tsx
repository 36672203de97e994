import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type GameApi, GameApiError, type Round, type Seeds, type Table } from './api';
import { type BalanceAnswer, BalanceFigures, stakeableOf, type Wallets, walletsAfter } from './balance';
import { FairnessPanel } from './fairness-panel';
import type { GameProps } from './game-props';
import { RevealReportContext, useRevealReport } from './games/use-reveal';
import { fill, type Language, MessagesContext, messagesOf, useMessages } from './i18n';
import { formatAmount, formatMinor, minorOf, toWireAmount } from './money';
import { RealityCheckDialog, useGameRealityCheck } from './reality-check';
import { RulesPanel } from './rules-panel';
import { SoundContext } from './sound';

// Each game, with its art and motion, loads with the table that plays it; the betting records
// (and the verifier they carry) when they are opened.
const BlackjackGame = lazy(() =>
  import('./games/blackjack-game').then((module) => ({ default: module.BlackjackGame })),
);
const DiceGame = lazy(() => import('./games/dice-game').then((module) => ({ default: module.DiceGame })));
const MinesGame = lazy(() => import('./games/mines-game').then((module) => ({ default: module.MinesGame })));
const SlotGame = lazy(() => import('./games/slot-game').then((module) => ({ default: module.SlotGame })));
const TableGame = lazy(() => import('./games/table-game').then((module) => ({ default: module.TableGame })));
const RecordsPanel = lazy(() =>
  import('./records-panel').then((module) => ({ default: module.RecordsPanel })),
);

type Panel = 'rules' | 'fairness' | 'history' | null;

/** The panels the tab row opens, in its order; each tab is named by the panel's own message. */
const PANEL_TABS: { panel: NonNullable<Panel>; testId?: string }[] = [
  { panel: 'rules' },
  { panel: 'fairness', testId: 'open-fairness' },
  { panel: 'history', testId: 'open-history' },
];

export type Launch = {
  gameCode: string;
  mode: 'real' | 'demo';
  token: string | null;
  language: Language;
  /** A round to open in the betting records at once (the member centre's link to its recall). */
  recallRoundId: string | null;
};

/** Tells the page around the iframe that the balance changed (API.md "Socket events"). */
function notifyParent(type: 'panalo:balance' | 'panalo:close'): void {
  if (window.parent !== window) window.parent.postMessage({ type }, window.location.origin);
}

/**
 * Inside the site's frame (a popup on a desktop, a page on a phone) the site shows the game's title
 * and its own close button; the game then shows neither again.
 */
function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A parent of another origin cannot be read: the game is framed.
    return true;
  }
}

/** Leaves the game: the frame asks the site to close it; a game opened on its own leaves for the site. */
function leave(): void {
  if (isEmbedded()) {
    notifyParent('panalo:close');
    return;
  }
  if (window.opener) window.close();
  else window.location.assign('/');
}

/** The shared shell of every game of ours: balance, stake, panels, and the game itself. */
export function GameApp({ launch, api }: { launch: Launch; api: GameApi }) {
  const messages = messagesOf(launch.language);
  const [table, setTable] = useState<Table | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    // Each retry (a new attempt) asks again.
    if (attempt >= 0) setLoadError(null);
    api
      .open({
        mode: launch.mode,
        gameCode: launch.gameCode,
        ...(launch.token ? { token: launch.token } : {}),
      })
      .then((opened) => {
        if (isCurrent) setTable(opened);
      })
      .catch((error: unknown) => {
        if (isCurrent) setLoadError(error instanceof GameApiError ? error.code : 'UNKNOWN');
      });
    return () => {
      isCurrent = false;
    };
  }, [api, launch, attempt]);

  return (
    <MessagesContext.Provider value={messages}>
      {table ? (
        <TableView table={table} api={api} recallRoundId={launch.recallRoundId} />
      ) : loadError ? (
        <div className="g-center" role="alert">
          <p>{messages.errors[loadError as keyof typeof messages.errors] ?? messages.errors.UNKNOWN}</p>
          <button type="button" className="g-button" onClick={() => setAttempt((value) => value + 1)}>
            {messages.retry}
          </button>
        </div>
      ) : (
        <div className="g-center" aria-busy="true">
          <div className="g-skeleton" />
          <p className="g-muted">{messages.loading}</p>
        </div>
      )}
    </MessagesContext.Provider>
  );
}

const STAKE_CHIPS = [100n, 1_000n, 5_000n, 10_000n, 50_000n];

function TableView({
  table: opened,
  api,
  recallRoundId,
}: {
  table: Table;
  api: GameApi;
  recallRoundId: string | null;
}) {
  const m = useMessages();
  // Cash and bonus money; what can be staked, and what the header shows, is both together.
  const [wallets, setWallets] = useState<Wallets>({ cash: opened.balance, bonus: opened.bonusBalance });
  const balance = stakeableOf(wallets);
  const [seeds, setSeeds] = useState<Seeds>(opened.seeds);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  const [panel, setPanel] = useState<Panel>(recallRoundId ? 'history' : null);
  const [isSoundOn, setSoundOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const minStake = minorOf(opened.limits.minStake);
  const maxStake = minorOf(opened.limits.maxStake);
  const [stakeMinor, setStakeMinor] = useState(() => (minStake > 1_000n ? minStake : 1_000n));
  const soundRef = useRef(isSoundOn);
  soundRef.current = isSoundOn;
  const { reminder, acknowledge } = useGameRealityCheck(api, opened);
  // Betting waits while the reality check is on the screen: the game behind it takes no input.
  const isPaused = reminder !== null;
  const [isFramed] = useState(isEmbedded);

  // The balance on the screen: while a round's result is still moving it shows the stake taken
  // (the balance less the round's win), and the win lands with the result, not before; so does the
  // bonus part beneath it.
  const [shownBalance, setShownBalance] = useState(balance);
  const [shownBonus, setShownBonus] = useState(wallets.bonus);
  const lastWin = useRef(0n);
  const notified = useRef(balance);
  const reveal = useRevealReport();
  useEffect(() => {
    // The ref is already set in the commit a motion starts in; the state re-runs this when it ends.
    const isMoving = reveal.state || reveal.isRevealing.current;
    const target = isMoving ? minorOf(balance) - lastWin.current : minorOf(balance);
    setShownBalance((previous) => {
      const change = target - minorOf(previous);
      if (change !== 0n) setFlash(change > 0n ? 'up' : 'down');
      return change === 0n ? previous : toWireAmount(target);
    });
    if (!isMoving) setShownBonus(wallets.bonus);
    // The site's header balance follows once the result is on the screen.
    if (!isMoving && opened.mode === 'real' && balance !== notified.current) {
      notified.current = balance;
      notifyParent('panalo:balance');
    }
  }, [balance, wallets.bonus, reveal.state, reveal.isRevealing, opened.mode]);

  const onRound = useCallback((round: Round, answer: BalanceAnswer) => {
    setError(null);
    lastWin.current = round.status === 'settled' ? minorOf(round.win) : 0n;
    setWallets((current) => walletsAfter(current, answer));
    setSeeds((current) => ({
      ...current,
      clientSeed: round.clientSeed,
      nonce: Math.max(current.nonce, round.nonce + 1),
    }));
  }, []);
  const onError = useCallback(
    (caught: unknown) => {
      const code = caught instanceof GameApiError ? caught.code : 'UNKNOWN';
      // A first bet before any seed pair was shown (GAMES.md): the server made one and refused the
      // bet with its commitment, shown here and in the fairness panel before the player bets again.
      const committed = caught instanceof GameApiError ? seedsOfRefusal(caught) : null;
      if (committed) {
        setSeeds(committed);
        setError(fill(m.errors.seedsShown, { hash: committed.serverSeedHash }));
        return;
      }
      const limitMessage = caught instanceof GameApiError ? describeLimitRefusal(m, caught, opened) : null;
      if (limitMessage) {
        setError(limitMessage);
        return;
      }
      setError(
        m.errors[code as keyof typeof m.errors] ??
          (caught instanceof GameApiError && caught.message) ??
          m.errors.UNKNOWN,
      );
    },
    [m, opened],
  );

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), 900);
    return () => clearTimeout(timer);
  }, [flash]);

  const game = useMemo(() => {
    const props: GameProps = {
      table: opened,
      api,
      stakeMinor,
      balance,
      onRound,
      onError,
      openRound: opened.round,
    };
    switch (opened.gameCode) {
      case 'dice':
        return <DiceGame {...props} />;
      case 'mines':
        return <MinesGame {...props} />;
      case 'blackjack':
        return <BlackjackGame {...props} />;
      case 'classic-slot':
      case 'video-slot':
        return <SlotGame {...props} />;
      default:
        return <TableGame {...props} />;
    }
  }, [opened, api, stakeMinor, balance, onRound, onError]);

  const setStake = (value: bigint) =>
    setStakeMinor(value < minStake ? minStake : value > maxStake ? maxStake : value);

  return (
    <SoundContext.Provider value={soundRef}>
      <RevealReportContext.Provider value={reveal.report}>
        <div className="g-app" data-game={opened.gameCode}>
          <header className="g-header" inert={isPaused}>
            <div className="g-title">
              {isFramed ? null : <span className="g-name">{opened.gameName}</span>}
              {opened.mode === 'demo' ? <span className="g-badge">{m.demoBadge}</span> : null}
            </div>
            <div className={`g-balance ${flash ? `g-flash-${flash}` : ''}`} data-testid="game-balance">
              <BalanceFigures
                label={opened.mode === 'demo' ? m.demoBalance : m.balance}
                stakeable={shownBalance}
                bonus={shownBonus}
                symbol={opened.currencySymbol}
              />
            </div>
            {isFramed ? null : (
              <button type="button" className="g-icon-button" aria-label={m.close} onClick={leave}>
                ×
              </button>
            )}
          </header>

          <main className="g-main" inert={isPaused}>
            <Suspense fallback={<div className="g-skeleton" aria-busy="true" />}>{game}</Suspense>
          </main>

          {error ? (
            <p className="g-error" role="alert">
              {error}
            </p>
          ) : null}

          <section className="g-stake" aria-label={m.stake} inert={isPaused}>
            <div className="g-stake-row">
              <span className="g-muted">{m.stake}</span>
              <button type="button" className="g-chip" onClick={() => setStake(stakeMinor / 2n)}>
                ½
              </button>
              <output className="g-stake-value" data-testid="stake-value">
                {formatAmount(
                  `${stakeMinor / 100n}.${String(stakeMinor % 100n).padStart(2, '0')}`,
                  opened.currencySymbol,
                )}
              </output>
              <button type="button" className="g-chip" onClick={() => setStake(stakeMinor * 2n)}>
                ×2
              </button>
            </div>
            <div className="g-stake-row g-stake-chips">
              {STAKE_CHIPS.filter((chip) => chip >= minStake && chip <= maxStake).map((chip) => (
                <button
                  key={String(chip)}
                  type="button"
                  className={`g-chip ${chip === stakeMinor ? 'g-chip-active' : ''}`}
                  onClick={() => setStake(chip)}
                >
                  {formatAmount(`${chip / 100n}.00`, opened.currencySymbol).replace('.00', '')}
                </button>
              ))}
            </div>
          </section>

          <nav className="g-tabs" inert={isPaused}>
            {PANEL_TABS.map(({ panel: tab, testId }) => (
              <button
                key={tab}
                type="button"
                className="g-tab"
                onClick={() => setPanel(tab)}
                data-testid={testId}
              >
                {m[tab]}
              </button>
            ))}
            <button
              type="button"
              className="g-tab"
              aria-pressed={isSoundOn}
              onClick={() => setSoundOn((value) => !value)}
            >
              {isSoundOn ? m.soundOn : m.soundOff}
            </button>
          </nav>

          {panel ? (
            <div className="g-sheet-backdrop">
              <div className="g-sheet" role="dialog" aria-modal="true" aria-label={panelTitle(m, panel)}>
                <div className="g-sheet-head">
                  <h2>{panelTitle(m, panel)}</h2>
                  <button
                    type="button"
                    className="g-icon-button"
                    aria-label={m.close}
                    onClick={() => setPanel(null)}
                  >
                    ×
                  </button>
                </div>
                <div className="g-sheet-body">
                  {panel === 'rules' ? <RulesPanel table={opened} /> : null}
                  {panel === 'fairness' ? <FairnessPanel api={api} seeds={seeds} onSeeds={setSeeds} /> : null}
                  {panel === 'history' ? (
                    opened.mode === 'demo' ? (
                      <p className="g-muted">{m.noHistoryInDemo}</p>
                    ) : (
                      <Suspense fallback={<div className="g-skeleton g-skeleton-list" aria-busy="true" />}>
                        <RecordsPanel api={api} table={opened} recallRoundId={recallRoundId} />
                      </Suspense>
                    )
                  ) : null}
                </div>
              </div>
            </div>
          ) : null}
          <p className="g-footnote g-muted">{fill(m.rtp, { rtp: opened.rtp })}</p>
          {reminder ? (
            <RealityCheckDialog reminder={reminder} symbol={opened.currencySymbol} onContinue={acknowledge} />
          ) : null}
        </div>
      </RevealReportContext.Provider>
    </SoundContext.Provider>
  );
}

/** The seed pair a bet was refused to show (CONFLICT SEEDS_NOT_SHOWN), or null for any other refusal. */
function seedsOfRefusal(error: GameApiError): Seeds | null {
  const value = error.value ?? {};
  if (error.code !== 'CONFLICT' || value.reason !== 'SEEDS_NOT_SHOWN') return null;
  const { serverSeedHash, clientSeed, nonce, commitmentVersion } = value;
  if (typeof serverSeedHash !== 'string' || !/^[0-9a-f]{64}$/.test(serverSeedHash)) return null;
  return {
    serverSeedHash,
    clientSeed: typeof clientSeed === 'string' ? clientSeed : '',
    nonce: typeof nonce === 'number' ? nonce : 0,
    commitmentVersion: commitmentVersion === 1 ? 1 : 2,
  };
}

/**
 * A bet the table's limits refused, said with the limits in force: the server names the field and
 * reason, and sends the limits as they are now (minor units), which an operator may have just changed.
 */
function describeLimitRefusal(
  m: ReturnType<typeof useMessages>,
  error: GameApiError,
  table: Table,
): string | null {
  if (error.code !== 'VALIDATION') return null;
  const value = error.value ?? {};
  // Each field's reason token (`fields` holds its translated message).
  const reasons = (value.reasons ?? {}) as Record<string, string>;
  const amount = (minor: unknown, fallback: string) =>
    typeof minor === 'string' && /^\d+$/.test(minor)
      ? formatMinor(BigInt(minor), table.currencySymbol)
      : formatAmount(fallback, table.currencySymbol);
  const maxWin = amount(value.maxWin, table.limits.maxWin);
  if (reasons.tile === 'maxWin') return fill(m.errors.maxWinTile, { maxWin });
  if (Object.values(reasons).includes('maxWin')) return fill(m.errors.maxWin, { maxWin });
  if (reasons.stake === 'limit') {
    return fill(m.errors.stakeLimit, {
      min: amount(value.minStake, table.limits.minStake),
      max: amount(value.maxStake, table.limits.maxStake),
    });
  }
  return null;
}

function panelTitle(m: ReturnType<typeof useMessages>, panel: Exclude<Panel, null>): string {
  return panel === 'rules' ? m.rules : panel === 'fairness' ? m.fairness : m.history;
}
