import { Clock, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { countdownPartsOf } from '../../../lib/bonus/bonus-progress';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { centavosToWire } from '../../../lib/money';
import { dateFormatOf } from '../../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { PromotionDetail } from '../api/promotions';
import type { RaffleView } from '../api/raffle';
import { drawMomentOf, shownTicketsOf, ticketProgressOf } from '../raffle-words';
import { RafflePrizes } from './raffle-prizes';

/** When the draw is: the time left and the moment, the draw being made, or when it was made. */
export function RaffleDrawTime({ raffle, now }: { raffle: RaffleView; now: Date }) {
  const { t } = useTranslation();
  const { language, timeZone } = usePromotionViewer();
  const format = dateFormatOf(language, timeZone, 'moment');
  const moment = drawMomentOf(raffle, now);
  let line: string;
  if (moment.kind === 'drawn') {
    line = t('promotions.raffle.draw.drawn', { date: format.format(new Date(moment.drawnAt)) });
  } else if (moment.kind === 'due') {
    line = t('promotions.raffle.draw.due');
  } else if (moment.kind === 'withdrawn') {
    line = t('promotions.raffle.draw.withdrawn');
  } else {
    const time = countdownPartsOf(moment.countdown)
      .map((part) => t(`promotions.mine.countdown.${part.unit}`, { count: part.count }))
      .join(' ');
    line = t('promotions.raffle.draw.in', { time });
  }
  return (
    <div className="flex items-start gap-3" data-testid="raffle-draw-time" data-moment={moment.kind}>
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-strong">
        <Clock size={20} aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-col">
        <p className="text-sm font-semibold text-text">{line}</p>
        {moment.kind === 'upcoming' ? (
          <p className="text-xs text-muted tabular">
            {t('promotions.raffle.draw.at', { date: format.format(new Date(raffle.drawAt)) })}
          </p>
        ) : null}
        <p className="text-xs text-muted tabular" data-testid="raffle-ticket-count">
          {t(raffle.drawnAt ? 'promotions.raffle.ticketCountDrawn' : 'promotions.raffle.ticketCount', {
            count: raffle.ticketCount,
          })}
        </p>
      </div>
    </div>
  );
}

/** The way to the next ticket: what is counted, what is left, as a bar. */
function TicketProgress({ raffle }: { raffle: RaffleView }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  if (!raffle.progress) return null;
  const progress = ticketProgressOf(raffle.progress, raffle.ticketEvery);
  if (!progress) return null;
  const isByDeposit = raffle.ticketBy === 'deposit';
  return (
    <div className="flex flex-col gap-1.5" data-testid="raffle-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-text tabular">
          {t('promotions.raffle.mine.nextIn', {
            amount: formatMoney(centavosToWire(progress.leftMinor), symbol),
          })}
        </span>
        <span className="font-semibold text-text tabular">{progress.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-label={t('promotions.raffle.mine.progressLabel')}
        className="h-2.5 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-[linear-gradient(90deg,var(--panalo-brand),var(--panalo-accent))] transition-[width] duration-200 ease-out"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <p className="text-xs text-muted tabular">
        {t(isByDeposit ? 'promotions.raffle.mine.countedDeposits' : 'promotions.raffle.mine.countedBets', {
          amount: formatMoney(raffle.progress.counted, symbol),
        })}
      </p>
    </div>
  );
}

/** The member's ticket numbers as chips, a winning one marked, and how many more they hold. */
export function TicketChips({ raffle }: { raffle: RaffleView }) {
  const { t } = useTranslation();
  const { shown, moreCount } = shownTicketsOf(raffle);
  const winning = new Set(raffle.myPrizes.map((prize) => prize.ticketId));
  return (
    <ul
      className="flex flex-wrap gap-1.5"
      aria-label={t('promotions.raffle.mine.ticketsLabel')}
      data-testid="raffle-my-tickets"
    >
      {shown.map((ticket) => {
        const isWinning = winning.has(ticket);
        return (
          <li
            key={ticket}
            className={joinClassNames(
              'rounded-full border px-2.5 py-1 font-mono text-xs tabular',
              isWinning
                ? 'border-accent bg-accent/15 font-semibold text-accent-text'
                : 'border-line bg-raised text-text',
            )}
            data-winning={isWinning ? 'true' : undefined}
          >
            {ticket}
            {isWinning ? <span className="sr-only"> · {t('promotions.raffle.mine.winning')}</span> : null}
          </li>
        );
      })}
      {moreCount > 0 ? (
        <li className="px-1 py-1 text-xs text-muted" data-testid="raffle-more-tickets">
          {t('promotions.raffle.mine.more', { count: moreCount })}
        </li>
      ) : null}
    </ul>
  );
}

/**
 * What the member holds in the raffle: nothing yet (and how to get the first ticket), their tickets,
 * the way to the next one, or the most a member may hold. A visitor is asked to log in and join.
 */
export function MyTickets({
  detail,
  raffle,
  isMember,
}: {
  detail: Pick<PromotionDetail, 'state'>;
  raffle: RaffleView;
  isMember: boolean;
}) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const isByDeposit = raffle.ticketBy === 'deposit';
  const isJoined = detail.state === 'JOINED';
  let line: string | null = null;
  if (!isMember) line = t('promotions.raffle.mine.loginToJoin');
  else if (detail.state === 'JOIN') line = t('promotions.raffle.mine.joinToEarn');
  else if (raffle.myTicketCount === 0) {
    line = isJoined
      ? t(isByDeposit ? 'promotions.raffle.mine.firstByDeposit' : 'promotions.raffle.mine.firstByBet', {
          amount: formatMoney(raffle.ticketEvery, symbol),
        })
      : t('promotions.raffle.mine.none');
  }
  const isAtMost = isJoined && raffle.progress === null && raffle.myTicketCount >= raffle.maxTickets;
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3" data-testid="raffle-mine">
      <div className="flex items-center justify-between gap-3">
        <h4 className="flex items-center gap-1.5 text-sm font-semibold text-text">
          <Ticket size={16} aria-hidden="true" className="text-brand-strong" />
          {t('promotions.raffle.mine.title')}
        </h4>
        {isMember && raffle.myTicketCount > 0 ? (
          <span className="text-sm font-semibold text-text tabular" data-testid="raffle-my-ticket-count">
            {t('promotions.raffle.mine.count', { count: raffle.myTicketCount })}
          </span>
        ) : null}
      </div>
      {line ? (
        <p className="text-sm text-muted" data-testid="raffle-mine-line">
          {isJoined && raffle.myTicketCount === 0 ? `${t('promotions.raffle.mine.noneYet')} ` : ''}
          {line}
        </p>
      ) : (
        <TicketChips raffle={raffle} />
      )}
      {isMember ? <TicketProgress raffle={raffle} /> : null}
      {isAtMost ? (
        <p className="text-xs text-muted">
          {t('promotions.raffle.mine.atMost', { count: raffle.maxTickets })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A raffle at the top of its details: when it draws, the member's prizes to claim and their
 * tickets, with the way to the next one. A visitor (`isMember` false) is asked to log in and join.
 */
export function RaffleSummary({
  detail,
  raffle,
  now,
  isMember,
}: {
  detail: PromotionDetail;
  raffle: RaffleView;
  now: Date;
  isMember: boolean;
}) {
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3"
      data-testid="raffle-summary"
    >
      <RaffleDrawTime raffle={raffle} now={now} />
      {isMember && raffle.myPrizes.length > 0 ? (
        <RafflePrizes detail={detail} raffle={raffle} now={now} />
      ) : null}
      <MyTickets detail={detail} raffle={raffle} isMember={isMember} />
    </section>
  );
}
