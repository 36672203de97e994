import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShieldCheck, Ticket } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { Tabs } from '../../../components/ui/tabs';
import { joinClassNames } from '../../../lib/class-names';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import {
  BET_STATUSES,
  type BetLine,
  type BetStatus,
  fetchBet,
  fetchBetFilterChoices,
  fetchBets,
} from '../api/bets';
import { DatePresetChips } from './date-preset-chips';

const statusTones: Record<BetStatus, StatusTone> = { pending: 'waiting', settled: 'good', void: 'neutral' };

/** A bet's result for the member: a win in green with a plus, a loss plain, nothing at all plain. */
function Net({ amount, symbol, className }: { amount: string; symbol: string; className?: string }) {
  const isWin = !amount.startsWith('-') && amount !== '0.00';
  return (
    <span className={joinClassNames('tabular', isWin ? 'text-success' : 'text-text', className)}>
      {isWin ? '+' : ''}
      {formatMoney(amount, symbol)}
    </span>
  );
}

function BetStatusBadge({ status }: { status: BetStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={statusTones[status]} testId="bet-status">
      {t(`bets.statuses.${status}`)}
    </StatusBadge>
  );
}

/** A labelled select of the records' filter, its first choice "all". */
function FilterSelect({
  label,
  anyLabel,
  value,
  choices,
  onChange,
  testId,
}: {
  label: string;
  anyLabel: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full min-w-0 truncate rounded-md border border-line bg-raised px-3 text-base text-text outline-none focus:border-brand md:text-sm"
        data-testid={testId}
      >
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** personalHistoryCopy of the member centre (spec §2): every bet of the member, any vendor. */
export function BettingRecordsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const dateTime = dateTimeFormatOf(language);
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [status, setStatus] = useState<BetStatus | 'all'>('all');
  const [gameType, setGameType] = useState('');
  const [vendorId, setVendorId] = useState('');
  const [page, setPage] = useState(1);
  const [openBetId, setOpenBetId] = useState<string | null>(null);
  const range = datePresetRange(preset, new Date());
  const choices = useQuery({ queryKey: ['bet-filters'], queryFn: fetchBetFilterChoices, staleTime: 300_000 });
  const filter = {
    range,
    status: status === 'all' ? null : status,
    gameType: gameType || null,
    vendorId: vendorId || null,
    page,
  };
  const query = useQuery({
    queryKey: ['bets', filter, language],
    queryFn: () => fetchBets(filter, language),
    placeholderData: keepPreviousData,
  });
  // Any change of the filter starts again from its first page.
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const gameTypeName = (code: string) => t(`games.${code}`, { defaultValue: t('games.OTHER') });

  return (
    <div className="flex flex-col gap-3 p-4" data-testid="betting-records-page">
      <DatePresetChips value={preset} onChange={refilter(setPreset)} />
      <Tabs
        label={t('bets.status')}
        variant="chips"
        items={[
          { key: 'all' as const, label: t('bets.statuses.all') },
          ...BET_STATUSES.map((key) => ({ key, label: t(`bets.statuses.${key}`) })),
        ]}
        value={status}
        onChange={refilter(setStatus)}
      />
      {choices.data ? (
        <div className="grid grid-cols-2 gap-2 md:max-w-lg">
          <FilterSelect
            label={t('bets.gameType')}
            anyLabel={t('bets.anyGameType')}
            value={gameType}
            choices={choices.data.gameTypes.map((code) => ({ value: code, label: gameTypeName(code) }))}
            onChange={refilter(setGameType)}
            testId="bets-game-type"
          />
          <FilterSelect
            label={t('bets.vendor')}
            anyLabel={t('bets.anyVendor')}
            value={vendorId}
            choices={choices.data.vendors.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
            onChange={refilter(setVendorId)}
            testId="bets-vendor"
          />
        </div>
      ) : null}
      {query.isPending ? (
        <SkeletonLines lines={5} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-line bg-raised p-4"
            data-testid="bets-totals"
          >
            <span className="text-sm text-muted">{t('bets.net')}</span>
            <Net amount={query.data.totals.net} symbol={symbol} className="text-2xl font-bold" />
            <span className="w-full text-xs text-muted tabular">
              {t('bets.totalsLine', {
                count: query.data.totals.count,
                stake: formatMoney(query.data.totals.stake, symbol),
                validBet: formatMoney(query.data.totals.validBet, symbol),
                payout: formatMoney(query.data.totals.payout, symbol),
              })}
            </span>
          </div>
          {query.data.list.length === 0 ? (
            <EmptyState
              icon={<Ticket size={26} strokeWidth={1.75} aria-hidden="true" />}
              line={t('bets.empty')}
            />
          ) : (
            <>
              <BetLines
                list={query.data.list}
                symbol={symbol}
                formatTime={(at) => dateTime.format(new Date(at))}
                gameTypeName={gameTypeName}
                onOpen={setOpenBetId}
              />
              <Pagination current={page} total={query.data.totalPages} onChange={setPage} />
            </>
          )}
        </>
      )}
      {openBetId ? (
        <BetDetailDialog
          id={openBetId}
          symbol={symbol}
          formatTime={(at) => dateTime.format(new Date(at))}
          gameTypeName={gameTypeName}
          onClose={() => setOpenBetId(null)}
        />
      ) : null}
    </div>
  );
}

type LineProps = {
  list: readonly BetLine[];
  symbol: string;
  formatTime: (at: string) => string;
  gameTypeName: (code: string) => string;
  onOpen: (id: string) => void;
};

/** The bets: a card each on a phone, a table from tablet width up; each opens its detail. */
function BetLines({ list, symbol, formatTime, gameTypeName, onOpen }: LineProps) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden" data-testid="bets-cards">
        {list.map((bet) => (
          <li key={bet.id} data-testid="bet">
            <button
              type="button"
              onClick={() => onOpen(bet.id)}
              className="flex w-full flex-col gap-1 rounded-lg border border-line bg-raised px-3 py-2.5 text-left hover:border-brand"
            >
              <span className="flex w-full items-baseline justify-between gap-3">
                <span className="min-w-0 truncate text-sm font-semibold text-text">{bet.gameName}</span>
                <Net amount={bet.net} symbol={symbol} className="font-semibold" />
              </span>
              <span className="flex w-full items-center justify-between gap-3 text-xs text-muted">
                <span className="min-w-0 truncate">
                  {bet.vendorName} · {gameTypeName(bet.gameType)}
                </span>
                <BetStatusBadge status={bet.status} />
              </span>
              <span className="flex w-full items-baseline justify-between gap-3 text-xs text-muted">
                <span>{formatTime(bet.placedAt)}</span>
                <span className="tabular">
                  {t('bets.stakeLine', {
                    stake: formatMoney(bet.stake, symbol),
                    payout: formatMoney(bet.payout, symbol),
                  })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="bets-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('bets.placedAt')}</th>
            <th className="py-2 pr-3 font-medium">{t('bets.game')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('bets.stake')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('bets.validBet')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('bets.payout')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('bets.result')}</th>
            <th className="py-2 font-medium">{t('bets.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((bet) => (
            <tr key={bet.id} data-testid="bet">
              <td className="py-2.5 pr-3 whitespace-nowrap text-muted">{formatTime(bet.placedAt)}</td>
              <td className="py-2.5 pr-3">
                <button
                  type="button"
                  onClick={() => onOpen(bet.id)}
                  className="text-left font-semibold text-text hover:text-brand hover:underline"
                >
                  {bet.gameName}
                </button>
                <span className="block text-xs text-muted">
                  {bet.vendorName} · {gameTypeName(bet.gameType)}
                </span>
              </td>
              <td className="py-2.5 pr-3 text-right tabular">{formatMoney(bet.stake, symbol)}</td>
              <td className="py-2.5 pr-3 text-right tabular text-muted">
                {formatMoney(bet.validBet, symbol)}
              </td>
              <td className="py-2.5 pr-3 text-right tabular">{formatMoney(bet.payout, symbol)}</td>
              <td className="py-2.5 pr-3 text-right">
                <Net amount={bet.net} symbol={symbol} className="font-semibold" />
              </td>
              <td className="py-2.5">
                <BetStatusBadge status={bet.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** One fact of a bet: its words and its value. */
function Fact({ label, children, isCode = false }: { label: string; children: ReactNode; isCode?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-xs text-muted sm:text-sm">{label}</dt>
      <dd
        className={joinClassNames(
          'min-w-0 text-sm text-text sm:text-right',
          isCode ? 'font-mono text-xs break-all' : 'tabular',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** One bet: what it was, what it did, and for our own games the inputs that prove its round. */
function BetDetailDialog({
  id,
  symbol,
  formatTime,
  gameTypeName,
  onClose,
}: {
  id: string;
  symbol: string;
  formatTime: (at: string) => string;
  gameTypeName: (code: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const launch = useLaunchGame();
  const query = useQuery({ queryKey: ['bet', id, language], queryFn: () => fetchBet(id, language) });
  const bet = query.data;
  return (
    <Dialog title={t('bets.detailTitle')} onClose={onClose} size="md" testId="bet-detail">
      {query.isPending ? (
        <SkeletonLines lines={6} />
      ) : query.isError || !bet ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-base font-semibold text-text" data-testid="bet-detail-game">
                {bet.gameName}
              </p>
              <p className="text-xs text-muted">
                {bet.vendorName} · {gameTypeName(bet.gameType)}
              </p>
            </div>
            <BetStatusBadge status={bet.status} />
          </div>
          <dl className="divide-y divide-line rounded-lg border border-line px-3">
            <Fact label={t('bets.betId')} isCode>
              {bet.id}
            </Fact>
            <Fact label={t('bets.placedAt')}>{formatTime(bet.placedAt)}</Fact>
            <Fact label={t('bets.settledAt')}>
              {bet.settledAt ? formatTime(bet.settledAt) : t('bets.notSettled')}
            </Fact>
            <Fact label={t('bets.stake')}>{formatMoney(bet.stake, symbol)}</Fact>
            <Fact label={t('bets.validBet')}>{formatMoney(bet.validBet, symbol)}</Fact>
            <Fact label={t('bets.payout')}>{formatMoney(bet.payout, symbol)}</Fact>
            <Fact label={t('bets.result')}>
              <Net amount={bet.net} symbol={symbol} className="font-semibold" />
            </Fact>
          </dl>
          {bet.fairness ? (
            <section className="flex flex-col gap-2" data-testid="bet-fairness">
              <h3 className="flex items-center gap-1.5 text-sm font-semibold text-text">
                <ShieldCheck size={16} aria-hidden="true" />
                {t('bets.fairness')}
              </h3>
              <dl className="divide-y divide-line rounded-lg border border-line px-3">
                <Fact label={t('bets.serverSeedHash')} isCode>
                  {bet.fairness.serverSeedHash}
                </Fact>
                <Fact label={t('bets.serverSeed')} isCode>
                  {bet.fairness.serverSeed ?? t('bets.serverSeedHidden')}
                </Fact>
                <Fact label={t('bets.clientSeed')} isCode>
                  {bet.fairness.clientSeed}
                </Fact>
                <Fact label={t('bets.nonce')} isCode>
                  {bet.fairness.nonce}
                </Fact>
              </dl>
              <p className="text-xs text-muted">{t('bets.verifyHelp')}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  const fairness = bet.fairness;
                  if (!fairness) return;
                  onClose();
                  void launch(
                    {
                      isGame: 'GAME',
                      nodeId: fairness.nodeId,
                      vassalage: fairness.vassalage,
                      gameName: bet.gameName,
                    },
                    'real',
                    { recallRoundId: bet.id },
                  );
                }}
                data-testid="bet-verify"
              >
                {t('bets.verify')}
              </Button>
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
