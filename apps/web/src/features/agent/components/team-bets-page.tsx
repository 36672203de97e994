import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetDetailDialogFrame,
  BetFilterControls,
  BetLines,
  type BetStatus,
  BetTotalsPanel,
  ImportingNotice,
} from '../../../components/bets/bet-record-parts';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchTeamBet, fetchTeamBetFilterChoices, fetchTeamBets } from '../api/team-records';
import { AccountSearchForm } from './account-search-form';

type Scope = 'all' | 'direct';

/**
 * personalHistoryCopy of the agent centre (spec §2): the bets of everyone in my team, or of my
 * direct downlines, or of one downline by account, across vendors, with the member records'
 * filters and totals. Accounts come masked from the server.
 */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const dateTime = dateTimeFormatOf(language);
  const formatTime = (at: string) => dateTime.format(new Date(at));
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [scope, setScope] = useState<Scope>('all');
  const [accountText, setAccountText] = useState('');
  const [account, setAccount] = useState('');
  const [status, setStatus] = useState<BetStatus | 'all'>('all');
  const [gameType, setGameType] = useState('');
  const [vendorId, setVendorId] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [openBetId, setOpenBetId] = useState<string | null>(null);
  const choices = useQuery({
    queryKey: ['bet-filters'],
    queryFn: ({ signal }) => fetchTeamBetFilterChoices(signal),
    staleTime: 300_000,
  });
  const filter = {
    range: datePresetRange(preset, new Date()),
    scope,
    account,
    status: status === 'all' ? null : status,
    gameType: gameType || null,
    vendorId: vendorId || null,
    pageNo,
  };
  const query = useQuery({
    queryKey: ['agentTeamBets', filter, language],
    queryFn: ({ signal }) => fetchTeamBets(filter, language, signal),
    placeholderData: keepPreviousData,
  });
  // Any change of the filter starts again from its first page.
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPageNo(1);
    };
  const gameTypeName = (code: string) => t(`games.${code}`, { defaultValue: t('games.OTHER') });
  const scopes: TabItem<Scope>[] = [
    { key: 'all', label: t('agent.downlines.all') },
    { key: 'direct', label: t('agent.downlines.direct') },
  ];

  return (
    <div className="flex flex-col gap-3 p-4" data-testid="team-bets-page">
      <DatePresetChips value={preset} onChange={refilter(setPreset)} />
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        {account ? (
          <p className="text-sm text-muted">{t('agent.records.oneMember')}</p>
        ) : (
          <Tabs label={t('agent.records.whose')} items={scopes} value={scope} onChange={refilter(setScope)} />
        )}
        <AccountSearchForm
          value={accountText}
          onValueChange={setAccountText}
          onSearch={refilter(setAccount)}
          testId="team-bets-account"
        />
      </div>
      <BetFilterControls
        status={status}
        onStatusChange={refilter(setStatus)}
        gameType={gameType}
        onGameTypeChange={refilter(setGameType)}
        vendorId={vendorId}
        onVendorChange={refilter(setVendorId)}
        choices={choices.data}
        gameTypeName={gameTypeName}
      />
      {query.isPending ? (
        <div data-testid="team-bets-loading">
          <SkeletonLines lines={5} />
        </div>
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ImportingNotice importing={query.data.importing} />
          <BetTotalsPanel totals={query.data.totals} symbol={symbol} netLabel={t('agent.records.teamNet')} />
          {query.data.list.length === 0 ? (
            <EmptyState
              icon={<Ticket size={26} strokeWidth={1.75} aria-hidden="true" />}
              line={account ? t('agent.records.noMatch') : t('agent.records.noBets')}
            />
          ) : (
            <>
              <BetLines
                list={query.data.list}
                symbol={symbol}
                formatTime={formatTime}
                gameTypeName={gameTypeName}
                onOpen={setOpenBetId}
                accountLabel={t('agent.downlines.account')}
              />
              <Pagination current={pageNo} total={query.data.totalPages} onChange={setPageNo} />
            </>
          )}
        </>
      )}
      {openBetId ? (
        <TeamBetDialog
          id={openBetId}
          symbol={symbol}
          formatTime={formatTime}
          gameTypeName={gameTypeName}
          onClose={() => setOpenBetId(null)}
        />
      ) : null}
    </div>
  );
}

/** One bet of the team: whose, what it was and what it did. */
function TeamBetDialog({
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
  const query = useQuery({
    queryKey: ['agentTeamBet', id, language],
    queryFn: ({ signal }) => fetchTeamBet(id, language, signal),
  });
  return (
    <BetDetailDialogFrame
      query={query}
      onClose={onClose}
      symbol={symbol}
      formatTime={formatTime}
      gameTypeName={gameTypeName}
      accountLabel={t('agent.downlines.account')}
    />
  );
}
