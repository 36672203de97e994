import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { importWithTimeout } from '../lib/lazy-load';
import { type ModalName, useModalStore } from '../lib/modal-store';

type ModalComponentProps = { onClose: () => void } & Record<string, unknown>;

function lazyModal<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<never>) {
  return lazy(() =>
    importWithTimeout(load).then((module) => ({
      // Each modal declares its own props; the host hands over the props stored with its name (ModalProps),
      // which the store's openModal signature already ties to that name.
      default: pick(module) as unknown as ComponentType<ModalComponentProps>,
    })),
  );
}

// Modals and the dialog library stay out of the first load; each loads when first opened.
const modalComponents: Partial<Record<ModalName, ComponentType<ModalComponentProps>>> = {
  publicModal: lazyModal(
    () => import('../features/announcements/components/public-modal'),
    (module) => module.PublicModal,
  ),
  noticeModal: lazyModal(
    () => import('../features/announcements/components/notice-modal'),
    (module) => module.NoticeModal,
  ),
  helpModal: lazyModal(
    () => import('../features/help/components/help-modal'),
    (module) => module.HelpModal,
  ),
  license: lazyModal(
    () => import('../features/help/components/license-modal'),
    (module) => module.LicenseModal,
  ),
  loginPopupModal: lazyModal(
    () => import('../features/auth/components/login-popup-modal'),
    (module) => module.LoginPopupModal,
  ),
  forgetPassModal: lazyModal(
    () => import('../features/auth/components/forget-pass-modal'),
    (module) => module.ForgetPassModal,
  ),
  changePassModal: lazyModal(
    () => import('../features/auth/components/change-pass-modal'),
    (module) => module.ChangePassModal,
  ),
  gamePopup: lazyModal(
    () => import('../features/game-popup/components/game-popup-modal'),
    (module) => module.GamePopupModal,
  ),
  registerModal: lazyModal(
    () => import('../features/auth/components/register-modal'),
    (module) => module.RegisterModal,
  ),
  contract: lazyModal(
    () => import('../features/agent/components/contract-modal'),
    (module) => module.ContractModal,
  ),
  chatRoom: lazyModal(
    () => import('../features/chat/components/chat-room-modal'),
    (module) => module.ChatRoomModal,
  ),
};

/** The one modal host: renders every open named modal, in the order they were opened. */
export function ModalHost() {
  const stack = useModalStore((state) => state.stack);
  const closeModal = useModalStore((state) => state.closeModal);
  const closeAll = useModalStore((state) => state.closeAll);
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      fallback={(_error, reset) => (
        <div
          role="alert"
          className="fixed inset-x-3 bottom-3 z-[70] mx-auto flex max-w-md items-center gap-3 rounded-md border border-line bg-raised p-3 text-sm shadow-raised"
        >
          <span className="flex-1">{t('errors.chunkLoad')}</span>
          <Button variant="primary" size="sm" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              closeAll();
              reset();
            }}
          >
            {t('common.close')}
          </Button>
        </div>
      )}
    >
      <Suspense fallback={null}>
        {stack.map((entry) => {
          const close = () => closeModal(entry.name);
          const Modal = modalComponents[entry.name];
          return Modal ? <Modal key={entry.name} {...entry.props} onClose={close} /> : null;
        })}
      </Suspense>
    </ErrorBoundary>
  );
}
