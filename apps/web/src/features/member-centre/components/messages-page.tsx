import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { BADGES_KEY } from '../../../lib/api/member-badges';
import { joinClassNames } from '../../../lib/class-names';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { fetchMessages, type InboxMessage, markMessagesRead } from '../api/messages';

/** messageV2 of the member centre (spec §2, §3 "Messages"): the inbox, newest first. */
export function MessagesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useQuery({
    queryKey: ['member-messages', page, language],
    queryFn: () => fetchMessages(page, language),
  });
  const markRead = useMutation({
    mutationFn: (ids: string[] | null) => markMessagesRead(ids, language),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['member-messages'] });
      void queryClient.invalidateQueries({ queryKey: [...BADGES_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['system', 'publicState'] });
    },
  });
  const dateTime = dateTimeFormatOf(language);

  if (messages.isPending)
    return (
      <div className="p-4">
        <SkeletonLines lines={5} />
      </div>
    );
  if (messages.isError) return <ErrorState onRetry={() => void messages.refetch()} />;
  if (messages.data.list.length === 0) return <EmptyState line={t('messages.empty')} />;
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="messages-page">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">{t('messages.unread', { count: messages.data.unread })}</p>
        <Button
          variant="ghost"
          size="sm"
          icon={<CheckCheck size={16} aria-hidden="true" />}
          disabled={messages.data.unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          {t('messages.markAllRead')}
        </Button>
      </div>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {messages.data.list.map((message) => {
          const isOpen = openId === message.id;
          return (
            <li key={message.id}>
              <button
                type="button"
                aria-expanded={isOpen}
                onClick={() => {
                  setOpenId(isOpen ? null : message.id);
                  if (!message.isRead) markRead.mutate([message.id]);
                }}
                className="flex min-h-14 w-full items-center gap-3 px-3 py-2 text-left hover:bg-raised"
              >
                <span
                  aria-hidden="true"
                  className={joinClassNames(
                    'size-2 shrink-0 rounded-full',
                    message.isRead ? 'bg-transparent' : 'bg-accent',
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span
                    className={joinClassNames(
                      'block truncate text-sm',
                      message.isRead ? 'text-muted' : 'font-semibold text-text',
                    )}
                  >
                    {message.title}
                    {message.isRead ? null : <span className="sr-only"> ({t('messages.new')})</span>}
                  </span>
                  <span className="block text-xs text-muted">
                    {dateTime.format(new Date(message.createTime))}
                  </span>
                </span>
                <ChevronDown
                  size={18}
                  aria-hidden="true"
                  className={joinClassNames(
                    'shrink-0 text-muted transition-transform duration-150',
                    isOpen ? 'rotate-180' : '',
                  )}
                />
              </button>
              {isOpen ? <MessageContent message={message} /> : null}
            </li>
          );
        })}
      </ul>
      <Pagination current={page} total={messages.data.totalPages} onChange={setPage} />
    </div>
  );
}

/**
 * An opened message: the platform's own messages are plain text; mail from the operator is HTML the
 * server sanitised before storing it.
 */
export function MessageContent({ message }: { message: Pick<InboxMessage, 'content' | 'format'> }) {
  return (
    <div className="px-8 pb-3 text-sm text-text" data-testid="message-content">
      {message.format === 'html' ? <RichText html={message.content} /> : <p>{message.content}</p>}
    </div>
  );
}
