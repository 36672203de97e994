import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Pagination } from '../../../../components/ui/pagination';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../../components/ui/status-badge';
import { Tabs } from '../../../../components/ui/tabs';
import { formatMoney } from '../../../../lib/format';
import { importWithTimeout } from '../../../../lib/lazy-load';
import { dateFormatOf } from '../../../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../../../lib/promotions/use-promotion-viewer';
import {
  type Draw,
  type Drop,
  fetchDraws,
  fetchTickets,
  REWARD_KEY,
  type Ticket,
  type TicketStatus,
} from '../api/reward';
import { prizeValueOf } from '../reward-words';

// A draw's verifier loads only when the member asks for it.
const DrawVerification = lazy(() =>
  importWithTimeout(() => import('./reward-verification-views')).then((module) => ({
    default: module.DrawVerification,
  })),
);

type HistoryTab = 'draws' | 'tickets' | 'envelopes';
const TICKET_STATUSES = ['unused', 'used', 'expired'] as const satisfies readonly TicketStatus[];
const ticketTone: Record<TicketStatus, StatusTone> = { unused: 'good', used: 'neutral', expired: 'bad' };

/** The member's draws, newest first, each with its prize and, once its seed is out, a Verify button. */
export function DrawRows({ draws, onVerify }: { draws: readonly Draw[]; onVerify: (draw: Draw) => void }) {
  const { t } = useTranslation();
  const { language, timeZone, symbol } = usePromotionViewer();
  const moment = dateFormatOf(language, timeZone, 'moment');
  if (draws.length === 0) return <EmptyState line={t('rewardCentre.noDraws')} />;
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="reward-draws">
      {draws.map((draw) => (
        <li key={draw.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="font-medium text-text">
              {draw.prize.name}
              <span className="ml-2 text-sm text-muted">{prizeValueOf(draw.prize, t, symbol)}</span>
            </p>
            <p className="text-xs text-muted">
              {draw.tableName} · {moment.format(new Date(draw.createdAt))} ·{' '}
              {t('rewardCentre.nonce', { nonce: draw.nonce })}
            </p>
          </div>
          {draw.serverSeed ? (
            <Button variant="secondary" size="sm" onClick={() => onVerify(draw)} data-testid="draw-verify">
              {t('rewardCentre.verify')}
            </Button>
          ) : (
            <span className="text-xs text-muted">{t('rewardCentre.seedHidden')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The member's tickets: for which table, from where, their state and dates. */
export function TicketRows({ tickets }: { tickets: readonly Ticket[] }) {
  const { t } = useTranslation();
  const { language, timeZone } = usePromotionViewer();
  const moment = dateFormatOf(language, timeZone, 'moment');
  if (tickets.length === 0) return <EmptyState line={t('rewardCentre.noTickets')} />;
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="reward-tickets">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="flex items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="font-medium text-text">{ticket.tableName}</p>
            <p className="text-xs text-muted">
              {t(`rewardCentre.source.${ticket.source}`)} · {moment.format(new Date(ticket.createdAt))}
            </p>
            <p className="text-xs text-muted">
              {ticket.usedAt
                ? t('rewardCentre.usedAt', { date: moment.format(new Date(ticket.usedAt)) })
                : t(ticket.status === 'expired' ? 'rewardCentre.expiredAt' : 'rewardCentre.expiresAt', {
                    date: moment.format(new Date(ticket.expiresAt)),
                  })}
            </p>
          </div>
          <StatusBadge tone={ticketTone[ticket.status]}>
            {t(`rewardCentre.ticketStatus.${ticket.status}`)}
          </StatusBadge>
        </li>
      ))}
    </ul>
  );
}

/** The envelopes the member opened among the drops listed. */
export function OpenedEnvelopeRows({ drops }: { drops: readonly Drop[] }) {
  const { t } = useTranslation();
  const { language, timeZone, symbol } = usePromotionViewer();
  const moment = dateFormatOf(language, timeZone, 'moment');
  const opened = drops.filter((drop) => drop.mine !== null);
  if (opened.length === 0) return <EmptyState line={t('rewardCentre.noEnvelopesOpened')} />;
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="reward-envelopes-opened">
      {opened.map((drop) => (
        <li key={drop.id} className="flex items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-text">{drop.title}</p>
            <p className="text-xs text-muted">
              {drop.mine ? moment.format(new Date(drop.mine.openedAt)) : null}
            </p>
          </div>
          <span className="font-semibold text-accent-text tabular">
            {drop.mine ? formatMoney(drop.mine.amount, symbol) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function DrawHistory() {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const [page, setPage] = useState(1);
  const [verifying, setVerifying] = useState<Draw | null>(null);
  const draws = useQuery({
    queryKey: [...REWARD_KEY, 'draws', page, language],
    queryFn: ({ signal }) => fetchDraws(page, language, signal),
    placeholderData: keepPreviousData,
  });
  if (draws.isPending) return <SkeletonLines lines={4} />;
  if (draws.isError) return <ErrorState isCompact onRetry={() => void draws.refetch()} />;
  return (
    <>
      <DrawRows draws={draws.data.list} onVerify={setVerifying} />
      <Pagination current={page} total={draws.data.totalPages} onChange={setPage} />
      {verifying ? (
        <Dialog title={t('rewardCentre.verifyTitle')} onClose={() => setVerifying(null)} size="md">
          <Suspense fallback={<SkeletonLines lines={4} />}>
            <DrawVerification draw={verifying} />
          </Suspense>
        </Dialog>
      ) : null}
    </>
  );
}

function TicketHistory() {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TicketStatus | 'all'>('all');
  const tickets = useQuery({
    queryKey: [...REWARD_KEY, 'tickets', status, page, language],
    queryFn: ({ signal }) =>
      fetchTickets({ page, status: status === 'all' ? null : status }, language, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-2">
      <Tabs
        variant="chips"
        label={t('rewardCentre.ticketFilter')}
        items={[
          { key: 'all' as const, label: t('rewardCentre.allTickets') },
          ...TICKET_STATUSES.map((key) => ({ key, label: t(`rewardCentre.ticketStatus.${key}`) })),
        ]}
        value={status}
        onChange={(key) => {
          setStatus(key);
          setPage(1);
        }}
      />
      {tickets.isPending ? (
        <SkeletonLines lines={4} />
      ) : tickets.isError ? (
        <ErrorState isCompact onRetry={() => void tickets.refetch()} />
      ) : (
        <>
          <TicketRows tickets={tickets.data.list} />
          <Pagination current={page} total={tickets.data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}

/** My history: draws, tickets with their state, and envelopes opened. */
export function RewardHistory({ drops }: { drops: readonly Drop[] }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HistoryTab>('draws');
  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby="reward-history-title"
      data-testid="reward-history"
    >
      <h3 id="reward-history-title" className="text-base font-semibold text-text">
        {t('rewardCentre.historyTitle')}
      </h3>
      <Tabs
        label={t('rewardCentre.historyTitle')}
        items={[
          { key: 'draws' as const, label: t('rewardCentre.historyTabs.draws') },
          { key: 'tickets' as const, label: t('rewardCentre.historyTabs.tickets') },
          { key: 'envelopes' as const, label: t('rewardCentre.historyTabs.envelopes') },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'draws' ? (
        <DrawHistory />
      ) : tab === 'tickets' ? (
        <TicketHistory />
      ) : (
        <OpenedEnvelopeRows drops={drops} />
      )}
    </section>
  );
}
