import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/ui/dialog';
import { EmptyState } from '../components/ui/states';

/** The frame of a named modal whose content arrives with a later part of the product. */
export function ComingModal({
  title,
  onClose,
  testId,
}: {
  title: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} size="sm" isDraggable testId={testId}>
      <EmptyState
        title={t('modals.comingTitle')}
        line={t('modals.comingLine')}
        icon={<Hourglass size={26} aria-hidden="true" />}
      />
    </Dialog>
  );
}
