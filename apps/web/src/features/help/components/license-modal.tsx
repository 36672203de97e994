import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/states';

/** license: the operator's licence image (w_license banner or LICENSE resource). */
export function LicenseModal({
  imageUrl,
  title,
  onClose,
}: {
  imageUrl: string | null;
  title?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title || t('modals.licenseTitle')}
      onClose={onClose}
      size="md"
      isDraggable
      testId="license-modal"
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt={title || t('modals.licenseTitle')}
          className="mx-auto aspect-[4/3] w-full rounded-md bg-raised object-contain"
        />
      ) : (
        <EmptyState line={t('modals.noLicense')} icon={<ShieldCheck size={26} aria-hidden="true" />} />
      )}
    </Dialog>
  );
}
