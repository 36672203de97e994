import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { countdownOf, countdownPartsOf, wageringProgressOf } from '../../lib/bonus/bonus-progress';
import type { BonusView } from '../../lib/bonus/bonuses';
import { formatMoney } from '../../lib/format';
import { centavosToWire } from '../../lib/money';
import { dateFormatOf } from '../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../lib/promotions/use-promotion-viewer';

/** The wagering a bonus asks for, as a bar (wagered of required, in whole percent) with what is left. */
export function WageringBar({ wagered, wageringRequired }: Pick<BonusView, 'wagered' | 'wageringRequired'>) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const progress = wageringProgressOf({ wagered, wageringRequired });
  return (
    <div className="flex flex-col gap-1.5" data-testid="wagering-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-text tabular">
          {t('promotions.mine.progress', {
            wagered: formatMoney(wagered, symbol),
            required: formatMoney(wageringRequired, symbol),
          })}
        </span>
        <span className="font-semibold text-text tabular">{progress.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-label={t('promotions.mine.progressLabel')}
        className="h-2.5 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-[linear-gradient(90deg,var(--panalo-brand),var(--panalo-accent))] transition-[width] duration-200 ease-out"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <p className="text-xs text-muted tabular">
        {progress.isDone
          ? t('promotions.mine.wageringDone')
          : t('promotions.mine.left', { amount: formatMoney(centavosToWire(progress.leftMinor), symbol) })}
      </p>
    </div>
  );
}

/** When an active bonus expires: the time left, and the moment itself in the merchant's zone. */
export function ExpiryCountdown({ expiresAt, now }: { expiresAt: string; now: Date }) {
  const { t } = useTranslation();
  const { language, timeZone } = usePromotionViewer();
  const countdown = countdownOf(expiresAt, now);
  const moment = dateFormatOf(language, timeZone, 'moment').format(new Date(expiresAt));
  const left = countdown
    ? countdownPartsOf(countdown)
        .map((part) => t(`promotions.mine.countdown.${part.unit}`, { count: part.count }))
        .join(' ')
    : null;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted" data-testid="bonus-expiry">
      <Clock size={14} aria-hidden="true" className="shrink-0 text-warning" />
      <span className="font-medium text-text">
        {left ? t('promotions.mine.expiresIn', { time: left }) : t('promotions.mine.expiresSoon')}
      </span>
      <span className="tabular">· {t('promotions.mine.expiresAt', { date: moment })}</span>
    </p>
  );
}

/**
 * An open bonus's progress: an active one's wagering and its expiry countdown; a waiting one says
 * it starts when the current bonus ends.
 */
export function BonusProgressPanel({ bonus, now }: { bonus: BonusView; now: Date }) {
  const { t } = useTranslation();
  if (bonus.status === 'waiting') {
    return <p className="text-sm text-muted">{t('promotions.mine.waitingLine')}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <WageringBar wagered={bonus.wagered} wageringRequired={bonus.wageringRequired} />
      {bonus.status === 'active' && bonus.expiresAt ? (
        <ExpiryCountdown expiresAt={bonus.expiresAt} now={now} />
      ) : null}
    </div>
  );
}
