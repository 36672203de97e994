import { Coins } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import type { Prize } from '../api/reward';
import { landingRotation, segmentAngle, segmentCentre, segmentPath } from '../wheel';

// The motion of the reward centre (DESIGN.md "Motion"): the wheel spins and settles on the prize
// the server drew, the egg cracks, the envelope opens. Each ends within 2 s, any tap or the Skip
// button ends it at once, and under reduced motion it does not play at all: the result shows.

/** The wheel's spin, ending on the prize segment. */
export const WHEEL_SPIN_MS = 1_900;
/** The egg's wobble, then its top flying off. */
export const EGG_WOBBLE_MS = 600;
export const EGG_CRACK_MS = 600;
/** The envelope's flap opening, then its card rising. */
export const ENVELOPE_FLAP_MS = 450;
export const ENVELOPE_CARD_MS = 650;
/** After this much more than a motion's length it counts as ended, should its end event not come. */
const SETTLE_GRACE_MS = 400;

/** Whether the player asked the system for less motion; follows a change while open. */
export function usePrefersReducedMotion(): boolean {
  const [prefers, setPrefers] = useState(
    () =>
      typeof window !== 'undefined' &&
      window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true,
  );
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    const update = () => setPrefers(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return prefers;
}

/**
 * Calls `onSettled` once a motion of `durationMs` that started is surely over: the end event
 * normally comes first; this covers a tab hidden mid-way, where browsers hold animations back.
 */
export function useSettleAfter(isPlaying: boolean, durationMs: number, onSettled: () => void): void {
  useEffect(() => {
    if (!isPlaying) return;
    const timer = setTimeout(onSettled, durationMs + SETTLE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [isPlaying, durationMs, onSettled]);
}

/** The Skip button under a motion that plays. */
export function SkipButton({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" onClick={onSkip} data-testid="reward-skip">
      {t('rewardCentre.skip')}
    </Button>
  );
}

/**
 * The stage of a motion: while it plays, a tap anywhere on it skips to the end (a button, named
 * Skip, so that the keyboard and screen readers have it too); otherwise a plain frame.
 */
export function TapToSkip({
  isPlaying,
  onSkip,
  children,
  className,
}: {
  isPlaying: boolean;
  onSkip: () => void;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!isPlaying) return <div className={className}>{children}</div>;
  return (
    <button
      type="button"
      className={`${className ?? ''} cursor-pointer`}
      aria-label={t('rewardCentre.skip')}
      onClick={onSkip}
    >
      {children}
    </button>
  );
}

/** A segment's label: the prize's name, cut to fit the wheel. */
function segmentLabel(name: string): string {
  return name.length > 12 ? `${name.slice(0, 11)}…` : name;
}

const WHEEL_RADIUS = 100;

/**
 * The prize wheel: equal segments in the table's order, clockwise from the pointer at the top.
 * While `isSpinning` it turns to `rotation` with an easing that slows to a stop; without, it stands
 * at `rotation` at once (a skip, or reduced motion).
 */
export function PrizeWheel({
  prizes,
  rotation,
  isSpinning,
  onSettled,
}: {
  prizes: readonly Pick<Prize, 'index' | 'name' | 'kind'>[];
  rotation: number;
  isSpinning: boolean;
  onSettled?: () => void;
}) {
  const count = prizes.length;
  const r = WHEEL_RADIUS;
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[280px]" data-testid="prize-wheel">
      <div
        className="size-full rounded-full border-4 border-accent shadow-[0_0_28px_-6px_var(--panalo-accent)]"
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: isSpinning ? `transform ${WHEEL_SPIN_MS}ms cubic-bezier(0.12, 0.75, 0.16, 1)` : 'none',
        }}
        data-rotation={rotation}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && isSpinning) onSettled?.();
        }}
      >
        <svg viewBox={`0 0 ${2 * r} ${2 * r}`} className="size-full" aria-hidden="true">
          {prizes.map((prize, index) => {
            const centre = segmentCentre(index, count);
            const fill =
              prize.kind === 'none' ? 'fill-raised' : index % 2 === 0 ? 'fill-brand' : 'fill-brand-strong';
            return (
              <g key={prize.index}>
                <path d={segmentPath(index, count, r)} className={`${fill} stroke-bg`} strokeWidth={1} />
                <text
                  x={r}
                  y={r * 0.3}
                  transform={`rotate(${centre} ${r} ${r})`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  className={prize.kind === 'none' ? 'fill-muted' : 'fill-on-brand'}
                  style={{ fontSize: count > 8 ? 8 : 10, fontWeight: 600 }}
                >
                  {segmentLabel(prize.name)}
                </text>
              </g>
            );
          })}
          <circle cx={r} cy={r} r={r * 0.14} className="fill-accent stroke-bg" strokeWidth={2} />
        </svg>
      </div>
      {/* The pointer, fixed at the top, points down into the segment that wins. */}
      <div
        aria-hidden="true"
        className="absolute top-[-6px] left-1/2 size-0 -translate-x-1/2 border-x-[12px] border-t-[22px] border-x-transparent border-t-accent drop-shadow"
      />
    </div>
  );
}

