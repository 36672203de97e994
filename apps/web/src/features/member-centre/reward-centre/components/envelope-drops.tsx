import { useQueryClient } from '@tanstack/react-query';
import { Gift, Timer } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { StatusBadge, type StatusTone } from '../../../../components/ui/status-badge';
import { BADGES_KEY } from '../../../../lib/api/member-badges';
import { useNow } from '../../../../lib/bonus/use-now';
import { countdownUnitsOf, formatCountdown } from '../../../../lib/countdown';
import { answerOfFailure } from '../../../../lib/failure-answer';
import { formatMoney } from '../../../../lib/format';
import { importWithTimeout } from '../../../../lib/lazy-load';
import { dateFormatOf } from '../../../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../../../lib/promotions/use-promotion-viewer';
import { type Drop, openEnvelope, REWARD_KEY } from '../api/reward';
import { rewardRefusalOf } from '../reward-words';
import {
  ENVELOPE_CARD_MS,
  ENVELOPE_FLAP_MS,
  RedEnvelope,
  SkipButton,
  TapToSkip,
  usePrefersReducedMotion,
  useSettleAfter,
} from './reward-motion';

// The verifier of an ended drop loads only when the member asks for it.
const DropVerification = lazy(() =>
  importWithTimeout(() => import('./reward-verification-views')).then((module) => ({
    default: module.DropVerification,
  })),
);

const statusTone: Record<Drop['status'], StatusTone> = {
  upcoming: 'waiting',
  open: 'good',
  ended: 'neutral',
};

/** The countdowns move by the second. */
const TICK_MS = 1_000;

type Opening =
  | { phase: 'asking' }
  | { phase: 'playing'; amount: string }
  | { phase: 'open'; amount: string }
  | { phase: 'refused'; message: string };

