import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, HandCoins, History, Timer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { BONUSES_KEY } from '../../../lib/bonus/bonuses';
import { useNow } from '../../../lib/bonus/use-now';
import { countdownUnitsOf, formatCountdown } from '../../../lib/countdown';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { formatMoney } from '../../../lib/format';
import { formatRate, orderGameTypes } from '../../../lib/loyalty/loyalty-format';
import { dateFormatOf } from '../../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import {
  claimRebate,
  fetchRebateAccrued,
  fetchRebateHistory,
  REBATE_KEY,
  type RebateAccrued,
  type RebateClaim,
} from '../api/rebate';
import { claimRefusalKeyOf, claimStateOf } from '../rebate-claim';

/** The countdown to the next claim moves by the second. */
const COUNTDOWN_TICK_MS = 1_000;

/** What a claim answered: the amount paid, or why it was refused. */
type ClaimAnswer = { paid: RebateClaim } | { failure: FormAnswer };

/** Everything a claim changes: what accrued, the rebates paid, the bonus wallet and its bonuses. */
const KEYS_A_CLAIM_CHANGES: readonly (readonly unknown[])[] = [
  REBATE_KEY,
  ['wallet', 'balance'],
  BONUSES_KEY,
  ['bonus-details'],
  ['withdrawal-overview'],
];

/** The total, the minimum, the countdown to the next claim and the Claim button, with its answer. */
export function ClaimPanel({ accrued }: { accrued: RebateAccrued }) {
  const { t } = useTranslation();
  const { language, symbol, timeZone } = usePromotionViewer();
  const queryClient = useQueryClient();
  const now = useNow(COUNTDOWN_TICK_MS);
  const [isClaiming, setClaiming] = useState(false);
  const [answer, setAnswer] = useState<ClaimAnswer | null>(null);
  const state = claimStateOf(accrued, now);
  const money = (amount: string) => formatMoney(amount, symbol);

  async function claim() {
    setClaiming(true);
    setAnswer(null);
    try {
      setAnswer({ paid: await claimRebate(language) });
    } catch (error) {
      const key = claimRefusalKeyOf(error);
      setAnswer({
        failure: key ? { message: t(key) } : answerOfFailure(error, t('rebate.failed')),
      });
    } finally {
      setClaiming(false);
      for (const queryKey of KEYS_A_CLAIM_CHANGES) void queryClient.invalidateQueries({ queryKey });
    }
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-line bg-raised p-4"
      data-testid="rebate-claim"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-text">{t('rebate.accruedTitle')}</h3>
          <p className="text-xs text-muted">
            {accrued.lastClaimAt
              ? t('rebate.lastClaimedAt', {
                  date: dateFormatOf(language, timeZone, 'moment').format(new Date(accrued.lastClaimAt)),
                })
              : t('rebate.neverClaimed')}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs text-muted">{t('rebate.total')}</p>
          <p className="text-2xl font-bold text-text tabular" data-testid="rebate-total">
            {money(accrued.total)}
          </p>
        </div>
      </div>
      {state.isAutomatic ? (
        <p className="text-sm text-muted">{t('rebate.autoLine')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-1 text-sm">
            <li className="text-muted">{t('rebate.minimum', { amount: money(accrued.minimum) })}</li>
            {state.isBelowMinimum ? (
              <li className="text-warning">{t('rebate.belowMinimum', { amount: money(accrued.minimum) })}</li>
            ) : null}
            {state.secondsLeft > 0 ? (
              <li className="flex items-center gap-1.5 text-text tabular" data-testid="rebate-countdown">
                <Timer size={16} aria-hidden="true" className="shrink-0 text-brand-strong" />
                {t('rebate.nextClaimIn', {
                  time: formatCountdown(state.secondsLeft * 1000, countdownUnitsOf(t)),
                })}
              </li>
            ) : null}
          </ul>
          <Button
            className="w-full sm:w-auto sm:self-end"
            icon={<HandCoins size={18} aria-hidden="true" />}
            disabled={isClaiming || !state.canClaim}
            onClick={() => void claim()}
            data-testid="rebate-claim-submit"
          >
            {isClaiming
              ? t('rebate.claiming')
              : state.isEmpty
                ? t('rebate.claimNothing')
                : t('rebate.claim', { amount: money(accrued.total) })}
          </Button>
        </>
      )}
      {answer && 'paid' in answer ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md bg-success/10 px-3 py-2 text-sm text-text"
          data-testid="rebate-claimed"
        >
          <CircleCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
          <span>
            {t('rebate.claimed', { amount: money(answer.paid.amount) })}{' '}
            <Link
              to="/member?page=myPromotions"
              className="font-semibold text-brand-strong underline-offset-2 hover:underline"
            >
              {t('rebate.seeWagering')}
            </Link>
          </span>
        </p>
      ) : null}
      {answer && 'failure' in answer ? (
        <p role="alert" className="text-sm text-danger" data-testid="rebate-claim-error">
          {answer.failure.message}
        </p>
      ) : null}
    </section>
  );
}

