import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { useModalStore } from '../../../lib/modal-store';

/**
 * What stands in place of an action the viewer cannot take yet: a visitor is asked to log in, a
 * trial player to register an account.
 */
export function ViewerPrompt({
  viewer,
  line,
  testId,
}: {
  viewer: 'visitor' | 'trial';
  line: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid={testId}>
      <p className="min-w-0 flex-1 text-sm text-muted">
        {viewer === 'trial' ? t('member.needAccount') : line}
      </p>
      {viewer === 'trial' ? (
        <Button
          variant="brand"
          size="sm"
          icon={<UserPlus size={16} aria-hidden="true" />}
          onClick={() => openModal('registerModal')}
        >
          {t('common.register')}
        </Button>
      ) : (
        <Button
          variant="brand"
          size="sm"
          icon={<LogIn size={16} aria-hidden="true" />}
          onClick={() => openModal('loginPopupModal')}
        >
          {t('common.login')}
        </Button>
      )}
    </div>
  );
}

/** A member without a payment password is sent to set one before redeeming or converting. */
export function PaymentPasswordNeeded() {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col gap-3 rounded-md border border-line bg-raised p-3"
      data-testid="points-need-payment-password"
    >
      <p className="text-sm text-text">{t('pointMall.redeem.needPaymentPassword')}</p>
      <ButtonLink
        to="/member?page=securityCenter"
        variant="brand"
        size="sm"
        icon={KeyRound}
        className="self-start"
      >
        {t('pointMall.redeem.setPaymentPassword')}
      </ButtonLink>
    </div>
  );
}
