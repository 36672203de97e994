import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShieldCheck, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetDetailDialogFrame,
  BetFilterControls,
  BetLines,
  type BetStatus,
  BetTotalsPanel,
  Fact,
  ImportingNotice,
} from '../../../components/bets/bet-record-parts';
import { Button } from '../../../components/ui/button';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchBet, fetchBetFilterChoices, fetchBets } from '../api/bets';

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
        <SkeletonLines lines={5} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ImportingNotice importing={query.data.importing} />
          <BetTotalsPanel totals={query.data.totals} symbol={symbol} netLabel={t('bets.net')} />
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
  return (
    <BetDetailDialogFrame
      query={query}
      onClose={onClose}
      symbol={symbol}
      formatTime={formatTime}
      gameTypeName={gameTypeName}
    >
      {(bet) =>
        bet.fairness ? (
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
        ) : null
      }
    </BetDetailDialogFrame>
  );
}