/** What accrued by game type: the basis, the rate and the rebate of each, and the total. */
export function AccruedLines({ accrued }: { accrued: RebateAccrued }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const money = (amount: string) => formatMoney(amount, symbol);
  const order = orderGameTypes(accrued.lines.map((line) => line.gameType));
  const lines = [...accrued.lines].sort(
    (left, right) => order.indexOf(left.gameType) - order.indexOf(right.gameType),
  );
  const basisHeading = t(`rebate.columns.${accrued.basis}`);
  if (lines.length === 0) {
    return (
      <EmptyState
        icon={<HandCoins size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={t('rebate.empty')}
        line={t('rebate.emptyLine')}
      />
    );
  }
  const gameName = (gameType: string) => t(`games.${gameType}`, { defaultValue: gameType });
  return (
    <section className="flex flex-col gap-2" data-testid="rebate-lines">
      <table className="hidden w-full text-sm sm:table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('rebate.columns.gameType')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {basisHeading}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('rebate.columns.rate')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('rebate.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {lines.map((line) => (
            <tr key={line.gameType} data-testid="rebate-line" data-game-type={line.gameType}>
              <th scope="row" className="py-2.5 pr-3 text-left font-medium text-text">
                {gameName(line.gameType)}
              </th>
              <td className="py-2.5 pr-3 text-right text-text tabular">{money(line.basisAmount)}</td>
              <td className="py-2.5 pr-3 text-right text-text tabular">{formatRate(line.rate)}</td>
              <td className="py-2.5 text-right font-semibold text-text tabular">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-line">
            <th scope="row" colSpan={3} className="py-2.5 pr-3 text-right font-semibold text-text">
              {t('rebate.total')}
            </th>
            <td className="py-2.5 text-right font-bold text-text tabular">{money(accrued.total)}</td>
          </tr>
        </tfoot>
      </table>
      {/* On a phone each game type is a row of its own: its rebate, and under it the basis and rate. */}
      <ul className="divide-y divide-line sm:hidden">
        {lines.map((line) => (
          <li
            key={line.gameType}
            className="flex flex-col gap-0.5 py-2.5"
            data-testid="rebate-line"
            data-game-type={line.gameType}
          >
            <p className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-text">{gameName(line.gameType)}</span>
              <span className="font-semibold text-text tabular">{money(line.amount)}</span>
            </p>
            <p className="text-xs text-muted tabular">
              {basisHeading} {money(line.basisAmount)} × {formatRate(line.rate)}
            </p>
          </li>
        ))}
        <li className="flex items-baseline justify-between gap-3 py-2.5 text-sm font-semibold text-text">
          <span>{t('rebate.total')}</span>
          <span className="font-bold tabular">{money(accrued.total)}</span>
        </li>
      </ul>
      <p className="text-xs text-muted">{t(`rebate.basisLine.${accrued.basis}`)}</p>
    </section>
  );
}

/** The member's rebates paid, newest first, a page at a time. */
function RebateHistoryList() {
  const { t } = useTranslation();
  const { language, symbol, timeZone } = usePromotionViewer();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...REBATE_KEY, 'history', page, language],
    queryFn: ({ signal }) => fetchRebateHistory(page, language, signal),
    placeholderData: keepPreviousData,
  });
  let body: React.ReactNode;
  if (query.isPending) body = <SkeletonLines lines={4} />;
  else if (query.isError) body = <ErrorState isCompact onRetry={() => void query.refetch()} />;
  else if (query.data.list.length === 0) {
    body = <p className="py-4 text-center text-sm text-muted">{t('rebate.historyEmpty')}</p>;
  } else {
    const moment = dateFormatOf(language, timeZone, 'moment');
    const day = dateFormatOf(language, 'UTC', 'day');
    body = (
      <>
        <ul className="divide-y divide-line rounded-lg border border-line" data-testid="rebate-history">
          {query.data.list.map((payout) => (
            <li key={payout.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm text-text">
                  <StatusBadge tone={payout.mode === 'manual' ? 'good' : 'neutral'}>
                    {t(`rebate.mode.${payout.mode}`)}
                  </StatusBadge>
                  {payout.day ? (
                    <span className="truncate">
                      {t('rebate.forDay', { date: day.format(new Date(`${payout.day}T00:00:00Z`)) })}
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-xs text-muted tabular">
                  {moment.format(new Date(payout.createdAt))}
                </p>
              </div>
              <span className="shrink-0 font-semibold text-text tabular">
                {formatMoney(payout.amount, symbol)}
              </span>
            </li>
          ))}
        </ul>
        <Pagination current={page} total={query.data.totalPages} onChange={setPage} />
      </>
    );
  }
  return (
    <section className="flex flex-col gap-2" aria-labelledby="rebate-history-title">
      <h3 id="rebate-history-title" className="flex items-center gap-2 text-sm font-semibold text-text">
        <History size={16} aria-hidden="true" className="text-brand-strong" />
        {t('rebate.historyTitle')}
      </h3>
      {body}
    </section>
  );
}

/**
 * manualRebate of the member centre (spec §2; docs/loyalty.md "Manual mode"): what accrued since
 * the last claim by game type, claimed at once into the bonus wallet at most once per interval, and
 * the rebates paid so far.
 */
export function ManualRebatePage() {
  const { language } = usePromotionViewer();
  const accrued = useQuery({
    queryKey: [...REBATE_KEY, 'accrued', language],
    queryFn: ({ signal }) => fetchRebateAccrued(language, signal),
  });
  let top: React.ReactNode;
  if (accrued.isPending) {
    top = (
      <div className="flex flex-col gap-3" aria-busy="true" data-testid="rebate-loading">
        <Skeleton className="h-36 w-full rounded-lg" />
        <SkeletonLines lines={4} />
      </div>
    );
  } else if (accrued.isError) {
    top = <ErrorState onRetry={() => void accrued.refetch()} />;
  } else {
    top = (
      <>
        <ClaimPanel accrued={accrued.data} />
        <AccruedLines accrued={accrued.data} />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-5 p-4" data-testid="manual-rebate-page">
      {top}
      <RebateHistoryList />
    </div>
  );
}
