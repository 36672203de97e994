import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, MemberMessageKind } from '../../db/schema.ts';
import type { Language } from '../../platform/i18n/language.ts';
import {
  countUnreadMessages,
  findMessagesPage,
  insertMessageOnce,
  insertMessagesOnce,
  markMessagesRead,
} from './inbox.repository.ts';
import { wordMessage } from './message-texts.ts';

export const MESSAGE_PAGE_SIZE_MAX = 50;
/** Marking as read names at most this many messages at once (else: all). */
export const MESSAGE_IDS_MAX = 100;
/** Messages one statement of sendMany writes at most. */
const MESSAGES_PER_INSERT = 1000;

/** A message to send: once per member and dedupe key. */
export type OutgoingMessage = {
  merchantId: string;
  memberId: string;
  kind: MemberMessageKind;
  params: Record<string, string>;
  dedupeKey: string;
};

export type InboxMessage = {
  id: string;
  kind: MemberMessageKind;
  title: string;
  body: string;
  createdAt: Date;
  isRead: boolean;
};

export type InboxService = ReturnType<typeof createInboxService>;

/**
 * The member's inbox: messages the platform sends when something happens to their money. Sending
 * is once-only per event (the dedupe key), and `onSent` tells the member's open pages at once.
 */
export function createInboxService(deps: {
  db: Kysely<Database>;
  now?: () => Date;
  onSent?: (message: {
    memberId: string;
    id: string;
    kind: MemberMessageKind;
    params: Record<string, string>;
  }) => void;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Sends a message unless this event was told before; answers whether it was new. */
    async send(input: OutgoingMessage): Promise<boolean> {
      const id = uuidv7();
      const isNew = await insertMessageOnce(db, {
        id,
        merchant_id: input.merchantId,
        member_id: input.memberId,
        kind: input.kind,
        params: JSON.stringify(input.params),
        dedupe_key: input.dedupeKey,
        created_at: now(),
      });
      if (isNew) deps.onSent?.({ memberId: input.memberId, id, kind: input.kind, params: input.params });
      return isNew;
    },

    /**
     * Sends many messages as send sends one, a thousand to a statement (a review tells thousands
     * of members at once); answers how many were new.
     */
    async sendMany(inputs: readonly OutgoingMessage[]): Promise<number> {
      let sent = 0;
      for (let start = 0; start < inputs.length; start += MESSAGES_PER_INSERT) {
        const slice = inputs
          .slice(start, start + MESSAGES_PER_INSERT)
          .map((input) => ({ input, id: uuidv7() }));
        const at = now();
        const inserted = await insertMessagesOnce(
          db,
          slice.map(({ input, id }) => ({
            id,
            merchant_id: input.merchantId,
            member_id: input.memberId,
            kind: input.kind,
            params: JSON.stringify(input.params),
            dedupe_key: input.dedupeKey,
            created_at: at,
          })),
        );
        for (const { input, id } of slice) {
          if (!inserted.has(id)) continue;
          sent += 1;
          deps.onSent?.({ memberId: input.memberId, id, kind: input.kind, params: input.params });
        }
      }
      return sent;
    },

    async list(input: {
      memberId: string;
      language: Language;
      /** The site's name, for the messages that name it. */
      site: string;
      page: number;
      pageSize: number;
    }): Promise<{ list: InboxMessage[]; total: number }> {
      const pageSize = Math.min(input.pageSize, MESSAGE_PAGE_SIZE_MAX);
      const { rows, total } = await findMessagesPage(db, input.memberId, {
        limit: pageSize,
        offset: (input.page - 1) * pageSize,
      });
      return {
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          ...wordMessage(input.language, row.kind, { site: input.site, ...row.params }),
          createdAt: row.created_at,
          isRead: row.read_at !== null,
        })),
        total,
      };
    },

    countUnread: (memberId: string): Promise<number> => countUnreadMessages(db, memberId),

    /** Marks the named messages of the member read, or all of them when none are named. */
    markRead: (memberId: string, ids: readonly string[] | null): Promise<number> =>
      markMessagesRead(db, memberId, ids, now()),
  };
}
