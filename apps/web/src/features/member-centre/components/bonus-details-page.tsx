import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusCard } from '../../../components/bonus/bonus-card';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useNow } from '../../../lib/bonus/use-now';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { toCentavos } from '../../../lib/money';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchBonusDetails, type Turnover } from '../api/bonus';
import { StatementLines } from './statement-lines';

/** The share of the turnover done, 0–100, in whole percent (centavos, never floats, until here). */
function percentDone(turnover: Turnover): number {
  const required = toCentavos(turnover.required) ?? 0n;
  const wagered = toCentavos(turnover.wagered) ?? 0n;
  if (required <= 0n) return 100;
  return Number(((wagered > required ? required : wagered) * 100n) / required);
}

function TurnoverProgress({ turnover, symbol }: { turnover: Turnover; symbol: string }) {
  const { t } = useTranslation();
  const percent = percentDone(turnover);
  const isDone = (toCentavos(turnover.left) ?? 0n) === 0n;
  return (
    <section className="rounded-lg border border-line bg-raised p-3" data-testid="bonus-turnover">
      <p className="text-sm text-text">
        {t('bonusDetails.turnover', {
          wagered: formatMoney(turnover.wagered, symbol),
          required: formatMoney(turnover.required, symbol),
        })}
      </p>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('bonusDetails.turnoverLabel')}
        className="mt-2 h-2 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-muted">
        {isDone
          ? t('bonusDetails.turnoverDone')
          : t('bonusDetails.turnoverLeft', { amount: formatMoney(turnover.left, symbol) })}
      </p>
    </section>
  );
}

/**
 * bonusDetails of the member centre (spec §2, which names the page only): the bonus wallet's
 * balance, the wagering a withdrawal still waits for, and the wallet's movements by period.
 */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [page, setPage] = useState(1);
  // The active bonus's expiry counts down by the minute.
  const now = useNow(60_000);
  const range = datePresetRange(preset, now);
  const query = useQuery({
    queryKey: ['bonus-details', range.from, range.to, page, language],
    queryFn: () => fetchBonusDetails({ range, page }, language),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) {
    return (
      <div className="p-4" data-testid="bonus-details-page">
        <SkeletonLines lines={6} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-4" data-testid="bonus-details-page">
        <ErrorState onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { data } = query;
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="bonus-details-page">
      <section className="flex items-center gap-3 rounded-lg border border-line bg-raised p-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
          <Gift size={22} strokeWidth={1.75} aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs text-muted">{t('bonusDetails.balance')}</p>
          <p className="text-2xl font-semibold tabular text-text" data-testid="bonus-balance">
            {formatMoney(data.balance, symbol)}
          </p>
        </div>
      </section>
      {data.activeBonus ? (
        <section className="flex flex-col gap-2" data-testid="active-bonus">
          <h3 className="text-sm font-semibold text-text">{t('promotions.activeBonus')}</h3>
          <BonusCard bonus={data.activeBonus} now={now} />
        </section>
      ) : null}
      {data.turnover ? <TurnoverProgress turnover={data.turnover} symbol={symbol} /> : null}
      <DatePresetChips
        value={preset}
        onChange={(next) => {
          setPreset(next);
          setPage(1);
        }}
      />
      {data.list.length === 0 ? (
        <EmptyState
          icon={<Gift size={26} strokeWidth={1.75} aria-hidden="true" />}
          line={t('bonusDetails.empty')}
        />
      ) : (
        <>
          <StatementLines
            list={data.list}
            symbol={symbol}
            descriptionHeading={t('bonusDetails.description')}
            testId="bonus"
            lineTestId="bonus-movement"
          />
          <Pagination current={page} total={data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
