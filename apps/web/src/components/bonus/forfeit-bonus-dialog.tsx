import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/**
 * Asked when a withdrawal would forfeit the active bonus: how much goes, that the member's own money
 * is paid out as usual, and the choice to withdraw anyway or keep the bonus.
 */
export function ForfeitBonusDialog({
  bonusAmount,
  symbol,
  isPending,
  onConfirm,
  onClose,
}: {
  bonusAmount: string;
  symbol: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('promotions.withdrawBonus.title')}
      onClose={onClose}
      size="sm"
      testId="forfeit-bonus-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            {t('promotions.withdrawBonus.keep')}
          </Button>
          <Button
            variant="brand"
            onClick={onConfirm}
            disabled={isPending}
            data-testid="forfeit-bonus-confirm"
          >
            {t('promotions.withdrawBonus.confirm')}
          </Button>
        </div>
      }
    >
      <div className="flex gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-warning/15 text-warning">
          <Gift size={20} aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-semibold text-text" data-testid="forfeit-bonus-amount">
            {t('promotions.withdrawBonus.line', { amount: formatMoney(bonusAmount, symbol) })}
          </p>
          <p className="text-sm text-muted">{t('promotions.withdrawBonus.detail')}</p>
        </div>
      </div>
    </Dialog>
  );
}
