import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { usePermission } from '../../../lib/api/system-hooks';
import { joinClassNames } from '../../../lib/class-names';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  fetchTransactions,
  TRANSACTION_TYPES,
  type TransactionLine,
  type TransactionType,
} from '../api/statements';
import { DatePresetChips } from './date-preset-chips';

type TypeFilter = TransactionType | 'all';

/** A signed amount: money in shows with a plus and in green. */
export function Amount({ amount, symbol }: { amount: string; symbol: string }) {
  const isOut = amount.startsWith('-');
  return (
    <span className={joinClassNames('font-semibold tabular', isOut ? 'text-text' : 'text-success')}>
      {isOut ? '' : '+'}
      {formatMoney(amount, symbol)}
    </span>
  );
}

function Lines({ list, symbol }: { list: TransactionLine[]; symbol: string }) {
  const { t } = useTranslation();
  const dateTime = dateTimeFormatOf(useLanguage());
  return (
    <>
      {/* Phones: each line a card. */}
      <ul className="flex flex-col gap-2 md:hidden" data-testid="transactions-cards">
        {list.map((line) => (
          <li
            key={line.id}
            className="rounded-lg border border-line bg-raised px-3 py-2.5"
            data-testid="transaction"
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-sm font-semibold text-text">{t(`statements.codes.${line.code}`)}</span>
              <Amount amount={line.amount} symbol={symbol} />
            </div>
            <div className="mt-0.5 flex items-baseline justify-between gap-3 text-xs text-muted">
              <span>{dateTime.format(new Date(line.createdAt))}</span>
              <span className="tabular">
                {t('statements.balanceAfter', { amount: formatMoney(line.balanceAfter, symbol) })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {/* Wider screens: a table. */}
      <table className="hidden w-full text-sm md:table" data-testid="transactions-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('statements.time')}</th>
            <th className="py-2 pr-3 font-medium">{t('statements.type')}</th>
            <th className="py-2 pr-3 font-medium">{t('statements.wallet')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('statements.amount')}</th>
            <th className="py-2 text-right font-medium">{t('statements.balance')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((line) => (
            <tr key={line.id} data-testid="transaction">
              <td className="py-2.5 pr-3 text-muted">{dateTime.format(new Date(line.createdAt))}</td>
              <td className="py-2.5 pr-3 text-text">{t(`statements.codes.${line.code}`)}</td>
              <td className="py-2.5 pr-3 text-muted">{t(`statements.wallets.${line.wallet}`)}</td>
              <td className="py-2.5 pr-3 text-right">
                <Amount amount={line.amount} symbol={symbol} />
              </td>
              <td className="py-2.5 text-right tabular text-text">
                {formatMoney(line.balanceAfter, symbol)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** transactionHistory of the member centre (spec §2): the member's ledger statement. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [type, setType] = useState<TypeFilter>('all');
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [page, setPage] = useState(1);
  const range = datePresetRange(preset, new Date());
  const query = useQuery({
    queryKey: ['transactions', type, range.from, range.to, page, language],
    queryFn: () => fetchTransactions({ type: type === 'all' ? null : type, range, page }, language),
    placeholderData: keepPreviousData,
  });
  const typeItems = [
    { key: 'all' as const, label: t('statements.types.all') },
    ...TRANSACTION_TYPES.map((key) => ({ key, label: t(`statements.types.${key}`) })),
  ];
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="transaction-history-page">
      <DatePresetChips
        value={preset}
        onChange={(next) => {
          setPreset(next);
          setPage(1);
        }}
      />
      <Tabs
        label={t('statements.type')}
        variant="chips"
        items={typeItems}
        value={type}
        onChange={(next) => {
          setType(next);
          setPage(1);
        }}
      />
      {query.isPending ? (
        <SkeletonLines lines={5} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <EmptyState
          icon={<ReceiptText size={26} strokeWidth={1.75} aria-hidden="true" />}
          line={t('statements.empty')}
        />
      ) : (
        <>
          <Lines list={query.data.list} symbol={symbol} />
          <Pagination current={page} total={query.data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
