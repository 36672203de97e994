import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { RaffleView } from '../api/raffle';
import { prizeCountOf } from '../raffle-prize-table';
import { placesOf, prizePoolOf, prizeRowsOf, shownWinnersOf } from '../raffle-words';

/** The prizes by place: which places, how many prizes, each one's amount; the pool beneath. */
export function RafflePrizeTable({ raffle }: { raffle: RaffleView }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const rows = prizeRowsOf(raffle.prizes);
  return (
    <section className="flex flex-col gap-2" data-testid="raffle-prize-table">
      <h3 className="text-sm font-semibold text-text">{t('promotions.raffle.prizes.title')}</h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('promotions.raffle.prizes.place')}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t('promotions.raffle.prizes.count')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('promotions.raffle.prizes.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line border-y border-line">
          {rows.map((row) => (
            <tr key={row.rankFrom}>
              <td className="py-2 pr-3 font-semibold text-text tabular">{placesOf(row)}</td>
              <td className="py-2 pr-3 text-right text-text tabular">×{row.count}</td>
              <td className="py-2 text-right font-semibold text-text tabular">
                {formatMoney(row.amount, symbol)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted tabular" data-testid="raffle-prize-pool">
        {t('promotions.raffle.prizes.pool', {
          amount: formatMoney(prizePoolOf(raffle.prizes), symbol),
          count: prizeCountOf(raffle.prizes),
        })}
      </p>
    </section>
  );
}

/**
 * The winners after the draw, by place: the ticket, the winner's masked name and the prize, the
 * member's own marked. A long list shows its first places (and the member's) until asked for all.
 */
export function RaffleWinners({ raffle }: { raffle: RaffleView }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const [isAll, setAll] = useState(false);
  if (!raffle.drawnAt) return null;
  const shown = shownWinnersOf(raffle.winners, isAll);
  return (
    <section className="flex flex-col gap-2" data-testid="raffle-winners">
      <h3 className="text-sm font-semibold text-text">{t('promotions.raffle.winners.title')}</h3>
      {raffle.winners.length === 0 ? (
        <EmptyState title={t('promotions.raffle.winners.none')} className="py-6" />
      ) : (
        <>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-muted">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('promotions.raffle.prizes.place')}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('promotions.raffle.winners.ticket')}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('promotions.raffle.winners.name')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('promotions.raffle.winners.amount')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line border-y border-line">
              {shown.map((winner) => (
                <tr
                  key={winner.rank}
                  className={joinClassNames(winner.mine && 'bg-brand-soft')}
                  data-testid="raffle-winner"
                  data-mine={winner.mine ? 'true' : undefined}
                >
                  <td className="py-2 pr-2 pl-1 font-semibold text-text tabular">{winner.rank}</td>
                  <td className="py-2 pr-2 font-mono text-xs text-text">{winner.ticketId}</td>
                  <td className="py-2 pr-2 text-text">
                    <span className="inline-flex flex-wrap items-center gap-1.5">
                      <span className="break-all">{winner.name}</span>
                      {winner.mine ? (
                        <StatusBadge tone="good">{t('promotions.raffle.winners.you')}</StatusBadge>
                      ) : null}
                    </span>
                  </td>
                  <td className="py-2 pr-1 text-right font-semibold text-text tabular">
                    {formatMoney(winner.amount, symbol)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length < raffle.winners.length ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() => setAll(true)}
              data-testid="raffle-winners-all"
            >
              {t('promotions.raffle.winners.showAll', { count: raffle.winners.length })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
