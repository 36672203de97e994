import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { Tabs } from '../../../components/ui/tabs';
import { joinClassNames } from '../../../lib/class-names';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import {
  fetchTeamTransactions,
  TEAM_TRANSACTION_KINDS,
  type TeamTransactionKind,
  type TeamTransactionLine,
  type TeamTransactions,
} from '../api/team-records';
import { AccountSearchForm } from './account-search-form';

const statusTones: Record<TeamTransactionLine['status'], StatusTone> = {
  pending: 'waiting',
  done: 'good',
  failed: 'bad',
};

/**
 * agentDownlineTransactionDetailsCopy (spec §2): my downlines' deposits, withdrawals, transfers
 * between members and manual adjustments, by kind and days, for everyone or one downline by
 * account, with what moved into and out of their wallets. Accounts come masked from the server.
 */
export function DownlineTransactionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [kind, setKind] = useState<TeamTransactionKind>('deposit');
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [accountText, setAccountText] = useState('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const filter = { kind, range: datePresetRange(preset, new Date()), account, pageNo };
  const query = useQuery({
    queryKey: ['agentTeamTransactions', filter, language],
    queryFn: ({ signal }) => fetchTeamTransactions(filter, language, signal),
    placeholderData: keepPreviousData,
  });
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPageNo(1);
    };

  return (
    <div className="flex flex-col gap-3 p-4" data-testid="downline-transactions-page">
      <Tabs
        label={t('agent.transactions.kind')}
        items={TEAM_TRANSACTION_KINDS.map((key) => ({ key, label: t(`agent.transactions.kinds.${key}`) }))}
        value={kind}
        onChange={refilter(setKind)}
      />
      <DatePresetChips value={preset} onChange={refilter(setPreset)} />
      <AccountSearchForm
        value={accountText}
        onValueChange={setAccountText}
        onSearch={refilter(setAccount)}
        testId="transactions-account"
        className="md:max-w-md"
      />
      {query.isPending ? (
        <div data-testid="transactions-loading">
          <SkeletonLines lines={5} />
        </div>
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <TransactionTotals kind={kind} totals={query.data.totals} symbol={symbol} />
          {query.data.list.length === 0 ? (
            <EmptyState
              icon={<ArrowLeftRight size={26} strokeWidth={1.75} aria-hidden="true" />}
              line={account ? t('agent.records.noMatch') : t(`agent.transactions.empty.${kind}`)}
            />
          ) : (
            <>
              <TransactionLines list={query.data.list} symbol={symbol} />
              <Pagination current={pageNo} total={query.data.totalPages} onChange={setPageNo} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** How many, and what done ones moved in and out; a kind that only moves one way shows that way. */
function TransactionTotals({
  kind,
  totals,
  symbol,
}: {
  kind: TeamTransactionKind;
  totals: TeamTransactions['totals'];
  symbol: string;
}) {
  const { t } = useTranslation();
  const sums = [
    ...(kind === 'withdrawal' ? [] : [{ key: 'in', amount: totals.amountIn }]),
    ...(kind === 'deposit' ? [] : [{ key: 'out', amount: totals.amountOut }]),
  ];
  return (
    <div
      className="flex flex-wrap items-baseline gap-x-6 gap-y-2 rounded-lg border border-line bg-raised p-4"
      data-testid="transactions-totals"
    >
      {sums.map((sum) => (
        <div key={sum.key} className="flex flex-col">
          <span className="text-sm text-muted">{t(`agent.transactions.totals.${sum.key}`)}</span>
          <span className="text-2xl font-bold tabular text-text">{formatMoney(sum.amount, symbol)}</span>
        </div>
      ))}
      <span className="w-full text-xs text-muted">
        {t('agent.transactions.count', { count: totals.count })}
      </span>
    </div>
  );
}

/** The money of a line, signed as it moved for the downline: in with a plus, out with a minus. */
function Amount({ line, symbol }: { line: TeamTransactionLine; symbol: string }) {
  const isIn = line.direction === 'in';
  return (
    <span className={joinClassNames('tabular font-semibold', isIn ? 'text-success' : 'text-text')}>
      {isIn ? '+' : '−'}
      {formatMoney(line.amount, symbol)}
    </span>
  );
}

/** The lines as cards on a phone and as a table from a tablet up. */
function TransactionLines({ list, symbol }: { list: TeamTransactionLine[]; symbol: string }) {
  const { t } = useTranslation();
  const format = dateTimeFormatOf(useLanguage());
  const statusOf = (line: TeamTransactionLine) => (
    <StatusBadge tone={statusTones[line.status]} testId="transaction-status">
      {t(`agent.transactions.statuses.${line.status}`)}
    </StatusBadge>
  );
  /** A transfer names the other member: who sent it, or whom it went to. */
  const counterpartyOf = (line: TeamTransactionLine) =>
    line.counterparty
      ? t(line.direction === 'in' ? 'agent.transactions.from' : 'agent.transactions.to', {
          account: line.counterparty,
        })
      : null;
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden">
        {list.map((line) => (
          <li key={line.id} className="rounded-lg border border-line px-3 py-2.5" data-testid="transaction">
            <div className="flex items-baseline justify-between gap-3">
              <p className="min-w-0 truncate font-semibold text-text">{line.account}</p>
              <Amount line={line} symbol={symbol} />
            </div>
            <div className="mt-1 flex items-center justify-between gap-3 text-xs text-muted">
              <span className="min-w-0 truncate">
                {format.format(new Date(line.createdAt))}
                {counterpartyOf(line) ? ` · ${counterpartyOf(line)}` : ''}
              </span>
              {statusOf(line)}
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="transactions-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('agent.transactions.time')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.account')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.transactions.details')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('agent.transactions.amount')}</th>
            <th className="py-2 font-medium">{t('agent.transactions.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((line) => (
            <tr key={line.id} data-testid="transaction">
              <td className="py-2.5 pr-3 whitespace-nowrap text-muted">
                {format.format(new Date(line.createdAt))}
              </td>
              <td className="py-2.5 pr-3 font-medium text-text">{line.account}</td>
              <td className="py-2.5 pr-3 text-muted">
                {counterpartyOf(line) ?? t(`agent.transactions.kinds.${line.kind}`)}
              </td>
              <td className="py-2.5 pr-3 text-right">
                <Amount line={line} symbol={symbol} />
              </td>
              <td className="py-2.5">{statusOf(line)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
