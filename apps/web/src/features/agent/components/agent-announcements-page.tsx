import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Accordion, RichText } from '../../../components/ui/accordion';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { fetchAgentAnnouncements } from '../api/agent';

/**
 * agentAnnouncement (spec §2): the merchant's announcements for everyone and for agents (the
 * server picks them by the session), newest first, 8 a page.
 */
export function AgentAnnouncementsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const announcements = useQuery({
    queryKey: ['agentAnnouncements', language, pageNo, token],
    queryFn: ({ signal }) => fetchAgentAnnouncements({ language, pageNo }, signal),
    placeholderData: keepPreviousData,
  });
  const format = dateTimeFormatOf(language);

  if (announcements.isPending) {
    return (
      <div className="p-4" data-testid="agent-announcements-loading">
        <SkeletonLines lines={5} />
      </div>
    );
  }
  if (announcements.isError) {
    return <ErrorState className="m-4" onRetry={() => void announcements.refetch()} />;
  }
  const { list, totalPages } = announcements.data;
  if (list.length === 0) {
    return <EmptyState line={t('agent.noAnnouncements')} icon={<Megaphone size={26} aria-hidden="true" />} />;
  }
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="agent-announcements">
      <Accordion
        openId={openId ?? list[0]?.id ?? null}
        onOpenChange={(id) => setOpenId(id ?? '')}
        items={list.map((item) => ({
          id: item.id,
          title: item.title,
          badge: (
            <span className="w-24 shrink-0 text-xs font-normal text-muted tabular sm:w-36">
              {format.format(new Date(item.startsAt))}
            </span>
          ),
          body: item.content ? <RichText html={item.content} /> : <p className="text-muted">{item.title}</p>,
        }))}
      />
      <Pagination
        current={pageNo}
        total={totalPages}
        onChange={(next) => {
          setPageNo(next);
          setOpenId(null);
        }}
      />
    </div>
  );
}
