import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import { formatMoney } from '../../lib/format';
import { Dialog } from '../ui/dialog';
import { SkeletonLines } from '../ui/skeleton';
import { ErrorState } from '../ui/states';
import { StatusBadge, type StatusTone } from '../ui/status-badge';
import { Tabs } from '../ui/tabs';

/**
 * The pieces of a betting records page, shared by the member's own records and an agent's team
 * records: the statuses, the result, the totals, the list (cards on a phone, a table from tablet
 * width up) and one bet's facts.
 */

export const BET_STATUSES = ['pending', 'settled', 'void'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** A bet as both records answer it; a team's also names the bettor (masked by the server). */
export type BetLineView = {
  id: string;
  placedAt: string;
  settledAt: string | null;
  gameName: string;
  vendorName: string;
  gameType: string;
  stake: string;
  validBet: string;
  payout: string;
  net: string;
  status: BetStatus;
  account?: string;
};

export type BetTotalsView = { count: number; stake: string; validBet: string; payout: string; net: string };

const statusTones: Record<BetStatus, StatusTone> = { pending: 'waiting', settled: 'good', void: 'neutral' };

/** A bet's result for the member: a win in green with a plus, a loss plain, nothing at all plain. */
export function Net({ amount, symbol, className }: { amount: string; symbol: string; className?: string }) {
  const isWin = !amount.startsWith('-') && amount !== '0.00';
  return (
    <span className={joinClassNames('tabular', isWin ? 'text-success' : 'text-text', className)}>
      {isWin ? '+' : ''}
      {formatMoney(amount, symbol)}
    </span>
  );
}

export function BetStatusBadge({ status }: { status: BetStatus }) {
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

export type BetFilterChoices = { vendors: { id: string; name: string }[]; gameTypes: string[] };

/**
 * The records' filters: status chips, and once the choices have loaded, the game type and vendor
 * selects; each change goes to its own handler (which starts the list again from its first page).
 */
export function BetFilterControls({
  status,
  onStatusChange,
  gameType,
  onGameTypeChange,
  vendorId,
  onVendorChange,
  choices,
  gameTypeName,
}: {
  status: BetStatus | 'all';
  onStatusChange: (status: BetStatus | 'all') => void;
  gameType: string;
  onGameTypeChange: (gameType: string) => void;
  vendorId: string;
  onVendorChange: (vendorId: string) => void;
  choices: BetFilterChoices | undefined;
  gameTypeName: (code: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Tabs
        label={t('bets.status')}
        variant="chips"
        items={[
          { key: 'all' as const, label: t('bets.statuses.all') },
          ...BET_STATUSES.map((key) => ({ key, label: t(`bets.statuses.${key}`) })),
        ]}
        value={status}
        onChange={onStatusChange}
      />
      {choices ? (
        <div className="grid grid-cols-2 gap-2 md:max-w-lg">
          <FilterSelect
            label={t('bets.gameType')}
            anyLabel={t('bets.anyGameType')}
            value={gameType}
            choices={choices.gameTypes.map((code) => ({ value: code, label: gameTypeName(code) }))}
            onChange={onGameTypeChange}
            testId="bets-game-type"
          />
          <FilterSelect
            label={t('bets.vendor')}
            anyLabel={t('bets.anyVendor')}
            value={vendorId}
            choices={choices.vendors.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
            onChange={onVendorChange}
            testId="bets-vendor"
          />
        </div>
      ) : null}
    </>
  );
}

/** A transfer-wallet vendor whose bets may not all be in the figures yet (the answers' `importing`). */
export type ImportingVendorView = { vendor: string; vendorName: string; lastImportedAt: string | null };

/**
 * One line naming the transfer-wallet vendors whose figures are still being imported: their bets
 * reach us through the vendor's feed some time after play. Nothing when every bet is in.
 */
export function ImportingNotice({ importing }: { importing: readonly ImportingVendorView[] }) {
  const { t } = useTranslation();
  if (importing.length === 0) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-line bg-raised px-3 py-2 text-xs text-muted"
      data-testid="bets-importing"
    >
      {t('bets.importing', { vendors: importing.map((vendor) => vendor.vendorName).join(', ') })}
    </p>
  );
}

/** The sums over the whole filter: the result large, the rest in a line below. */
export function BetTotalsPanel({
  totals,
  symbol,
  netLabel,
}: {
  totals: BetTotalsView;
  symbol: string;
  netLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-line bg-raised p-4"
      data-testid="bets-totals"
    >
      <span className="text-sm text-muted">{netLabel}</span>
      <Net amount={totals.net} symbol={symbol} className="text-2xl font-bold" />
      <span className="w-full text-xs text-muted tabular">
        {t('bets.totalsLine', {
          count: totals.count,
          stake: formatMoney(totals.stake, symbol),
          validBet: formatMoney(totals.validBet, symbol),
          payout: formatMoney(totals.payout, symbol),
        })}
      </span>
    </div>
  );
}

type LineProps = {
  list: readonly BetLineView[];
  symbol: string;
  formatTime: (at: string) => string;
  gameTypeName: (code: string) => string;
  onOpen: (id: string) => void;
  /** The column heading of the bettor's account, for a team's records; none for one's own. */
  accountLabel?: string;
};

/** The bets: a card each on a phone, a table from tablet width up; each opens its detail. */
export function BetLines({ list, symbol, formatTime, gameTypeName, onOpen, accountLabel }: LineProps) {
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
              {accountLabel && bet.account ? (
                <span className="text-xs font-semibold text-muted" data-testid="bet-account">
                  {bet.account}
                </span>
              ) : null}
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
            {accountLabel ? <th className="py-2 pr-3 font-medium">{accountLabel}</th> : null}
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
              {accountLabel ? (
                <td className="py-2.5 pr-3 font-medium text-text" data-testid="bet-account">
                  {bet.account}
                </td>
              ) : null}
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
export function Fact({
  label,
  children,
  isCode = false,
}: {
  label: string;
  children: ReactNode;
  isCode?: boolean;
}) {
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

/** What a bet was and what it did: its game and status, then its facts. */
export function BetSummary({
  bet,
  symbol,
  formatTime,
  gameTypeName,
  accountLabel,
}: {
  bet: BetLineView;
  symbol: string;
  formatTime: (at: string) => string;
  gameTypeName: (code: string) => string;
  accountLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
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
        {accountLabel && bet.account ? <Fact label={accountLabel}>{bet.account}</Fact> : null}
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
    </>
  );
}

/**
 * A bet's detail dialog: loading, failure with retry, then the bet's summary and whatever the
 * records add below it (a member's own bets, the fairness inputs).
 */
export function BetDetailDialogFrame<Bet extends BetLineView>({
  query,
  onClose,
  symbol,
  formatTime,
  gameTypeName,
  accountLabel,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: Bet | undefined; refetch: () => unknown };
  onClose: () => void;
  symbol: string;
  formatTime: (at: string) => string;
  gameTypeName: (code: string) => string;
  accountLabel?: string;
  children?: (bet: Bet) => ReactNode;
}) {
  const { t } = useTranslation();
  const bet = query.data;
  return (
    <Dialog title={t('bets.detailTitle')} onClose={onClose} size="md" testId="bet-detail">
      {query.isPending ? (
        <SkeletonLines lines={6} />
      ) : query.isError || !bet ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          <BetSummary
            bet={bet}
            symbol={symbol}
            formatTime={formatTime}
            gameTypeName={gameTypeName}
            accountLabel={accountLabel}
          />
          {children?.(bet)}
        </div>
      )}
    </Dialog>
  );
}
