import { Eye, EyeOff, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { useBalanceStore } from '../hooks/balance-store';
import { useWalletBalance } from '../hooks/use-wallet-balance';

// Full height everywhere; on the narrowest phones (360 px) a little narrower, so that the balance,
// the deposit button and the avatar all fit beside the logo.
const chipButtonClassName =
  'inline-grid h-11 w-11 shrink-0 place-items-center rounded-full text-muted transition-colors duration-150 hover:bg-raised-strong hover:text-text active:scale-95 disabled:cursor-wait max-[379px]:w-9';

/**
 * The header's balance chip (DESIGN.md "Balance chip"): ₱ and two decimals in tabular figures, a
 * refresh that spins while loading, an eye that hides the amount as stars (remembered), and a
 * brief highlight when the server pushes a new balance.
 */
export function BalanceChip() {
  const { t } = useTranslation();
  const { balance, currencySymbol, isFetching, isError, isHighlighted, refresh } = useWalletBalance();
  const isHidden = useBalanceStore((state) => state.isHidden);
  const setHidden = useBalanceStore((state) => state.setHidden);

  let amount: ReactNode;
  if (isHidden) amount = '****';
  else if (balance !== null) amount = formatMoney(balance, '');
  else if (isError) amount = '—';
  else
    amount = <span className="inline-block h-3.5 w-14 animate-pulse rounded bg-raised-strong align-middle" />;

  return (
    <div
      data-testid="balance-chip"
      data-highlighted={isHighlighted ? 'true' : undefined}
      className={joinClassNames(
        'flex h-11 items-center rounded-full border pl-3 transition-[background-color,border-color,box-shadow] duration-700 ease-out',
        isHighlighted
          ? 'border-accent bg-accent/20 shadow-[0_0_0_3px_var(--panalo-accent)]/30'
          : 'border-line bg-raised',
      )}
    >
      <span className="sr-only">{t('wallet.balance')}</span>
      <span
        className="min-w-16 text-sm font-semibold whitespace-nowrap tabular text-text md:text-base"
        aria-live="polite"
        data-testid="balance-amount"
      >
        <span className="mr-0.5 text-accent-text">{currencySymbol}</span>
        {amount}
      </span>
      <button
        type="button"
        className={chipButtonClassName}
        onClick={refresh}
        disabled={isFetching}
        aria-label={t('wallet.refreshBalance')}
        title={t('wallet.refreshBalance')}
        data-testid="balance-refresh"
      >
        <RotateCw size={16} aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
      </button>
      <button
        type="button"
        className={joinClassNames(chipButtonClassName, '-ml-2')}
        onClick={() => setHidden(!isHidden)}
        aria-pressed={isHidden}
        aria-label={isHidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        title={isHidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        data-testid="balance-toggle"
      >
        {isHidden ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
      </button>
    </div>
  );
}
