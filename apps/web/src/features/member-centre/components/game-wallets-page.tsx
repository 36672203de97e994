import { ArrowLeftRight, Info, RotateCw, Undo2, Wallet } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../components/ui/button';
import { FormNotice, TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { StickyPageActions } from '../../../components/ui/sticky-page-actions';
import { isApiError } from '../../../lib/api/api-error';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { BALANCE_HIGHLIGHT_MS } from '../../../lib/money';
import type { GameWallet, MerchantWallets } from '../api/game-wallets';
import {
  useMerchantWallets,
  useRecallToMainWallet,
  useRefreshWallets,
  useWalletTransfer,
} from '../hooks/use-game-wallets';
import {
  checkTransferAmount,
  hasMoney,
  newTransferRequestId,
  quickTransferAmounts,
  TRANSFER_MINIMUM_CENTAVOS,
  toWireAmount,
} from '../transfer-amount';

/** A vendor that has not confirmed a move settles in the background; the page asks again after this. */
const PENDING_REFRESH_MS = 4_000;

/** Codes after which the server never saw the request, or its answer was lost: the same id is sent again. */
const LOST_ANSWER_CODES = new Set(['NETWORK', 'TIMEOUT', 'BAD_RESPONSE']);

type Direction = 'toVendor' | 'toMain';

type Notice = { tone: 'done' | 'pending' | 'error'; message: string; code?: string };

/**
 * walletTransfer of the member centre: the main wallet and one wallet per transfer-mode vendor
 * (vendors that keep the player's money themselves, spec §3 and §7), a form to move money between
 * them, and a button that brings every game wallet's money back to the main wallet.
 */
export function GameWalletsPage() {
  const { t } = useTranslation();
  const wallets = useMerchantWallets({ isAskedOnOpen: true });
  // A recall starts the form afresh: its last answer speaks of balances that are gone.
  const [recallCount, setRecallCount] = useState(0);

  if (wallets.isPending) return <GameWalletsSkeleton />;
  if (wallets.isError)
    return (
      <ErrorState
        title={t('gameWallets.loadFailed')}
        line={t('gameWallets.loadFailedLine')}
        onRetry={() => void wallets.refetch()}
      />
    );
  if (wallets.data.vendors.length === 0)
    return (
      <EmptyState
        icon={<Wallet size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={t('gameWallets.emptyTitle')}
        line={t('gameWallets.emptyLine')}
      />
    );

  const { data } = wallets;
  const onRecalled = () => setRecallCount((count) => count + 1);
  return (
    <section className="flex flex-col gap-5 p-4" data-testid="game-wallets-page">
      {data.isSingle ? (
        <p
          className="flex gap-2 rounded-md border border-brand/40 bg-brand-soft px-3 py-2 text-sm text-text"
          data-testid="game-wallets-single"
        >
          <Info size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-strong" />
          {t('gameWallets.singleLine')}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-muted">{t('gameWallets.walletsTitle')}</h3>
          <IconButton
            label={t('gameWallets.refresh')}
            onClick={() => void wallets.refetch()}
            disabled={wallets.isFetching}
            data-testid="game-wallets-refresh"
          >
            <RotateCw
              size={18}
              aria-hidden="true"
              className={wallets.isFetching ? 'animate-spin' : undefined}
            />
          </IconButton>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          <li className="col-span-2 sm:col-span-1">
            <WalletCard
              name={t('gameWallets.mainWallet')}
              balance={data.mainWallet}
              symbol={data.currencySymbol}
              isMain
              testId="wallet-main"
            />
          </li>
          {data.vendors.map((vendor) => (
            <li key={vendor.vassalage}>
              <WalletCard
                name={vendor.name}
                balance={vendor.balance}
                symbol={data.currencySymbol}
                badge={<VendorBadge vendor={vendor} />}
                testId={`wallet-${vendor.vassalage}`}
              />
            </li>
          ))}
        </ul>
      </div>
      {/* In single-wallet mode the games move money on their own, so bringing it back is the main action. */}
      {data.isSingle ? <RecallAll wallets={data} isPrimary onRecalled={onRecalled} /> : null}
      <TransferForm key={recallCount} wallets={data} />
      {data.isSingle ? null : <RecallAll wallets={data} isPrimary={false} onRecalled={onRecalled} />}
    </section>
  );
}

/** True for a moment after `value` changes (DESIGN.md: a change of balance is visible, never silent). */
function useChangeHighlight(value: string | null): boolean {
  const [previous, setPrevious] = useState(value);
  const [isHighlighted, setHighlighted] = useState(false);
  if (value !== previous) {
    setPrevious(value);
    setHighlighted(true);
  }
  useEffect(() => {
    if (!isHighlighted) return;
    const timer = setTimeout(() => setHighlighted(false), BALANCE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [isHighlighted]);
  return isHighlighted;
}

function WalletCard({
  name,
  balance,
  symbol,
  badge,
  isMain = false,
  testId,
}: {
  name: string;
  balance: string | null;
  symbol: string;
  badge?: ReactNode;
  isMain?: boolean;
  testId: string;
}) {
  const isHighlighted = useChangeHighlight(balance);
  return (
    <div
      data-testid={testId}
      data-highlighted={isHighlighted ? 'true' : undefined}
      className={joinClassNames(
        'flex h-full min-h-22 flex-col justify-between gap-2 rounded-lg border p-3 transition-[background-color,border-color] duration-700 ease-out',
        isHighlighted
          ? 'border-accent bg-accent/15'
          : isMain
            ? 'border-accent/50 bg-raised'
            : 'border-line bg-raised',
      )}
    >
      {/* The badge sits on its own line: a long vendor name next to it would wrap letter by letter on a phone. */}
      <div className="flex min-w-0 flex-col items-start gap-1.5">
        <span
          className={joinClassNames(
            'line-clamp-2 text-sm leading-5',
            isMain ? 'font-semibold text-accent-text' : 'text-muted',
          )}
        >
          {name}
        </span>
        {badge}
      </div>
      <span
        className={joinClassNames(
          'font-semibold tabular text-text',
          isMain ? 'text-2xl' : 'text-lg',
          balance === null ? 'text-muted' : undefined,
        )}
        aria-live="polite"
        data-testid="wallet-balance"
      >
        {balance === null ? '—' : formatMoney(balance, symbol)}
      </span>
    </div>
  );
}

function VendorBadge({ vendor }: { vendor: GameWallet }) {
  const { t } = useTranslation();
  if (vendor.status === 'MAINTENANCE')
    return (
      <StatusBadge tone="waiting" testId="wallet-status">
        {t('gameWallets.maintenance')}
      </StatusBadge>
    );
  if (vendor.status === 'UNAVAILABLE' || vendor.balance === null)
    return (
      <StatusBadge tone="bad" testId="wallet-status">
        {t('gameWallets.unavailable')}
      </StatusBadge>
    );
  return null;
}

/** Why a game wallet cannot take part in a move right now, if it cannot. */
function vendorProblem(vendor: GameWallet): 'maintenance' | 'vendorUnavailable' | null {
  if (vendor.status === 'MAINTENANCE') return 'maintenance';
  if (vendor.status === 'UNAVAILABLE') return 'vendorUnavailable';
  return null;
}

function TransferForm({ wallets }: { wallets: MerchantWallets }) {
  const { t } = useTranslation();
  const symbol = wallets.currencySymbol;
  const transfer = useWalletTransfer();
  const refreshWallets = useRefreshWallets();
  const [direction, setDirection] = useState<Direction>('toVendor');
  const [vassalage, setVassalage] = useState(
    () => (wallets.vendors.find((vendor) => vendor.status === 'OK') ?? wallets.vendors[0])?.vassalage ?? '',
  );
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [vendorError, setVendorError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // One id per transfer: a double tap, or a retry after a lost answer, moves the money once.
  const [requestId, setRequestId] = useState(newTransferRequestId);
  const [pendingSince, setPendingSince] = useState<number | null>(null);

  // A pending move is settled by the server in the background; ask again once it likely has.
  useEffect(() => {
    if (pendingSince === null) return;
    const timer = setTimeout(refreshWallets, PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pendingSince, refreshWallets]);

  const vendor = wallets.vendors.find((candidate) => candidate.vassalage === vassalage) ?? wallets.vendors[0];
  if (!vendor) return null;
  const sourceBalance = direction === 'toVendor' ? wallets.mainWallet : vendor.balance;
  const sourceName = direction === 'toVendor' ? t('gameWallets.mainWallet') : vendor.name;
  const targetName = direction === 'toVendor' ? vendor.name : t('gameWallets.mainWallet');

  /** Any change of what is moved is a new transfer, with a new id. */
  function edit(change: () => void) {
    change();
    setNotice(null);
    setRequestId(newTransferRequestId());
  }

  // Arrow functions, not declarations: a declaration is hoisted and would lose the narrowing of `vendor`.
  const amountMessage = (text: string): string | null => {
    const problem = checkTransferAmount(text, sourceBalance);
    if (problem === null) return null;
    if (problem === 'minimum')
      return t('gameWallets.errors.minimum', {
        min: formatMoney(`${TRANSFER_MINIMUM_CENTAVOS / 100n}.00`, symbol),
      });
    if (problem === 'overBalance')
      return sourceBalance === null
        ? t('gameWallets.errors.balanceUnknown', { wallet: sourceName })
        : t('gameWallets.errors.overBalance', {
            wallet: sourceName,
            amount: formatMoney(sourceBalance, symbol),
          });
    return t(`gameWallets.errors.${problem}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const problem = vendorProblem(vendor);
    const nextVendorError = problem ? t(`gameWallets.errors.${problem}`, { wallet: vendor.name }) : null;
    const nextAmountError = amountMessage(amount);
    setVendorError(nextVendorError);
    setAmountError(nextAmountError);
    const wireAmount = toWireAmount(amount);
    if (nextVendorError || nextAmountError || wireAmount === null) return;
    const moved = formatMoney(wireAmount, symbol);
    transfer.mutate(
      {
        from: direction === 'toVendor' ? 'MAIN' : vendor.vassalage,
        to: direction === 'toVendor' ? vendor.vassalage : 'MAIN',
        amount: wireAmount,
        requestId,
      },
      {
        onSuccess: (result) => {
          setAmount('');
          setRequestId(newTransferRequestId());
          if (result.status === 'PENDING') {
            setNotice({ tone: 'pending', message: t('gameWallets.pending', { wallet: vendor.name }) });
            setPendingSince(Date.now());
          } else {
            setNotice({
              tone: 'done',
              message: t('gameWallets.done', { amount: moved, wallet: targetName }),
            });
          }
        },
        onError: (error) => {
          if (!isApiError(error)) return setNotice({ tone: 'error', message: t('errors.unknown') });
          if (LOST_ANSWER_CODES.has(error.code))
            return setNotice({ tone: 'error', message: t('gameWallets.errors.lost'), code: error.code });
          // The server answered: this attempt is over, the next one is a new transfer.
          setRequestId(newTransferRequestId());
          const fields = (error.value as { fields?: Record<string, string> } | undefined)?.fields;
          // Our own words for the field the server names: the page checked the same rules already.
          if (fields?.amount) return setAmountError(t('gameWallets.errors.format'));
          if (fields?.from || fields?.to)
            return setVendorError(t('gameWallets.errors.wallet', { wallet: vendor.name }));
          if (error.code === 'INSUFFICIENT_FUNDS') {
            // The balances on screen were out of date: show the current ones.
            refreshWallets();
            return setAmountError(t('gameWallets.errors.insufficient', { wallet: sourceName }));
          }
          if (error.code === 'CONFLICT') {
            refreshWallets();
            return setVendorError(t('gameWallets.errors.vendorUnavailable', { wallet: vendor.name }));
          }
          setNotice({ tone: 'error', message: error.message, code: error.code });
        },
      },
    );
  };

  const vendorSelect = (
    <VendorSelect
      label={direction === 'toVendor' ? t('gameWallets.to') : t('gameWallets.from')}
      vendors={wallets.vendors}
      value={vendor.vassalage}
      error={vendorError}
      onChange={(value) =>
        edit(() => {
          setVassalage(value);
          setVendorError(null);
          setAmountError(null);
        })
      }
    />
  );
  const mainBox = (
    <FixedWallet
      label={direction === 'toVendor' ? t('gameWallets.from') : t('gameWallets.to')}
      name={t('gameWallets.mainWallet')}
    />
  );

  return (
    <form
      className="flex w-full max-w-2xl flex-col gap-4 rounded-lg border border-line p-4"
      onSubmit={submit}
      noValidate
      data-testid="game-wallet-transfer"
    >
      <h3 className="text-base font-semibold">{t('gameWallets.transferTitle')}</h3>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2">
        {direction === 'toVendor' ? mainBox : vendorSelect}
        <IconButton
          label={t('gameWallets.swap')}
          className="mt-7 border border-line bg-raised"
          onClick={() =>
            edit(() => {
              setDirection((current) => (current === 'toVendor' ? 'toMain' : 'toVendor'));
              setAmountError(null);
            })
          }
          data-testid="game-wallet-swap"
        >
          <ArrowLeftRight size={18} aria-hidden="true" />
        </IconButton>
        {direction === 'toVendor' ? vendorSelect : mainBox}
      </div>
      <div className="flex flex-col gap-2">
        <TextField
          label={t('gameWallets.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onValueChange={(value) =>
            edit(() => {
              setAmount(value);
              setAmountError(null);
            })
          }
          onBlur={() => setAmountError(amount.trim() === '' ? null : amountMessage(amount))}
          error={amountError}
          hint={
            sourceBalance === null
              ? undefined
              : t('gameWallets.available', { wallet: sourceName, amount: formatMoney(sourceBalance, symbol) })
          }
          leading={<span className="font-semibold text-muted">{symbol}</span>}
          maxLength={16}
          isRequired
          data-testid="game-wallet-amount"
        />
        <div className="flex flex-wrap gap-2">
          {quickTransferAmounts(sourceBalance).map((pesos) => (
            <QuickChip
              key={pesos}
              label={formatMoney(`${pesos}.00`, symbol).replace(/\.00$/, '')}
              onClick={() =>
                edit(() => {
                  setAmount(pesos);
                  setAmountError(null);
                })
              }
            />
          ))}
          {sourceBalance !== null && hasMoney(sourceBalance) ? (
            <QuickChip
              label={t('gameWallets.all')}
              onClick={() =>
                edit(() => {
                  setAmount(sourceBalance);
                  setAmountError(null);
                })
              }
              testId="game-wallet-all"
            />
          ) : null}
        </div>
      </div>
      <StickyPageActions>
        {notice ? <TransferNotice notice={notice} testIdPrefix="game-wallet" /> : null}
        <Button
          type="submit"
          variant="primary"
          className="w-full sm:w-auto sm:self-start"
          disabled={transfer.isPending}
          data-testid="game-wallet-submit"
        >
          {t('gameWallets.submit')}
        </Button>
      </StickyPageActions>
    </form>
  );
}

function TransferNotice({ notice, testIdPrefix }: { notice: Notice; testIdPrefix: string }) {
  if (notice.tone === 'error') return <FormNotice message={notice.message} code={notice.code} />;
  return (
    <p
      role="status"
      className={joinClassNames(
        'rounded-md border px-3 py-2 text-sm',
        notice.tone === 'done'
          ? 'border-success/40 bg-success/10 font-medium text-success'
          : 'border-warning/40 bg-warning/10 text-text',
      )}
      data-testid={`${testIdPrefix}-${notice.tone}`}
    >
      {notice.message}
    </p>
  );
}

function QuickChip({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 rounded-full border border-line bg-raised px-4 text-sm font-semibold text-text tabular hover:border-brand"
      data-testid={testId}
    >
      {label}
    </button>
  );
}

/** The main wallet's side of the form: always one of the two, so it is shown, not chosen. */
function FixedWallet({ label, name }: { label: string; name: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span className="text-sm font-medium text-text">{label}</span>
      <span className="flex min-h-12 items-center rounded-md border border-line bg-surface px-3 text-base font-semibold text-accent-text md:text-sm">
        <span className="truncate">{name}</span>
      </span>
    </div>
  );
}

function VendorSelect({
  label,
  vendors,
  value,
  error,
  onChange,
}: {
  label: string;
  vendors: GameWallet[];
  value: string;
  error: string | null;
  onChange: (vassalage: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className={joinClassNames(
          'min-h-12 w-full min-w-0 truncate rounded-md border bg-raised px-3 text-base text-text outline-none focus:border-brand md:text-sm',
          error ? 'border-danger' : 'border-line',
        )}
        data-testid="game-wallet-vendor"
      >
        {vendors.map((vendor) => (
          <option key={vendor.vassalage} value={vendor.vassalage}>
            {vendor.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-message`} className="text-xs text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RecallAll({
  wallets,
  isPrimary,
  onRecalled,
}: {
  wallets: MerchantWallets;
  isPrimary: boolean;
  onRecalled: () => void;
}) {
  const { t } = useTranslation();
  const recall = useRecallToMainWallet();
  const [requestId, setRequestId] = useState(newTransferRequestId);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A wallet whose balance is unknown may hold money, so recalling stays possible.
  const hasAnythingToRecall = wallets.vendors.some(
    (vendor) => vendor.balance === null || hasMoney(vendor.balance),
  );

  function recallAll() {
    setNotice(null);
    recall.mutate(requestId, {
      onSuccess: (after) => {
        setRequestId(newTransferRequestId());
        onRecalled();
        const isLeftOver = after.vendors.some(
          (vendor) => vendor.balance === null || hasMoney(vendor.balance),
        );
        setNotice(
          isLeftOver
            ? { tone: 'pending', message: t('gameWallets.recallPartial') }
            : { tone: 'done', message: t('gameWallets.recallDone') },
        );
      },
      onError: (error) => {
        if (!isApiError(error)) return setNotice({ tone: 'error', message: t('errors.unknown') });
        if (LOST_ANSWER_CODES.has(error.code))
          return setNotice({ tone: 'error', message: t('gameWallets.errors.lost'), code: error.code });
        setRequestId(newTransferRequestId());
        setNotice({ tone: 'error', message: error.message, code: error.code });
      },
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={isPrimary ? 'primary' : 'secondary'}
        className="w-full sm:w-auto sm:self-start"
        icon={<Undo2 size={18} aria-hidden="true" />}
        onClick={recallAll}
        disabled={recall.isPending || !hasAnythingToRecall}
        data-testid="game-wallets-recall"
      >
        {t('gameWallets.recallAll')}
      </Button>
      {notice ? <TransferNotice notice={notice} testIdPrefix="game-wallets-recall" /> : null}
    </div>
  );
}

/** Holds the cards' and the form's space while the vendors are asked (up to ~2 s). */
function GameWalletsSkeleton() {
  return (
    <div className="flex flex-col gap-5 p-4" aria-busy="true" data-testid="game-wallets-loading">
      <Skeleton className="h-5 w-32" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        <Skeleton className="col-span-2 h-22 sm:col-span-1" />
        <Skeleton className="h-22" />
        <Skeleton className="h-22" />
      </div>
      <Skeleton className="h-56 w-full" />
    </div>
  );
}