/** The envelope opening in a dialog: closed while the server answers, then open with the amount. */
function OpeningDialog({ drop, onClose }: { drop: Drop; onClose: () => void }) {
  const { t } = useTranslation();
  const { language, symbol } = usePromotionViewer();
  const queryClient = useQueryClient();
  const prefersReducedMotion = usePrefersReducedMotion();
  const [opening, setOpening] = useState<Opening>({ phase: 'asking' });
  const hasAsked = useRef(false);

  const settle = useCallback(() => {
    setOpening((current) =>
      current.phase === 'playing' ? { phase: 'open', amount: current.amount } : current,
    );
  }, []);
  useSettleAfter(opening.phase === 'playing', ENVELOPE_FLAP_MS + ENVELOPE_CARD_MS, settle);

  async function open() {
    try {
      const answer = await openEnvelope(drop.id, language);
      const amount = formatMoney(answer.amount, symbol);
      setOpening({ phase: prefersReducedMotion ? 'open' : 'playing', amount });
    } catch (error) {
      const refusal = rewardRefusalOf(error);
      setOpening({
        phase: 'refused',
        message: refusal
          ? t(`rewardCentre.refusals.${refusal}`)
          : answerOfFailure(error, t('rewardCentre.failed')).message,
      });
    } finally {
      void queryClient.invalidateQueries({ queryKey: [...REWARD_KEY] });
      void queryClient.invalidateQueries({ queryKey: [...BADGES_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    }
  }

  // The call starts with the dialog, once (a ref, so that a remount does not open a second time);
  // the envelope shows closed until it answers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the envelope is opened once, when the dialog opens.
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    void open();
  }, []);

  const envelopeState =
    opening.phase === 'playing' ? 'opening' : opening.phase === 'open' ? 'open' : 'closed';
  const amount = opening.phase === 'playing' || opening.phase === 'open' ? opening.amount : null;
  return (
    <Dialog title={drop.title} onClose={onClose} size="sm" testId="envelope-dialog">
      <div className="flex flex-col items-center gap-3 px-2 pb-4 text-center">
        <TapToSkip isPlaying={opening.phase === 'playing'} onSkip={settle} className="w-full">
          <RedEnvelope state={envelopeState} amount={amount} onSettled={settle} />
        </TapToSkip>
        {opening.phase === 'asking' ? (
          <p className="text-sm text-muted">{t('rewardCentre.opening')}</p>
        ) : null}
        {opening.phase === 'playing' ? <SkipButton onSkip={settle} /> : null}
        {opening.phase === 'open' ? (
          <p className="text-base font-semibold text-text" role="status" data-testid="envelope-won">
            {t('rewardCentre.envelopeWon', { amount: opening.amount })}
          </p>
        ) : null}
        {opening.phase === 'refused' ? (
          <p role="alert" className="text-sm text-danger" data-testid="envelope-error">
            {opening.message}
          </p>
        ) : null}
        {opening.phase === 'open' || opening.phase === 'refused' ? (
          <Button className="mt-1 w-full" onClick={onClose} data-testid="envelope-close">
            {t('rewardCentre.done')}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** A drop: its title, state and countdown, envelopes left, and the Open button or what I got. */
export function DropCard({ drop, isReadOnly, now }: { drop: Drop; isReadOnly: boolean; now: Date }) {
  const { t } = useTranslation();
  const { language, timeZone, symbol } = usePromotionViewer();
  const [isOpening, setOpening] = useState(false);
  const [isVerifying, setVerifying] = useState(false);
  const moment = dateFormatOf(language, timeZone, 'moment');
  const startsIn = new Date(drop.startsAt).getTime() - now.getTime();
  const endsIn = new Date(drop.endsAt).getTime() - now.getTime();
  // The list's state, moved on by the clock between reloads; the server decides when opened.
  const status: Drop['status'] =
    drop.status === 'upcoming' && startsIn <= 0
      ? 'open'
      : drop.status === 'open' && endsIn <= 0
        ? 'ended'
        : drop.status;
  const canOpen = !isReadOnly && status === 'open' && drop.mine === null && drop.left > 0;

  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-line bg-raised p-4"
      data-testid="envelope-drop"
      data-status={status}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="flex items-center gap-2 font-semibold text-text">
            <Gift size={18} aria-hidden="true" className="shrink-0 text-danger" />
            <span className="truncate">{drop.title}</span>
          </h4>
          <p className="text-xs text-muted">
            {t('rewardCentre.dropWindow', {
              start: moment.format(new Date(drop.startsAt)),
              end: moment.format(new Date(drop.endsAt)),
            })}
          </p>
        </div>
        <StatusBadge tone={statusTone[status]}>{t(`rewardCentre.dropStatus.${status}`)}</StatusBadge>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('rewardCentre.dropTotal')}</dt>
          <dd className="font-semibold text-text tabular">{formatMoney(drop.totalAmount, symbol)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('rewardCentre.dropLeft')}</dt>
          <dd className="font-semibold text-text tabular" data-testid="envelope-left">
            {t('rewardCentre.leftOf', { left: drop.left, count: drop.count })}
          </dd>
        </div>
      </dl>
      {status === 'upcoming' || status === 'open' ? (
        <p className="flex items-center gap-1.5 text-sm text-text tabular">
          <Timer size={16} aria-hidden="true" className="shrink-0 text-brand-strong" />
          {status === 'upcoming'
            ? t('rewardCentre.startsIn', { time: formatCountdown(startsIn, countdownUnitsOf(t)) })
            : t('rewardCentre.endsIn', { time: formatCountdown(endsIn, countdownUnitsOf(t)) })}
        </p>
      ) : null}
      {drop.mine ? (
        <p className="rounded-md bg-success/10 px-3 py-2 text-sm text-text" data-testid="envelope-mine">
          {t('rewardCentre.mine', { amount: formatMoney(drop.mine.amount, symbol) })}
        </p>
      ) : null}
      {canOpen ? (
        <Button
          variant="primary"
          className="w-full sm:w-auto sm:self-end"
          onClick={() => setOpening(true)}
          data-testid="envelope-open"
        >
          {t('rewardCentre.openEnvelope')}
        </Button>
      ) : null}
      {status === 'open' && drop.mine === null && drop.left === 0 ? (
        <p className="text-sm text-muted">{t('rewardCentre.refusals.ALL_TAKEN')}</p>
      ) : null}
      {drop.status === 'ended' && drop.serverSeed ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => setVerifying(true)}
          data-testid="envelope-verify"
        >
          {t('rewardCentre.verify')}
        </Button>
      ) : null}
      {isOpening ? <OpeningDialog drop={drop} onClose={() => setOpening(false)} /> : null}
      {isVerifying ? (
        <Dialog title={t('rewardCentre.verifyTitle')} onClose={() => setVerifying(false)} size="md">
          <Suspense fallback={<SkeletonLines lines={4} />}>
            <DropVerification drop={drop} />
          </Suspense>
        </Dialog>
      ) : null}
    </li>
  );
}

/** The open, upcoming and lately ended drops for the member. */
export function DropList({ drops, isReadOnly }: { drops: readonly Drop[]; isReadOnly: boolean }) {
  const now = useNow(TICK_MS);
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="envelope-drops">
      {drops.map((drop) => (
        <DropCard key={drop.id} drop={drop} isReadOnly={isReadOnly} now={now} />
      ))}
    </ul>
  );
}
