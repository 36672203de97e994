import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, HandCoins, Medal, Timer, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { BADGES_KEY } from '../../../lib/api/member-badges';
import { BONUSES_KEY } from '../../../lib/bonus/bonuses';
import { useNow } from '../../../lib/bonus/use-now';
import { countdownUnitsOf, formatCountdown, millisecondsUntil } from '../../../lib/countdown';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { formatMoney } from '../../../lib/format';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import {
  claimMission,
  fetchLeaderboard,
  fetchMissionSummary,
  type LeaderboardStanding,
  type LeaderboardView,
  MISSIONS_KEY,
  type MissionItem,
  type MissionSummary,
  type RankRow,
} from '../api/missions';
import { claimRefusalKeyOf } from '../mission-words';

/** Countdowns move by the second. */
const COUNTDOWN_TICK_MS = 1_000;

/** Everything a claim changes: the missions, their badge, the balances and the member's bonuses. */
const KEYS_A_CLAIM_CHANGES: readonly (readonly unknown[])[] = [
  MISSIONS_KEY,
  BADGES_KEY,
  ['wallet', 'balance'],
  BONUSES_KEY,
  ['bonus-details'],
];

type Tab = 'summary' | 'leaderboard';

/** Spec §2's missionLeaderboard: the summary (missions, my standings) and the leaderboard. */
export function MissionLeaderboardPage() {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const [tab, setTab] = useState<Tab>('summary');
  const [boardId, setBoardId] = useState<string | null>(null);
  const summary = useQuery({
    queryKey: [...MISSIONS_KEY, 'summary', language],
    queryFn: ({ signal }) => fetchMissionSummary(language, signal),
  });
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="mission-leaderboard">
      <Tabs
        label={t('pages.memberPages.missionLeaderboard')}
        items={[
          { key: 'summary', label: t('missions.tabs.summary') },
          { key: 'leaderboard', label: t('missions.tabs.leaderboard') },
        ]}
        value={tab}
        onChange={setTab}
      />
      {summary.isPending ? (
        <SkeletonLines lines={6} />
      ) : summary.isError ? (
        <ErrorState onRetry={() => void summary.refetch()} />
      ) : (
        <MissionLeaderboardContent
          summary={summary.data}
          tab={tab}
          boardId={boardId}
          onOpenBoard={(id) => {
            setBoardId(id);
            setTab('leaderboard');
          }}
          onPickBoard={setBoardId}
        />
      )}
    </div>
  );
}

