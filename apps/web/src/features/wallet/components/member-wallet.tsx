import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { useAuthStore } from '../../../lib/session/auth-store';
import { useCanDeposit } from '../../../lib/system/use-can-deposit';
import { BalanceChip } from './balance-chip';

const DEPOSIT_PATH = '/member?page=depositv2';

/**
 * The header's money for a member (DESIGN.md "balance chip with deposit button"): the balance,
 * then on a phone a compact deposit button beside it, one tap away on every screen, and from
 * tablet width deposit, withdraw and the agent's page as buttons. The deposit shows only while
 * the server takes deposits. Loaded with the member's header only, so visitors never download it.
 */
export function MemberWallet() {
  const { t } = useTranslation();
  const isAgent = useAuthStore((state) => state.isAgent);
  const canDeposit = useCanDeposit();
  return (
    <>
      <BalanceChip />
      {canDeposit ? (
        <Link
          to={DEPOSIT_PATH}
          aria-label={t('common.deposit')}
          title={t('common.deposit')}
          className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full bg-accent text-sm font-semibold whitespace-nowrap text-on-accent transition-[background-color,transform] duration-150 hover:bg-accent-strong active:scale-[0.98] md:hidden min-[480px]:px-3"
          data-testid="header-deposit"
        >
          <Plus size={20} aria-hidden="true" className="shrink-0" />
          <span className="hidden min-[480px]:inline">{t('common.deposit')}</span>
        </Link>
      ) : null}
      <nav className="hidden items-center gap-1 md:flex" aria-label={t('common.menu')}>
        {canDeposit ? (
          <ButtonLink to={DEPOSIT_PATH} size="sm">
            {t('common.deposit')}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/member?page=withdraw" variant="secondary" size="sm">
          {t('common.withdraw')}
        </ButtonLink>
        {/* The agent centre's link shows where the header has room for it: below that the side
            menu and the member menu lead there, and the header would run wider than the screen. */}
        {isAgent ? (
          <span className="hidden 2xl:flex">
            <ButtonLink to="/agentHome" variant="ghost" size="sm" data-testid="header-agent">
              {t('common.agent')}
            </ButtonLink>
          </span>
        ) : null}
      </nav>
    </>
  );
}
