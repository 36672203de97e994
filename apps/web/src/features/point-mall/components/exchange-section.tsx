import { ArrowRightLeft, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { exchangeRowFor, leastConvertiblePoints, sortedExchangeRows } from '../exchange';
import { usePointsBalance, usePointsConfig, usePointsViewer } from '../hooks/use-points';
import { formatMultiplier, pointsWords } from '../point-words';
import { ViewerPrompt } from './viewer-prompt';

/**
 * The exchange-rate table (spec §2): from how many points each rate applies and what 100 points
 * give, the member's own row marked, the wagering a conversion asks said plainly, and the Convert
 * button (a login prompt for visitors), which calls `onConvert`: the page holds the Convert dialog,
 * so that it stays open when the page's layout changes.
 */
export function ExchangeSection({ onConvert }: { onConvert: () => void }) {
  const { t } = useTranslation();
  const { viewer, symbol } = usePointsViewer();
  const config = usePointsConfig();
  const balance = usePointsBalance();
  const points = balance.data?.points ?? null;

  let body: React.ReactNode;
  if (config.isPending) body = <SkeletonLines lines={4} />;
  else if (config.isError) {
    body = (
      <ErrorState
        isCompact
        title={t('pointMall.exchange.loadFailed')}
        onRetry={() => void config.refetch()}
      />
    );
  } else if (config.data.exchange.length === 0) {
    body = (
      <EmptyState
        icon={<ArrowRightLeft size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={t('pointMall.exchange.empty')}
        className="py-6"
      />
    );
  } else {
    const rows = sortedExchangeRows(config.data.exchange);
    const ownRow = viewer === 'member' && points !== null ? exchangeRowFor(rows, points) : null;
    const least = leastConvertiblePoints(config.data);
    body = (
      <>
        <table className="w-full text-sm" data-testid="exchange-table">
          <thead>
            <tr className="border-b border-line text-left text-xs text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('pointMall.exchange.from')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('pointMall.exchange.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isOwn = row === ownRow;
              return (
                <tr
                  key={row.from}
                  className={joinClassNames('border-b border-line last:border-b-0', isOwn && 'bg-brand-soft')}
                  data-own={isOwn ? 'true' : undefined}
                >
                  <td className="py-2.5 pr-3 pl-1 tabular">
                    {t('pointMall.exchange.fromRow', { points: pointsWords(t, row.from) })}
                    {isOwn ? (
                      <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-[10px] font-semibold text-on-brand">
                        {t('pointMall.exchange.yourRow')}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2.5 pr-1 text-right font-semibold text-accent-text tabular">
                    {formatMoney(row.amount, symbol)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="flex gap-1.5 text-xs text-text">
          <Wallet size={14} aria-hidden="true" className="mt-px shrink-0 text-brand-strong" />
          {t('pointMall.exchange.wagering', { multiplier: formatMultiplier(config.data.convertMultiplier) })}
        </p>
        {least !== null ? (
          <p className="text-xs text-muted">
            {t('pointMall.exchange.minimum', { points: pointsWords(t, least) })}
          </p>
        ) : null}
        {viewer === 'member' ? (
          <Button
            variant="primary"
            className="w-full"
            icon={<ArrowRightLeft size={18} aria-hidden="true" />}
            onClick={onConvert}
            data-testid="convert-open"
          >
            {t('pointMall.exchange.convert')}
          </Button>
        ) : (
          <ViewerPrompt viewer={viewer} line={t('pointMall.exchange.loginToConvert')} />
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby="points-exchange-title"
      className="flex flex-col gap-3"
      data-testid="points-exchange"
    >
      <h2 id="points-exchange-title" className="text-base font-semibold text-text">
        {t('pointMall.exchange.heading')}
      </h2>
      {body}
    </section>
  );
}
