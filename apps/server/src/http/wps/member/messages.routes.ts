import { Type } from 'typebox';
import {
  type InboxService,
  MESSAGE_IDS_MAX,
  MESSAGE_PAGE_SIZE_MAX,
} from '../../../modules/inbox/inbox.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { requireMember, requireMerchantMember } from '../../member-session.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import { DefaultedPageFields, MerchantLanguageQuery } from '../wps-schemas.ts';

const TAGS = ['member'];
const ListQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(MESSAGE_PAGE_SIZE_MAX, 10),
});
const MessageItem = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  /** Plain text, or for mail from the operator (format html) HTML the server has sanitised. */
  content: Type.String(),
  format: StringOf(['text', 'html']),
  createTime: Type.String({ format: 'date-time' }),
  isRead: Type.Boolean(),
});
const ReadBody = Type.Object({
  /** The messages to mark read; none means all of the member's. */
  ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: MESSAGE_IDS_MAX })),
});

/** The member's inbox (spec §2 messageV2, §3 "Messages"): list, unread count, mark read. */
export function registerMessageRoutes(
  app: TypedApp,
  deps: { members: MemberService; inbox: InboxService },
): void {
  app.get(
    '/wps/member/messages',
    {
      schema: {
        tags: TAGS,
        summary: "The member's messages, newest first, worded in the request's language",
        querystring: ListQuery,
        response: {
          200: Envelope(
            Type.Object({
              list: Type.Array(MessageItem),
              totalPages: Type.Integer(),
              unread: Type.Integer(),
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      const { pageSize } = query;
      const site = merchant.settings.siteName || merchant.name;
      const [page, unread] = await Promise.all([
        deps.inbox.list({
          merchantId: merchant.id,
          memberId: member.id,
          language: request.language,
          page: query.page,
          pageSize,
          site,
        }),
        deps.inbox.countUnread(member.id),
      ]);
      return ok({
        list: page.list.map((message) => ({
          id: message.id,
          kind: message.kind,
          title: message.title,
          content: message.body,
          format: message.format,
          createTime: message.createdAt.toISOString(),
          isRead: message.isRead,
        })),
        totalPages: Math.ceil(page.total / pageSize),
        unread,
      });
    },
  );

  app.post(
    '/wps/member/messages/read',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark messages read (the ones named, or all)',
        querystring: MerchantLanguageQuery,
        body: ReadBody,
        response: { 200: Envelope(Type.Object({ unread: Type.Integer() })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      const { ids } = request.body;
      await deps.inbox.markRead(member.id, ids ?? null);
      return ok({ unread: await deps.inbox.countUnread(member.id) });
    },
  );
}
