import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Gift, Ticket, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BonusCard } from '../../../components/bonus/bonus-card';
import { BonusProgressPanel } from '../../../components/bonus/bonus-progress-panel';
import { PromotionStateBadge } from '../../../components/promotions/promotion-state-badge';
import { ButtonLink } from '../../../components/ui/button-link';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { isCancellable } from '../../../lib/bonus/bonus-progress';
import { BONUSES_KEY, fetchBonuses } from '../../../lib/bonus/bonuses';
import { useNow } from '../../../lib/bonus/use-now';
import { formatMoney } from '../../../lib/format';
import { dateFormatOf } from '../../../lib/promotions/promotion-dates';
import { PROMOTIONS_KEY } from '../../../lib/promotions/promotion-queries';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import { fetchMyPromotions, fetchMyRaffle, type MyPromotion } from '../api/my-promotions';
import { entryWordsOf, raffleHoldingOf } from '../my-promotion-entry';

/** Countdowns on this page move by the minute. */
const CLOCK_TICK_MS = 60_000;
/** While a bonus runs, its wagering is read again now and then, so the bar moves as the member plays. */
const OPEN_BONUS_POLL_MS = 30_000;

const views = ['active', 'entries', 'ended'] as const;
type View = (typeof views)[number];

function SeePromotions() {
  const { t } = useTranslation();
  return (
    <ButtonLink to="/promotions" variant="secondary" icon={Gift}>
      {t('promotions.mine.seePromotions')}
    </ButtonLink>
  );
}

