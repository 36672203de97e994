import { useContext, useEffect } from 'react';
import type { Round } from '../api';
import { fill, useMessages } from '../i18n';
import { formatMinor, minorOf } from '../money';
import { playWinSound, SoundContext } from '../sound';
import { classifyNet } from './net-result';

/**
 * The one line every game says its finished round with: won ₱x net, ₱y returned of ₱z, or ₱z lost.
 * The live region is always on the page, so that a screen reader hears the line when it appears;
 * it appears once the round's motion has ended (isShown), never before.
 */
export function NetResultLine({
  round,
  isShown,
  symbol = '₱',
}: {
  round: Round | null;
  isShown: boolean;
  symbol?: string;
}) {
  const m = useMessages();
  const result =
    round && isShown && round.status === 'settled'
      ? classifyNet(minorOf(round.win), minorOf(round.stake))
      : null;
  const sound = useContext(SoundContext);
  const kind = result?.kind ?? null;
  const roundId = round?.roundId ?? null;
  // The chime, when the player turned sound on, comes with the line: only for a net win.
  useEffect(() => {
    if (kind === 'won' && roundId !== null && sound.current) playWinSound();
  }, [kind, roundId, sound]);
  const money = (minor: bigint) => formatMinor(minor, symbol);
  const text = !result
    ? ''
    : result.kind === 'won'
      ? fill(m.result.won, { amount: money(result.netMinor), win: money(result.winMinor) })
      : result.kind === 'returned'
        ? fill(m.result.returned, { win: money(result.winMinor), cost: money(result.costMinor) })
        : fill(m.result.lost, { cost: money(result.costMinor) });
  return (
    <p
      className={`g-net ${result ? `g-net-${result.kind}` : ''}`}
      role="status"
      aria-live="polite"
      data-testid="net-result"
    >
      {text}
    </p>
  );
}
