import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchTransactions, TRANSACTION_TYPES, type TransactionType } from '../api/statements';
import { StatementLines } from './statement-lines';

type TypeFilter = TransactionType | 'all';

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
  // Salary and dividends are paid to agents only: a player has no use for their chip.
  const isAgent = useAuthStore((state) => state.isAgent);
  const typeItems = [
    { key: 'all' as const, label: t('statements.types.all') },
    ...TRANSACTION_TYPES.filter((key) => key !== 'commission' || isAgent).map((key) => ({
      key,
      label: t(`statements.types.${key}`),
    })),
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
          <StatementLines
            list={query.data.list}
            symbol={symbol}
            showWallet
            descriptionHeading={t('statements.type')}
            testId="transactions"
            lineTestId="transaction"
          />
          <Pagination current={page} total={query.data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