/** The member's open or ended bonuses, with the bonus wallet's balance above the open ones. */
function BonusList({ status }: { status: 'open' | 'ended' }) {
  const { t } = useTranslation();
  const { language, symbol } = usePromotionViewer();
  const now = useNow(CLOCK_TICK_MS);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...BONUSES_KEY, status, page, language],
    queryFn: ({ signal }) => fetchBonuses({ status, page }, language, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.list.some((bonus) => bonus.status === 'active') ? OPEN_BONUS_POLL_MS : false,
  });
  if (query.isPending) return <SkeletonLines lines={6} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const { data } = query;
  return (
    <div className="flex flex-col gap-3">
      {status === 'open' ? (
        <div className="flex items-baseline justify-between gap-3 rounded-lg border border-line bg-raised p-4">
          <span className="text-sm text-muted">{t('promotions.mine.bonusBalance')}</span>
          <span className="text-2xl font-bold text-text tabular" data-testid="my-bonus-balance">
            {formatMoney(data.bonusBalance, symbol)}
          </span>
        </div>
      ) : null}
      {data.list.length === 0 ? (
        status === 'open' ? (
          <EmptyState
            icon={<Gift size={26} strokeWidth={1.75} aria-hidden="true" />}
            title={t('promotions.mine.noActive')}
            line={t('promotions.mine.noActiveLine')}
            action={<SeePromotions />}
          />
        ) : (
          <EmptyState title={t('promotions.mine.noEnded')} />
        )
      ) : (
        <>
          <ul className="grid gap-3 lg:grid-cols-2" data-testid={`bonuses-${status}`}>
            {data.list.map((bonus) => (
              <li key={bonus.id}>
                <BonusCard bonus={bonus} now={now} />
              </li>
            ))}
          </ul>
          <Pagination current={page} total={data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}

/** A joined raffle's tickets and prizes to claim, read from the raffle, with a way to it. */
function RaffleHolding({ promotionId, now }: { promotionId: string; now: Date }) {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const query = useQuery({
    queryKey: [...PROMOTIONS_KEY, 'mine', 'raffle', promotionId, language],
    queryFn: ({ signal }) => fetchMyRaffle(promotionId, language, signal),
  });
  const holding = query.data ? raffleHoldingOf(query.data, now) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="my-raffle">
      {query.isPending ? <Skeleton className="h-4 w-24" /> : null}
      {holding ? (
        <span className="flex items-center gap-1.5 text-text tabular">
          <Ticket size={16} aria-hidden="true" className="shrink-0 text-brand-strong" />
          {holding.ticketCount > 0
            ? t('promotions.mine.raffleTickets', { count: holding.ticketCount })
            : t('promotions.mine.raffleNoTickets')}
        </span>
      ) : null}
      {holding && holding.prizesToClaim > 0 ? (
        <span className="flex items-center gap-1.5 font-semibold text-accent-text">
          <Trophy size={16} aria-hidden="true" className="shrink-0" />
          {t('promotions.mine.rafflePrizeToClaim', { count: holding.prizesToClaim })}
        </span>
      ) : null}
      <Link
        to={`/promotions#${encodeURIComponent(promotionId)}`}
        className="inline-flex min-h-11 items-center font-semibold text-brand-strong hover:underline md:min-h-0"
      >
        {t('promotions.mine.seeRaffle')}
      </Link>
    </div>
  );
}

/**
 * One entry taken part in: the promotion (a link to its details), when and for how much, its state;
 * a joined raffle's tickets and prizes to claim; an open bonus's progress.
 */
export function EntryRow({ entry, now }: { entry: MyPromotion; now: Date }) {
  const { t } = useTranslation();
  const { language, symbol, timeZone } = usePromotionViewer();
  const format = dateFormatOf(language, timeZone, 'moment');
  const words = entryWordsOf(entry);
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="my-promotion" data-state={words.badgeState}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={`/promotions#${encodeURIComponent(entry.promotionId)}`}
            className="line-clamp-2 text-sm font-semibold text-text hover:text-brand-strong hover:underline"
          >
            {entry.title}
          </Link>
          <p className="text-xs text-muted tabular">
            {t(words.dateKey, { date: format.format(new Date(entry.createdAt)) })}
            {entry.amount && words.amountKey
              ? ` · ${t(words.amountKey, { amount: formatMoney(entry.amount, symbol) })}`
              : ''}
          </p>
        </div>
        <PromotionStateBadge state={words.badgeState} kind={entry.kind} />
      </div>
      {words.isRaffleJoin ? <RaffleHolding promotionId={entry.promotionId} now={now} /> : null}
      {entry.bonus && isCancellable(entry.bonus.status) ? (
        <BonusProgressPanel bonus={entry.bonus} now={now} />
      ) : null}
    </li>
  );
}

/** The promotions the member took part in, newest first, with an open bonus's progress. */
function EntryList() {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const now = useNow(CLOCK_TICK_MS);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...PROMOTIONS_KEY, 'mine', page, language],
    queryFn: ({ signal }) => fetchMyPromotions(page, language, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <SkeletonLines lines={6} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) {
    return <EmptyState title={t('promotions.mine.noEntries')} action={<SeePromotions />} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul
        className="divide-y divide-line rounded-lg border border-line bg-surface"
        data-testid="my-promotions"
      >
        {query.data.list.map((entry) => (
          <EntryRow key={`${entry.promotionId}-${entry.createdAt}`} entry={entry} now={now} />
        ))}
      </ul>
      <Pagination current={page} total={query.data.totalPages} onChange={setPage} />
    </div>
  );
}

/**
 * "My promotions" of the member centre: the bonuses running now (wagering, expiry, maximum stake,
 * Cancel bonus), the promotions taken part in, and the bonuses that ended and how.
 */
export function MyPromotionsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('active');
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="my-promotions-page">
      <Tabs
        label={t('pages.memberPages.myPromotions')}
        items={views.map((key) => ({ key, label: t(`promotions.mine.tabs.${key}`) }))}
        value={view}
        onChange={setView}
      />
      {view === 'active' ? (
        <BonusList status="open" />
      ) : view === 'entries' ? (
        <EntryList />
      ) : (
        <BonusList status="ended" />
      )}
    </div>
  );
}
