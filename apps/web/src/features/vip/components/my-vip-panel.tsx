import { CalendarClock, CircleCheck, ShieldCheck, TrendingUp, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/page-frame';
import { formatMoney } from '../../../lib/format';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { VipMe, VipProgramme } from '../api/vip';
import { levelTitleOf, missingPartsOf, progressBarsOf, type VipProgressBar } from '../vip-progress';
import { formatVipDate, projectionWordsOf } from '../vip-words';
import { LevelBadge } from './level-badge';

/** One figure's way to the next level: how much of the threshold is done, and what is missing. */
function ProgressBar({ bar, symbol }: { bar: VipProgressBar; symbol: string }) {
  const { t } = useTranslation();
  const name = t(bar.measure === 'deposit' ? 'vip.deposits' : 'vip.validBets');
  return (
    <div className="flex flex-col gap-1.5" data-testid={`vip-progress-${bar.measure}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-text">{name}</span>
        <span className="text-muted tabular">
          {t('vip.ofThreshold', {
            figure: formatMoney(bar.figure, symbol),
            threshold: formatMoney(bar.threshold, symbol),
          })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bar.percent}
        className="h-2.5 overflow-hidden rounded-full bg-line"
      >
        <div
          className={`h-full rounded-full ${bar.isMet ? 'bg-success' : 'bg-accent'}`}
          style={{ width: `${bar.percent}%` }}
        />
      </div>
      <p className="flex items-center gap-1 text-xs text-muted">
        {bar.isMet ? (
          <>
            <CircleCheck size={14} aria-hidden="true" className="text-success" />
            {t('vip.met')}
          </>
        ) : (
          t(bar.measure === 'deposit' ? 'vip.missingDeposit' : 'vip.missingValidBet', {
            amount: formatMoney(bar.missing, symbol),
          })
        )}
      </p>
    </div>
  );
}

/**
 * The member's own standing (docs/loyalty.md "VIP"): the level held and since when, how long it is
 * guaranteed, the figures of the window, the way to the next level with exactly what is missing,
 * and what the next review would do with today's figures.
 */
export function MyVipPanel({ me, programme }: { me: VipMe; programme: VipProgramme }) {
  const { t } = useTranslation();
  const { language, symbol, timeZone } = usePromotionViewer();
  const date = (text: string) => formatVipDate(text, language, timeZone);
  const bars = progressBarsOf(me, programme.levels);
  const missing = missingPartsOf(bars);
  const projection = projectionWordsOf(me.projection, programme.levels);
  const firstRank = Math.min(...programme.levels.map((level) => level.rank));
  return (
    <Panel className="grid gap-0 overflow-hidden lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div
        className="flex flex-col gap-4 p-4 [background:var(--panalo-hero)] md:p-5"
        data-testid="vip-my-level"
      >
        <div className="flex items-center gap-4">
          <LevelBadge
            level={me.level ?? { rank: firstRank, badgeUrl: null }}
            size={64}
            className={me.level ? undefined : 'opacity-40 grayscale'}
          />
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-on-hero/70 uppercase">{t('vip.myLevel')}</p>
            <p
              className="truncate text-xl font-extrabold text-on-hero md:text-2xl"
              data-testid="vip-my-level-name"
            >
              {me.level ? levelTitleOf(me.level) : t('vip.noLevel')}
            </p>
            {me.level && me.reachedAt ? (
              <p className="text-xs text-on-hero/70">{t('vip.reachedAt', { date: date(me.reachedAt) })}</p>
            ) : null}
          </div>
        </div>
        {me.level ? null : <p className="text-sm text-on-hero/80">{t('vip.noLevelLine')}</p>}
        {me.level && me.guaranteedUntil ? (
          <p
            className="flex items-start gap-2 rounded-md bg-on-hero/10 px-3 py-2 text-sm text-on-hero"
            data-testid="vip-guaranteed"
          >
            <ShieldCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
            <span>
              {t('vip.guaranteedUntil', { date: date(me.guaranteedUntil) })}
              <span className="block text-xs text-on-hero/70">{t('vip.guaranteedLine')}</span>
            </span>
          </p>
        ) : null}
        <dl className="mt-auto grid grid-cols-2 gap-3" data-testid="vip-window">
          <div className="rounded-md bg-on-hero/10 px-3 py-2">
            <dt className="text-xs text-on-hero/70">{t('vip.deposits')}</dt>
            <dd className="text-base font-bold text-on-hero tabular">
              {formatMoney(me.window.deposit, symbol)}
            </dd>
          </div>
          <div className="rounded-md bg-on-hero/10 px-3 py-2">
            <dt className="text-xs text-on-hero/70">{t('vip.validBets')}</dt>
            <dd className="text-base font-bold text-on-hero tabular">
              {formatMoney(me.window.validBet, symbol)}
            </dd>
          </div>
          <p className="col-span-2 -mt-1 text-xs text-on-hero/70">
            {t('vip.inWindow', { count: me.window.days })}
          </p>
        </dl>
      </div>

      <div className="flex flex-col gap-4 p-4 md:p-5">
        {me.next ? (
          <section className="flex flex-col gap-3" data-testid="vip-next">
            <h2 className="flex items-center gap-2 text-base font-semibold text-text">
              <TrendingUp size={18} aria-hidden="true" className="text-brand-strong" />
              {t('vip.towards', { level: levelTitleOf(me.next) })}
            </h2>
            {bars.map((bar) => (
              <ProgressBar key={bar.measure} bar={bar} symbol={symbol} />
            ))}
            <p className="rounded-md bg-raised px-3 py-2 text-sm text-text" data-testid="vip-missing">
              {missing.length === 0
                ? t('vip.readyLine')
                : missing.length === 2
                  ? t('vip.missingBoth', {
                      deposit: formatMoney(missing[0]?.amount ?? '0.00', symbol),
                      validBet: formatMoney(missing[1]?.amount ?? '0.00', symbol),
                      level: levelTitleOf(me.next),
                    })
                  : t(
                      missing[0]?.measure === 'deposit'
                        ? 'vip.missingOnlyDeposit'
                        : 'vip.missingOnlyValidBet',
                      {
                        amount: formatMoney(missing[0]?.amount ?? '0.00', symbol),
                        level: levelTitleOf(me.next),
                      },
                    )}
            </p>
          </section>
        ) : (
          <p
            className="flex items-center gap-2 rounded-md bg-accent/10 px-3 py-3 text-sm font-semibold text-text"
            data-testid="vip-highest"
          >
            <Trophy size={18} aria-hidden="true" className="shrink-0 text-accent-text" />
            {t('vip.highest')}
          </p>
        )}
        {projection && me.projection ? (
          <p
            className="mt-auto flex items-start gap-2 border-t border-line pt-4 text-sm text-text"
            data-testid="vip-projection"
          >
            <CalendarClock size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-strong" />
            <span>
              {t(projection.key, { date: date(me.projection.reviewAt), level: projection.level })}
              <span className="block text-xs text-muted">{t('vip.projectionHint')}</span>
            </span>
          </p>
        ) : null}
      </div>
    </Panel>
  );
}