/** The rotation a wheel standing at `from` spins to for a prize; re-exported for the table card. */
export function spinTo(prizeIndex: number, count: number, from: number): number {
  // Start each spin from the wheel's angle within a turn, so that the numbers stay small.
  const within = from % 360;
  return landingRotation(prizeIndex, count, within);
}

/** The share of the wheel a segment spans, as the prize table states it next to the wheel. */
export function segmentShare(count: number): number {
  return segmentAngle(count) / 360;
}

export type EggState = 'whole' | 'cracking' | 'cracked';

/** The golden egg: whole, wobbling under the hammer then losing its top, or open with the prize. */
export function GoldenEgg({ state, onSettled }: { state: EggState; onSettled?: () => void }) {
  return (
    <div
      className="relative mx-auto aspect-[4/5] w-full max-w-[200px]"
      data-testid="golden-egg"
      data-state={state}
    >
      <svg
        viewBox="0 0 160 200"
        className="size-full overflow-visible"
        aria-hidden="true"
        style={
          state === 'cracking'
            ? { animation: `egg-wobble ${EGG_WOBBLE_MS}ms ease-in-out`, transformOrigin: '50% 90%' }
            : undefined
        }
      >
        <defs>
          <linearGradient id="egg-gold" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffe9a8" />
            <stop offset="0.5" stopColor="#f5c451" />
            <stop offset="1" stopColor="#b7841a" />
          </linearGradient>
        </defs>
        <ellipse cx="80" cy="190" rx="52" ry="8" className="fill-overlay" />
        {/* The lower half, its top edge the crack's zigzag. */}
        <path
          d="M14 112 L34 100 L50 116 L68 98 L84 114 L102 98 L118 114 L134 100 L146 112 C148 160 118 188 80 188 C42 188 12 160 14 112 Z"
          fill="url(#egg-gold)"
        />
        {state === 'cracked' ? null : (
          <path
            d="M14 112 L34 100 L50 116 L68 98 L84 114 L102 98 L118 114 L134 100 L146 112 C146 54 116 8 80 8 C44 8 14 54 14 112 Z"
            fill="url(#egg-gold)"
            style={
              state === 'cracking'
                ? {
                    animation: `egg-top-off ${EGG_CRACK_MS}ms ease-in ${EGG_WOBBLE_MS}ms forwards`,
                    transformOrigin: '20% 55%',
                    transformBox: 'fill-box',
                  }
                : undefined
            }
            onAnimationEnd={(event) => {
              if (event.animationName === 'egg-top-off') onSettled?.();
            }}
          />
        )}
        {state === 'whole' ? (
          <path
            d="M46 56 C52 40 62 32 72 28"
            className="stroke-on-hero"
            strokeWidth="5"
            strokeLinecap="round"
            fill="none"
            opacity="0.55"
          />
        ) : null}
      </svg>
    </div>
  );
}

/**
 * A red envelope: closed; opening (its flap turns up, then its card rises with the amount); or
 * open, the card out.
 */
export function RedEnvelope({
  state,
  amount,
  onSettled,
}: {
  state: 'closed' | 'opening' | 'open';
  amount: string | null;
  onSettled?: () => void;
}) {
  const isOut = state !== 'closed';
  return (
    <div
      className="relative mx-auto mt-28 aspect-[4/5] w-full max-w-[180px] [perspective:600px]"
      data-testid="red-envelope"
      data-state={state}
    >
      <div
        className="absolute inset-x-3 top-2 bottom-10 z-10 flex items-start justify-center rounded-md bg-[#fff4d6] pt-5 shadow"
        style={
          state === 'opening'
            ? { animation: `envelope-card ${ENVELOPE_CARD_MS}ms ease-out ${ENVELOPE_FLAP_MS}ms forwards` }
            : // Open, the card stands out of the envelope by its place rather than by a transform,
              // so that it shows the same however the opening ended.
              state === 'open'
              ? { top: '-32%', bottom: '55%' }
              : undefined
        }
        onAnimationEnd={(event) => {
          if (event.animationName === 'envelope-card') onSettled?.();
        }}
      >
        {isOut && amount ? (
          <span className="text-xl font-bold text-[#8a1020] tabular" data-testid="red-envelope-amount">
            {amount}
          </span>
        ) : null}
      </div>
      <div className="absolute inset-x-0 top-[28%] bottom-0 z-20 rounded-lg bg-[#c8102e] shadow-lg" />
      {/* The flap: closed over the card, turning up while the envelope opens, gone once open. */}
      {state === 'open' ? null : (
        <div
          className={`absolute inset-x-0 top-0 h-[46%] origin-top rounded-t-lg bg-[#a50d26] [clip-path:polygon(0_0,100%_0,100%_40%,50%_100%,0_40%)] ${isOut ? 'z-0' : 'z-30'}`}
          style={
            state === 'opening'
              ? { animation: `envelope-flap ${ENVELOPE_FLAP_MS}ms ease-in forwards` }
              : undefined
          }
        />
      )}
      <div className="absolute top-[40%] left-1/2 z-30 grid size-12 -translate-x-1/2 place-items-center rounded-full bg-accent text-on-accent shadow">
        <Coins size={22} aria-hidden="true" />
      </div>
    </div>
  );
}
