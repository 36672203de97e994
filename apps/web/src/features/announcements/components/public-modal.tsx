import { Gift, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Accordion, RichText } from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { announcementPagination } from '../../../lib/pagination';
import { writeStorage } from '../../../lib/storage-keys';
import { useAnnouncements } from '../api/announcements';
import { useViewer } from '../hooks/use-viewer';
import { buildClosedFlagKey } from '../popup-rules';

/** publicModal: the viewer's announcements as an accordion, 8 per page; closing it remembers so for the session. */
export function PublicModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const [pageNo, setPageNo] = useState(1);
  const announcements = useAnnouncements({ ...viewer, pageNo });
  const [openId, setOpenId] = useState<string | null>(null);
  const firstId = announcements.list[0]?.id ?? null;
  const effectiveOpenId = openId === '' ? null : (openId ?? firstId);

  function close() {
    writeStorage('session', buildClosedFlagKey(viewer.userId), '1');
    onClose();
  }

  return (
    <Dialog title={t('modals.publicTitle')} onClose={close} size="md" isDraggable testId="public-modal">
      {announcements.isPending ? (
        <SkeletonLines lines={5} />
      ) : announcements.isError ? (
        <ErrorState onRetry={announcements.refetch} />
      ) : announcements.list.length === 0 ? (
        <EmptyState line={t('modals.noAnnouncements')} icon={<Megaphone size={26} aria-hidden="true" />} />
      ) : (
        <>
          <Accordion
            openId={effectiveOpenId}
            onOpenChange={(id) => setOpenId(id ?? '')}
            items={announcements.list.map((item) => ({
              id: item.id,
              title: item.title,
              badge: <Megaphone size={16} aria-hidden="true" className="shrink-0 text-accent-text" />,
              body: (
                <div className="flex flex-col gap-3">
                  <RichText html={item.content} />
                  {item.promotionType ? (
                    <Button
                      variant="primary"
                      size="sm"
                      className="self-start"
                      icon={<Gift size={16} aria-hidden="true" />}
                      onClick={() => {
                        close();
                        navigate(`/promotions?type=${encodeURIComponent(item.promotionType ?? '')}`);
                      }}
                    >
                      {t('modals.goToPromotion')}
                    </Button>
                  ) : null}
                </div>
              ),
            }))}
          />
          <Pagination
            current={pageNo}
            total={announcements.totalPages}
            onChange={setPageNo}
            {...announcementPagination}
          />
        </>
      )}
    </Dialog>
  );
}
