import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelConsequenceOf, isCancellable } from '../../lib/bonus/bonus-progress';
import { type BonusStatus, type BonusView, cancelBonus } from '../../lib/bonus/bonuses';
import { spinRuleLineOf } from '../../lib/bonus/spin-rule';
import { answerOfFailure, type FormAnswer } from '../../lib/failure-answer';
import { formatMoney } from '../../lib/format';
import { toCentavos } from '../../lib/money';
import { dateFormatOf } from '../../lib/promotions/promotion-dates';
import { useRefreshAfterTakingPart } from '../../lib/promotions/promotion-queries';
import { usePromotionViewer } from '../../lib/promotions/use-promotion-viewer';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormNotice } from '../ui/field';
import { StatusBadge, type StatusTone } from '../ui/status-badge';
import { BonusProgressPanel } from './bonus-progress-panel';

export const bonusStatusTones: Record<BonusStatus, StatusTone> = {
  waiting: 'waiting',
  active: 'good',
  converted: 'good',
  forfeited: 'neutral',
  expired: 'neutral',
  cancelled: 'bad',
};

/** The title of a bonus no promotion granted, by where it came from. */
const BONUS_SOURCE_TITLES = {
  promotion: 'promotions.mine.manualBonus',
  manual: 'promotions.mine.manualBonus',
  cashback: 'promotions.mine.cashbackBonus',
  rebate: 'promotions.mine.rebateBonus',
  vip: 'promotions.mine.vipBonus',
  points: 'promotions.mine.pointsBonus',
} as const satisfies Record<BonusView['source'], string>;

/** A bonus's name: its promotion's title, or where it came from. */
export function useBonusTitle(bonus: BonusView): string {
  const { t } = useTranslation();
  if (bonus.promotionTitle) return bonus.promotionTitle;
  return t(BONUS_SOURCE_TITLES[bonus.source]);
}

/** The confirmation of giving a bonus up, saying exactly what goes with it. */
function CancelBonusDialog({ bonus, onClose }: { bonus: BonusView; onClose: () => void }) {
  const { t } = useTranslation();
  const { language, symbol } = usePromotionViewer();
  const refresh = useRefreshAfterTakingPart();
  const [answer, setAnswer] = useState<FormAnswer | null>(null);
  const consequence = cancelConsequenceOf(bonus);
  const title = useBonusTitle(bonus);
  const cancel = useMutation({
    mutationFn: () => cancelBonus(bonus.id, language),
    onSuccess: () => {
      refresh();
      onClose();
    },
    onError: (error) => setAnswer(answerOfFailure(error, t('auth.submitFailed'))),
  });
  return (
    <Dialog
      title={t('promotions.mine.cancelTitle')}
      onClose={onClose}
      size="sm"
      testId="cancel-bonus-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            {t('promotions.mine.keep')}
          </Button>
          <Button
            variant="brand"
            onClick={() => {
              setAnswer(null);
              cancel.mutate();
            }}
            disabled={cancel.isPending}
            data-testid="cancel-bonus-confirm"
          >
            {t('promotions.mine.cancelConfirm')}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="font-semibold text-text">{title}</p>
        <p className="text-sm text-text" data-testid="cancel-bonus-consequence">
          {t(consequence.key, consequence.amount ? { amount: formatMoney(consequence.amount, symbol) } : {})}
        </p>
        {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
      </div>
    </Dialog>
  );
}

/**
 * One of the member's bonuses: its name, status and amount; an open one's wagering, expiry, maximum
 * stake, slot-spin rule and conversion cap, and Cancel bonus; an ended one's outcome.
 */
export function BonusCard({ bonus, now }: { bonus: BonusView; now: Date }) {
  const { t } = useTranslation();
  const { symbol, language, timeZone } = usePromotionViewer();
  const [isCancelling, setCancelling] = useState(false);
  const title = useBonusTitle(bonus);
  const format = dateFormatOf(language, timeZone, 'moment');
  const isOpen = isCancellable(bonus.status);
  const spinRule = isOpen ? spinRuleLineOf(bonus, { t, symbol }) : null;
  return (
    <article
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      data-testid="bonus-card"
      data-status={bonus.status}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold text-text">{title}</h3>
          <p className="text-lg font-bold text-text tabular">
            {t('promotions.mine.bonusOf', { amount: formatMoney(bonus.amount, symbol) })}
          </p>
        </div>
        <StatusBadge tone={bonusStatusTones[bonus.status]} testId="bonus-status">
          {t(`promotions.mine.status.${bonus.status}`)}
        </StatusBadge>
      </header>
      {isOpen ? <BonusProgressPanel bonus={bonus} now={now} /> : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted tabular">
        {isOpen ? (
          <li>
            {bonus.maxStake
              ? t('promotions.mine.maxStake', { amount: formatMoney(bonus.maxStake, symbol) })
              : t('promotions.mine.noMaxStake')}
          </li>
        ) : null}
        {spinRule ? <li data-testid="bonus-spin-rule">{spinRule}</li> : null}
        {isOpen && bonus.maxConversion ? (
          <li>{t('promotions.mine.maxConversion', { amount: formatMoney(bonus.maxConversion, symbol) })}</li>
        ) : null}
        <li>{t('promotions.mine.grantedAt', { date: format.format(new Date(bonus.grantedAt)) })}</li>
        {bonus.endedAt ? (
          <li>{t('promotions.mine.endedAt', { date: format.format(new Date(bonus.endedAt)) })}</li>
        ) : null}
        {bonus.status === 'converted' ? (
          <li className="text-success">
            {t('promotions.mine.converted', { amount: formatMoney(bonus.converted, symbol) })}
          </li>
        ) : null}
        {!isOpen && (toCentavos(bonus.forfeited) ?? 0n) > 0n ? (
          <li>{t('promotions.mine.forfeited', { amount: formatMoney(bonus.forfeited, symbol) })}</li>
        ) : null}
      </ul>
      {isOpen ? (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => setCancelling(true)} data-testid="cancel-bonus">
            {t('promotions.mine.cancel')}
          </Button>
        </div>
      ) : null}
      {isCancelling ? <CancelBonusDialog bonus={bonus} onClose={() => setCancelling(false)} /> : null}
    </article>
  );
}
