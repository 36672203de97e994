import * as RadixDialog from '@radix-ui/react-dialog';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys';
import { usePermission } from '../../../lib/system/system-hooks';

/** Whether this device has confirmed the entry question before (it shows once per device). */
export function hasConfirmedAge(): boolean {
  return readStorage('local', storageKeys.ageConfirmed) === '1';
}

/**
 * The regional skin's entry confirmation (spec §1): the merchant's minimum age, asked once per
 * device. Confirm remembers the answer in local storage; Leave goes to the merchant's exit address,
 * or without one shows that the site is for adults only. Escape and clicks outside do nothing: only
 * an answer closes it. A click-through is no age verification (docs/money.md "Minimum age").
 */
export function AgeGate() {
  const [isConfirmed, setIsConfirmed] = useState(hasConfirmedAge);
  const permission = usePermission();
  // A page inside another (a frame) is not the visitor's entry to the site.
  if (isConfirmed || !permission.data || window.self !== window.top) return null;
  return (
    <AgeGateDialog
      minimumAge={permission.data.minimumAge}
      siteName={permission.data.siteName}
      logoUrl={permission.data.resources.LOGO?.[0]?.url}
      exitUrl={permission.data.ageGateExitUrl}
      onConfirm={() => {
        writeStorage('local', storageKeys.ageConfirmed, '1');
        setIsConfirmed(true);
      }}
    />
  );
}

type AgeGateDialogProps = {
  minimumAge: number;
  siteName: string;
  logoUrl: string | undefined;
  exitUrl: string | null;
  onConfirm: () => void;
};

function AgeGateDialog({ minimumAge, siteName, logoUrl, exitUrl, onConfirm }: AgeGateDialogProps) {
  const { t } = useTranslation();
  const [hasLeft, setHasLeft] = useState(false);
  const texts = { age: minimumAge, site: siteName };

  function leave() {
    if (exitUrl) window.location.assign(exitUrl);
    else setHasLeft(true);
  }

  return (
    <RadixDialog.Root open>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[80] bg-bg/95 backdrop-blur-sm" />
        <div className="fixed inset-0 z-[80] grid place-items-center overflow-y-auto p-4">
          <RadixDialog.Content
            data-testid="age-gate"
            // The question itself takes the focus, not its Confirm button: nothing nudges the answer.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (event.currentTarget as HTMLElement | null)?.focus({ preventScroll: true });
            }}
            onEscapeKeyDown={(event) => event.preventDefault()}
            onPointerDownOutside={(event) => event.preventDefault()}
            onInteractOutside={(event) => event.preventDefault()}
            className="flex w-full max-w-md flex-col items-center gap-4 rounded-lg border border-line bg-surface p-6 text-center shadow-raised outline-none md:p-8"
          >
            <Logo siteName={siteName} imageUrl={logoUrl} />
            <div className="grid size-16 place-items-center rounded-full border-2 border-danger text-lg font-bold text-danger">
              {minimumAge}+
            </div>
            {hasLeft ? (
              <>
                <RadixDialog.Title className="text-xl font-bold">{t('ageGate.leftTitle')}</RadixDialog.Title>
                <RadixDialog.Description className="text-sm text-muted">
                  {t('ageGate.leftLine', texts)}
                </RadixDialog.Description>
                <Button variant="secondary" className="w-full" onClick={() => setHasLeft(false)}>
                  {t('ageGate.back')}
                </Button>
              </>
            ) : (
              <>
                <RadixDialog.Title className="text-xl font-bold">
                  {t('ageGate.title', texts)}
                </RadixDialog.Title>
                <RadixDialog.Description className="text-sm text-muted">
                  {t('ageGate.line', texts)}
                </RadixDialog.Description>
                <div className="flex w-full flex-col gap-2">
                  <Button
                    variant="primary"
                    className="w-full"
                    icon={<ShieldCheck size={18} aria-hidden="true" />}
                    onClick={onConfirm}
                    data-testid="age-gate-confirm"
                  >
                    {t('ageGate.confirm', texts)}
                  </Button>
                  <Button variant="secondary" className="w-full" onClick={leave} data-testid="age-gate-leave">
                    {t('ageGate.leave')}
                  </Button>
                </div>
                <p className="text-xs text-muted">{t('ageGate.notice')}</p>
              </>
            )}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
