import { centavosToWire, toCentavos } from '../../lib/money';
import type { VipLevel, VipMe, VipNext } from './api/vip';

/** The two figures a level asks for over the window: both must be met. */
export type VipMeasure = 'deposit' | 'validBet';

/** How far one figure has come towards the next level's threshold. */
export type VipProgressBar = {
  measure: VipMeasure;
  /** The member's figure in the window, wire text. */
  figure: string;
  /** What the next level asks for, wire text. */
  threshold: string;
  /** What is still missing, wire text; "0.00" once met. */
  missing: string;
  /** Whole percent done, 0–100, floored: a bar never shows met before it is. */
  percent: number;
  isMet: boolean;
};

function centavosOf(text: string): bigint {
  return toCentavos(text) ?? 0n;
}

/**
 * One bar: the server's missing amount is what the member reads (it measured the window), and the
 * bar's length agrees with it. The threshold is the next level's as the programme lists it, else
 * what the figure and the missing amount add up to (the programme not loaded, or changed since).
 */
function barOf(measure: VipMeasure, figureText: string, missingText: string, thresholdText: string | null) {
  const figure = centavosOf(figureText);
  const missing = centavosOf(missingText);
  const threshold = thresholdText === null ? figure + missing : centavosOf(thresholdText);
  const isMet = missing === 0n;
  let percent = 100;
  if (!isMet) {
    const done = threshold > missing ? threshold - missing : 0n;
    percent = threshold > 0n ? Math.min(99, Number((done * 100n) / threshold)) : 0;
  }
  return {
    measure,
    figure: centavosToWire(figure),
    threshold: centavosToWire(threshold),
    missing: centavosToWire(missing),
    percent,
    isMet,
  } satisfies VipProgressBar;
}

/** The bars towards the next level (deposit first), or none when the member holds the highest. */
export function progressBarsOf(
  me: Pick<VipMe, 'window' | 'next'>,
  levels: readonly VipLevel[] | undefined,
): VipProgressBar[] {
  const next: VipNext | null = me.next;
  if (!next) return [];
  const level = levels?.find((candidate) => candidate.rank === next.rank);
  return [
    barOf('deposit', me.window.deposit, next.missingDeposit, level?.deposit ?? null),
    barOf('validBet', me.window.validBet, next.missingValidBet, level?.validBet ?? null),
  ];
}

/** What is still missing for the next level, the figures not yet met only. */
export function missingPartsOf(bars: readonly VipProgressBar[]): { measure: VipMeasure; amount: string }[] {
  return bars.filter((bar) => !bar.isMet).map((bar) => ({ measure: bar.measure, amount: bar.missing }));
}

/** A level's label and name as the member reads it: "VIP3 Gold" (the label alone when it says all). */
export function levelTitleOf(level: { label: string; name: string }): string {
  const label = level.label.trim();
  const name = level.name.trim();
  if (name === '' || name === label) return label;
  if (label === '') return name;
  return `${label} ${name}`;
}
