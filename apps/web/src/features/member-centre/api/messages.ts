import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type InboxMessage = {
  id: string;
  kind: string;
  title: string;
  content: string;
  createTime: string;
  isRead: boolean;
};

export const MESSAGE_PAGE_SIZE = 10;

export function fetchMessages(
  page: number,
  language: LanguageCode,
): Promise<{ list: InboxMessage[]; totalPages: number; unread: number }> {
  return requestApi('/wps/member/messages', { query: { language, page, pageSize: MESSAGE_PAGE_SIZE } });
}

/** Marks the named messages read, or all when none are named; answers what stays unread. */
export function markMessagesRead(ids: string[] | null, language: LanguageCode): Promise<{ unread: number }> {
  return requestApi('/wps/member/messages/read', {
    method: 'POST',
    query: { language },
    body: ids ? { ids } : {},
  });
}
