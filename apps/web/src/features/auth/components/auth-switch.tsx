import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../../lib/class-names';
import { useModalStore } from '../../../lib/modal-store';

/** The login/register tabs at the top of both popups (spec §2 Login). */
export function AuthSwitch({ current }: { current: 'login' | 'register' }) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  const closeModal = useModalStore((state) => state.closeModal);
  const items = [
    { key: 'login', label: t('common.login'), modal: 'loginPopupModal' },
    { key: 'register', label: t('common.register'), modal: 'registerModal' },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-1 rounded-md bg-raised p-1" role="tablist">
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === current}
          onClick={() => {
            if (item.key === current) return;
            closeModal(current === 'login' ? 'loginPopupModal' : 'registerModal');
            openModal(item.modal);
          }}
          className={joinClassNames(
            'min-h-10 rounded-sm text-sm font-semibold transition-colors duration-150',
            item.key === current ? 'bg-surface text-text shadow-sm' : 'text-muted hover:text-text',
          )}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
