import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type InboxMessages = ApiValue<'/wps/member/messages', 'get'>;
export type InboxMessage = InboxMessages['list'][number];

export const MESSAGE_PAGE_SIZE = 10;

export function fetchMessages(page: number, language: LanguageCode): Promise<InboxMessages> {
  return api.get('/wps/member/messages', {
    params: { query: { language, page, pageSize: MESSAGE_PAGE_SIZE } },
  });
}

/** Marks the named messages read, or all when none are named; answers what stays unread. */
export function markMessagesRead(
  ids: string[] | null,
  language: LanguageCode,
): Promise<ApiValue<'/wps/member/messages/read', 'post'>> {
  return api.post('/wps/member/messages/read', { params: { query: { language } }, body: ids ? { ids } : {} });
}
