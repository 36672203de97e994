import { useQueryClient } from '@tanstack/react-query';
import { Egg, PartyPopper, RotateCw, Ticket } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { BADGES_KEY } from '../../../../lib/api/member-badges';
import { answerOfFailure } from '../../../../lib/failure-answer';
import { dateFormatOf } from '../../../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../../../lib/promotions/use-promotion-viewer';
import { type Draw, drawPrize, type Prize, type PrizeTable, REWARD_KEY } from '../api/reward';
import { prizeValueOf, rewardRefusalOf } from '../reward-words';
import {
  EGG_CRACK_MS,
  EGG_WOBBLE_MS,
  type EggState,
  GoldenEgg,
  PrizeWheel,
  SkipButton,
  spinTo,
  TapToSkip,
  usePrefersReducedMotion,
  useSettleAfter,
  WHEEL_SPIN_MS,
} from './reward-motion';

/** Everything a draw changes: the centre, its badge, the member's cash and bonuses, their points. */
const KEYS_A_DRAW_CHANGES: readonly (readonly unknown[])[] = [
  REWARD_KEY,
  BADGES_KEY,
  ['wallet', 'balance'],
  ['bonus-details'],
  ['member-points'],
];

/** A table's every prize with what it pays and its chance, before a ticket is used. */
export function PrizeList({ prizes, highlight }: { prizes: readonly Prize[]; highlight?: number }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  return (
    <table className="w-full text-sm" data-testid="prize-list">
      <caption className="sr-only">{t('rewardCentre.prizesTitle')}</caption>
      <thead>
        <tr className="text-left text-xs text-muted">
          <th scope="col" className="py-1.5 font-medium">
            {t('rewardCentre.prize')}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {t('rewardCentre.chance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {prizes.map((prize) => (
          <tr
            key={prize.index}
            className={`border-t border-line ${prize.index === highlight ? 'bg-brand-soft' : ''}`}
          >
            <td className="py-2 pr-2">
              <span className="block font-medium text-text">{prize.name}</span>
              {/* What it pays, unless the name already says just that ("Try again"). */}
              {prizeValueOf(prize, t, symbol) === prize.name ? null : (
                <span className="block text-xs text-muted">{prizeValueOf(prize, t, symbol)}</span>
              )}
            </td>
            <td className="py-2 text-right font-semibold text-text tabular">{prize.chance}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The announcement of a draw's prize once its motion ends. */
export function PrizeAnnouncement({ draw, onClose }: { draw: Draw; onClose: () => void }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const isNothing = draw.prize.kind === 'none';
  return (
    <Dialog title={draw.tableName} onClose={onClose} size="sm" testId="prize-announcement">
      <div className="flex flex-col items-center gap-3 px-2 py-6 text-center">
        <div
          className="grid size-16 place-items-center rounded-full bg-accent/15 text-accent-text"
          style={{ animation: 'prize-pop 220ms ease-out' }}
        >
          {isNothing ? (
            <RotateCw size={30} aria-hidden="true" />
          ) : (
            <PartyPopper size={30} aria-hidden="true" />
          )}
        </div>
        <p className="text-lg font-bold text-text" data-testid="prize-announcement-title">
          {isNothing ? t('rewardCentre.tryAgainTitle') : t('rewardCentre.wonTitle')}
        </p>
        <p className="text-base text-text">
          <span className="font-semibold">{draw.prize.name}</span>
          {isNothing ? null : (
            <span
              className="block text-2xl font-bold text-accent-text tabular"
              data-testid="prize-announcement-value"
            >
              {prizeValueOf(draw.prize, t, symbol)}
            </span>
          )}
        </p>
        <p className="max-w-xs text-sm text-muted">
          {isNothing ? t('rewardCentre.tryAgainLine') : t(`rewardCentre.wonLine.${draw.prize.kind}`)}
        </p>
        <Button className="mt-2 w-full" onClick={onClose} data-testid="prize-announcement-close">
          {t('rewardCentre.done')}
        </Button>
      </div>
    </Dialog>
  );
}

type Play =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'playing'; draw: Draw; prizes: readonly Prize[] }
  | { phase: 'announced'; draw: Draw; prizes: readonly Prize[] };

/**
 * A prize table: the member's tickets for it and the nearest expiry, the wheel or the egg with its
 * button, the refusal next to it, and every prize's chance. A member the centre may not reach sees
 * it all without the button (`isReadOnly`).
 */
export function TableCard({ table, isReadOnly }: { table: PrizeTable; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const { language, timeZone } = usePromotionViewer();
  const queryClient = useQueryClient();
  const prefersReducedMotion = usePrefersReducedMotion();
  const [play, setPlay] = useState<Play>({ phase: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [rotation, setRotation] = useState(0);
  const isWheel = table.kind === 'wheel';

  const settle = useCallback(() => {
    setPlay((current) => (current.phase === 'playing' ? { ...current, phase: 'announced' } : current));
  }, []);
  useSettleAfter(play.phase === 'playing', isWheel ? WHEEL_SPIN_MS : EGG_WOBBLE_MS + EGG_CRACK_MS, settle);

  async function draw() {
    setFailure(null);
    setPlay({ phase: 'asking' });
    try {
      const answer = await drawPrize(table.id, language);
      const prizes = table.prizes;
      if (isWheel) setRotation((from) => spinTo(answer.draw.prizeIndex, prizes.length, from));
      setPlay({ phase: prefersReducedMotion ? 'announced' : 'playing', draw: answer.draw, prizes });
    } catch (error) {
      const refusal = rewardRefusalOf(error);
      setFailure(
        refusal
          ? t(`rewardCentre.refusals.${refusal}`)
          : answerOfFailure(error, t('rewardCentre.failed')).message,
      );
      setPlay({ phase: 'idle' });
    } finally {
      for (const queryKey of KEYS_A_DRAW_CHANGES) void queryClient.invalidateQueries({ queryKey });
    }
  }

  const isPlaying = play.phase === 'playing';
  const prizes = play.phase === 'playing' || play.phase === 'announced' ? play.prizes : table.prizes;
  const eggState: EggState =
    play.phase === 'playing' ? 'cracking' : play.phase === 'announced' ? 'cracked' : 'whole';
  const shownPrize = play.phase === 'announced' ? play.draw.prizeIndex : undefined;
  const expiry = table.nextExpiresAt
    ? dateFormatOf(language, timeZone, 'moment').format(new Date(table.nextExpiresAt))
    : null;

  return (
    <section
      className="flex flex-col gap-4 rounded-lg border border-line bg-raised p-4"
      data-testid={`reward-table-${table.kind}`}
      aria-labelledby={`reward-table-${table.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={`reward-table-${table.id}`}
            className="flex items-center gap-2 text-base font-semibold text-text"
          >
            {isWheel ? (
              <RotateCw size={18} aria-hidden="true" className="shrink-0 text-brand-strong" />
            ) : (
              <Egg size={18} aria-hidden="true" className="shrink-0 text-accent-text" />
            )}
            {table.name}
          </h3>
          <p className="text-xs text-muted">{t(`rewardCentre.kind.${table.kind}`)}</p>
        </div>
        <div className="text-right">
          <p className="flex items-center justify-end gap-1.5 text-lg font-bold text-text tabular">
            <Ticket size={18} aria-hidden="true" className="text-accent-text" />
            <span data-testid="reward-ticket-count">{table.tickets}</span>
          </p>
          <p className="text-xs text-muted">
            {expiry
              ? t('rewardCentre.nextExpiry', { date: expiry })
              : t('rewardCentre.ticketCount', { count: table.tickets })}
          </p>
        </div>
      </header>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 md:items-start">
        <div className="flex flex-col items-center gap-3">
          {/* A tap on the playing wheel or egg skips to its end. */}
          <TapToSkip isPlaying={isPlaying} onSkip={settle} className="w-full">
            {isWheel ? (
              <PrizeWheel prizes={prizes} rotation={rotation} isSpinning={isPlaying} onSettled={settle} />
            ) : (
              <GoldenEgg state={eggState} onSettled={settle} />
            )}
          </TapToSkip>
          {isPlaying ? <SkipButton onSkip={settle} /> : null}
          {isReadOnly ? null : (
            <Button
              className="w-full max-w-[280px]"
              icon={
                isWheel ? <RotateCw size={18} aria-hidden="true" /> : <Egg size={18} aria-hidden="true" />
              }
              disabled={table.tickets === 0 || play.phase === 'asking' || isPlaying}
              onClick={() => void draw()}
              data-testid="reward-draw"
            >
              {play.phase === 'asking'
                ? t('rewardCentre.drawing')
                : table.tickets === 0
                  ? t('rewardCentre.noTicket')
                  : t(`rewardCentre.draw.${table.kind}`)}
            </Button>
          )}
          {failure ? (
            <p role="alert" className="text-center text-sm text-danger" data-testid="reward-draw-error">
              {failure}
            </p>
          ) : null}
        </div>
        <div>
          <h4 className="mb-1 text-sm font-semibold text-text">{t('rewardCentre.prizesTitle')}</h4>
          <PrizeList prizes={prizes} highlight={shownPrize} />
        </div>
      </div>
      {play.phase === 'announced' ? (
        <PrizeAnnouncement draw={play.draw} onClose={() => setPlay({ phase: 'idle' })} />
      ) : null}
    </section>
  );
}
