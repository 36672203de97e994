import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Accordion, RichText } from '../../../components/ui/accordion';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { usePublicState } from '../../../lib/system/system-hooks';
import { useAnnouncements } from '../api/announcements';
import { useViewer } from '../hooks/use-viewer';

/** noticeModal: the marquee's notices, opened at the index that was tapped. */
export function NoticeModal({ index, onClose }: { index: number; onClose: () => void }) {
  const { t } = useTranslation();
  const publicState = usePublicState();
  const viewer = useViewer();
  const announcements = useAnnouncements({ ...viewer, pageNo: 1 });
  const notices = publicState.data?.notice ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const effectiveOpenId = openId === '' ? null : (openId ?? notices[index]?.id ?? null);
  const contentById = new Map(announcements.list.map((item) => [item.id, item.content]));

  return (
    <Dialog title={t('modals.noticeTitle')} onClose={onClose} size="md" isDraggable testId="notice-modal">
      {publicState.isPending ? (
        <SkeletonLines lines={4} />
      ) : publicState.isError ? (
        <ErrorState onRetry={() => void publicState.refetch()} />
      ) : notices.length === 0 ? (
        <EmptyState line={t('modals.noNotices')} icon={<Bell size={26} aria-hidden="true" />} />
      ) : (
        <Accordion
          openId={effectiveOpenId}
          onOpenChange={(id) => setOpenId(id ?? '')}
          items={notices.map((notice) => {
            const content = contentById.get(notice.id);
            return {
              id: notice.id,
              title: notice.title,
              badge: <Bell size={16} aria-hidden="true" className="shrink-0 text-brand-strong" />,
              body: content ? <RichText html={content} /> : <p className="text-muted">{notice.title}</p>,
            };
          })}
        />
      )}
    </Dialog>
  );
}