/** The page's content once the summary has arrived. */
export function MissionLeaderboardContent({
  summary,
  tab,
  boardId,
  onOpenBoard,
  onPickBoard,
}: {
  summary: MissionSummary;
  tab: Tab;
  boardId: string | null;
  onOpenBoard: (id: string) => void;
  onPickBoard: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (!summary.eligible) return <EmptyState line={t('missions.notEligible')} />;
  if (tab === 'summary') return <SummaryTab summary={summary} onOpenBoard={onOpenBoard} />;
  if (summary.leaderboards.length === 0) return <EmptyState line={t('missions.board.none')} />;
  const chosen = summary.leaderboards.find((board) => board.id === boardId) ?? summary.leaderboards[0];
  if (!chosen) return null;
  return (
    <div className="flex flex-col gap-3">
      {summary.leaderboards.length > 1 ? (
        <Tabs
          variant="chips"
          label={t('missions.tabs.leaderboard')}
          items={summary.leaderboards.map((board) => ({ key: board.id, label: board.name }))}
          value={chosen.id}
          onChange={onPickBoard}
        />
      ) : null}
      <LeaderboardTab standing={chosen} />
    </div>
  );
}

function SummaryTab({
  summary,
  onOpenBoard,
}: {
  summary: MissionSummary;
  onOpenBoard: (id: string) => void;
}) {
  const { t } = useTranslation();
  const now = useNow(COUNTDOWN_TICK_MS);
  const daily = summary.missions.filter((mission) => mission.period === 'daily');
  const weekly = summary.missions.filter((mission) => mission.period === 'weekly');
  return (
    <div className="flex flex-col gap-5">
      {summary.leaderboards.length > 0 ? (
        <section className="grid gap-3 sm:grid-cols-2" aria-label={t('missions.board.mine')}>
          {summary.leaderboards.map((standing) => (
            <StandingCard
              key={standing.id}
              standing={standing}
              now={now}
              onOpen={() => onOpenBoard(standing.id)}
            />
          ))}
        </section>
      ) : null}
      {summary.missions.length === 0 ? <EmptyState line={t('missions.none')} /> : null}
      {[
        { key: 'daily', items: daily },
        { key: 'weekly', items: weekly },
      ].map((group) =>
        group.items.length === 0 ? null : (
          <section key={group.key} className="flex flex-col gap-2" data-testid={`missions-${group.key}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-sm font-semibold text-text">{t(`missions.${group.key}`)}</h3>
              {group.items[0] ? (
                <p className="flex items-center gap-1 text-xs text-muted tabular">
                  <Timer size={14} aria-hidden="true" />
                  {t('missions.endsIn', {
                    time: formatCountdown(
                      millisecondsUntil(group.items[0].periodEndsAt, now),
                      countdownUnitsOf(t),
                    ),
                  })}
                </p>
              ) : null}
            </div>
            <ul className="flex flex-col gap-2">
              {group.items.map((mission) => (
                <MissionCard key={mission.id} mission={mission} />
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}

function figureText(metric: LeaderboardStanding['metric'], figure: string, symbol: string): string {
  return metric === 'validBet' ? formatMoney(figure, symbol) : figure;
}

function StandingCard({
  standing,
  now,
  onOpen,
}: {
  standing: LeaderboardStanding;
  now: Date;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  return (
    <article
      className="flex flex-col gap-2 rounded-lg border border-line bg-raised p-4"
      data-testid="leaderboard-standing"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-text">
          <Trophy size={18} aria-hidden="true" className="shrink-0 text-accent" />
          {standing.name}
        </h3>
        <span className="shrink-0 text-xs text-muted">{t(`missions.board.periods.${standing.period}`)}</span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('missions.board.myRank')}</dt>
          <dd className="text-xl font-bold text-text tabular" data-testid="my-rank">
            {standing.me ? `#${standing.me.rank}` : t('missions.board.notRanked')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t(`missions.board.metrics.${standing.metric}`)}</dt>
          <dd className="break-all text-base font-bold text-text tabular sm:text-xl">
            {figureText(
              standing.metric,
              standing.me?.figure ?? (standing.metric === 'validBet' ? '0.00' : '0'),
              symbol,
            )}
          </dd>
        </div>
      </dl>
      <p className="flex items-center gap-1 text-xs text-muted tabular">
        <Timer size={14} aria-hidden="true" />
        {standing.closed
          ? t('missions.board.closed')
          : t('missions.endsIn', {
              time: formatCountdown(millisecondsUntil(standing.endsAt, now), countdownUnitsOf(t)),
            })}
      </p>
      <Button variant="secondary" size="sm" className="self-start" onClick={onOpen}>
        {t('missions.board.view')}
      </Button>
    </article>
  );
}

type ClaimAnswer = { paid: string } | { tickets: number } | { failure: FormAnswer };

function MissionCard({ mission }: { mission: MissionItem }) {
  const { t } = useTranslation();
  const { language, symbol } = usePromotionViewer();
  const queryClient = useQueryClient();
  const [isClaiming, setClaiming] = useState(false);
  const [answer, setAnswer] = useState<ClaimAnswer | null>(null);
  const money = (amount: string) => formatMoney(amount, symbol);
  const figures =
    mission.unit === 'amount'
      ? t('missions.units.amount', { progress: money(mission.progress), target: money(mission.target) })
      : t(
          `missions.units.${mission.task === 'loginStreak' ? 'days' : mission.task === 'newGame' ? 'games' : 'rounds'}`,
          {
            progress: mission.progress,
            target: mission.target,
          },
        );
  const reward =
    mission.reward.kind === 'ticket'
      ? t('missions.reward.ticket', {
          count: mission.reward.tickets ?? 0,
          table: mission.reward.tableName ?? '',
        })
      : mission.reward.kind === 'cash'
        ? t('missions.reward.cash', { amount: money(mission.reward.amount) })
        : t('missions.reward.bonus', {
            amount: money(mission.reward.amount),
            multiplier: mission.reward.multiplier,
          });

  async function claim() {
    setClaiming(true);
    setAnswer(null);
    try {
      const paid = await claimMission(mission.id, language);
      setAnswer(paid.kind === 'ticket' ? { tickets: paid.tickets } : { paid: paid.amount });
    } catch (error) {
      const key = claimRefusalKeyOf(error);
      setAnswer({ failure: key ? { message: t(key) } : answerOfFailure(error, t('missions.failed')) });
    } finally {
      setClaiming(false);
      for (const queryKey of KEYS_A_CLAIM_CHANGES) void queryClient.invalidateQueries({ queryKey });
    }
  }

  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3"
      data-testid="mission-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-text">{mission.name}</p>
          <p className="text-xs text-muted">{reward}</p>
        </div>
        {mission.claimed ? (
          <span
            className="flex items-center gap-1 text-sm font-semibold text-success"
            data-testid="mission-claimed"
          >
            <CircleCheck size={16} aria-hidden="true" />
            {t('missions.claimed')}
          </span>
        ) : (
          <Button
            size="sm"
            icon={<HandCoins size={16} aria-hidden="true" />}
            disabled={isClaiming || !mission.done}
            onClick={() => void claim()}
            data-testid="mission-claim"
          >
            {isClaiming ? t('missions.claiming') : mission.done ? t('missions.claim') : t('missions.notDone')}
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2 text-xs">
          <span className="text-text tabular">{figures}</span>
          <span className="font-semibold text-text tabular">{mission.percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={mission.percent}
          aria-label={mission.name}
          className="h-2 overflow-hidden rounded-full bg-line"
        >
          <div
            className="h-full rounded-full bg-[linear-gradient(90deg,var(--panalo-brand),var(--panalo-accent))] transition-[width] duration-200 ease-out"
            style={{ width: `${mission.percent}%` }}
          />
        </div>
      </div>
      {answer && 'paid' in answer ? (
        <p role="status" className="text-sm text-success" data-testid="mission-claim-paid">
          {t('missions.claimedNow', { amount: money(answer.paid) })}
        </p>
      ) : null}
      {answer && 'tickets' in answer ? (
        <p role="status" className="text-sm text-success" data-testid="mission-claim-paid">
          {t('missions.claimedTickets', { count: answer.tickets })}
        </p>
      ) : null}
      {answer && 'failure' in answer ? (
        <p role="alert" className="text-sm text-danger" data-testid="mission-claim-error">
          {answer.failure.message}
        </p>
      ) : null}
    </li>
  );
}

function LeaderboardTab({ standing }: { standing: LeaderboardStanding }) {
  const { language } = usePromotionViewer();
  const board = useQuery({
    queryKey: [...MISSIONS_KEY, 'leaderboard', standing.id, language],
    queryFn: ({ signal }) => fetchLeaderboard(standing.id, language, signal),
  });
  if (board.isPending) return <SkeletonLines lines={8} />;
  if (board.isError) return <ErrorState onRetry={() => void board.refetch()} />;
  return <LeaderboardBoard board={board.data} />;
}

/** One leaderboard: time left, prizes, the top ranks and the ranks around the member. */
export function LeaderboardBoard({ board }: { board: LeaderboardView }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const now = useNow(COUNTDOWN_TICK_MS);
  const isAroundShown = board.me !== null && !board.top.some((row) => row.isMe);
  return (
    <div className="flex flex-col gap-4" data-testid="leaderboard">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {t(`missions.board.periods.${board.period}`)} · {t(`missions.board.metrics.${board.metric}`)} ·{' '}
          {t('missions.board.ranked', { count: board.ranked })}
        </p>
        <p
          className="flex items-center gap-1 text-sm font-semibold text-text tabular"
          data-testid="leaderboard-countdown"
        >
          <Timer size={16} aria-hidden="true" className="text-brand-strong" />
          {board.closed
            ? t('missions.board.closed')
            : t('missions.endsIn', {
                time: formatCountdown(millisecondsUntil(board.endsAt, now), countdownUnitsOf(t)),
              })}
        </p>
      </div>
      <section aria-label={t('missions.board.prizes')} className="flex flex-wrap gap-2">
        {board.prizes.map((prize) => (
          <span
            key={prize.rank}
            className="flex items-center gap-1 rounded-full bg-raised px-3 py-1 text-xs text-text tabular"
          >
            <Medal size={14} aria-hidden="true" className="text-accent" />#{prize.rank}{' '}
            {prize.kind === 'cash'
              ? formatMoney(prize.amount, symbol)
              : t('missions.board.prizeBonus', { amount: formatMoney(prize.amount, symbol) })}
          </span>
        ))}
      </section>
      {board.top.length === 0 ? (
        <EmptyState line={t('missions.board.empty')} />
      ) : (
        <RankTable
          title={t('missions.board.top', { count: board.top.length })}
          rows={board.top}
          board={board}
        />
      )}
      {isAroundShown ? (
        <RankTable title={t('missions.board.around')} rows={board.neighbours} board={board} />
      ) : null}
    </div>
  );
}

function RankTable({ title, rows, board }: { title: string; rows: RankRow[]; board: LeaderboardView }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-text">{title}</h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th className="w-16 py-1 font-normal">{t('missions.board.rank')}</th>
            <th className="py-1 font-normal">{t('missions.board.player')}</th>
            <th className="py-1 text-right font-normal">{t(`missions.board.metrics.${board.metric}`)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.rank}
              className={`border-t border-line ${row.isMe ? 'bg-brand-soft font-semibold' : ''}`}
              data-testid={row.isMe ? 'rank-me' : 'rank-row'}
            >
              <td className="py-2 tabular">#{row.rank}</td>
              <td className="py-2">
                {row.account}
                {row.isMe ? (
                  <span className="ml-2 text-xs text-brand-strong">{t('missions.board.me')}</span>
                ) : null}
              </td>
              <td className="py-2 text-right tabular">{figureText(board.metric, row.figure, symbol)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
