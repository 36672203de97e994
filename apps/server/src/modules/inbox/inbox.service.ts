import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, MemberMessageKind } from '../../db/schema.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../platform/i18n/language.ts';
import { textIn } from '../../platform/i18n/localized-text.ts';
import {
  countUnreadMessages,
  findMessagesPage,
  insertMessageOnce,
  insertMessagesOnce,
  markMessagesRead,
} from './inbox.repository.ts';
import { findMailTexts } from './mail.repository.ts';
import { findMerchantTemplates } from './message-templates.repository.ts';
import { type Template, wordMessage } from './message-texts.ts';

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
  kind: MemberMessageKind | 'operator_mail';
  title: string;
  /** Plain text, or for operator mail the sanitised HTML the operator wrote. */
  body: string;
  format: 'text' | 'html';
  createdAt: Date;
  isRead: boolean;
};

export type InboxService = ReturnType<typeof createInboxService>;

/**
 * The member's inbox: messages the platform sends when something happens to their money, worded in
 * the merchant's templates where it has them, and operator mail (mail.service.ts). Sending is
 * once-only per event (the dedupe key), and `onSent` tells the member's open pages at once, with the
 * title in the default language (the page reloads the list in its own).
 */
export function createInboxService(deps: {
  db: Kysely<Database>;
  now?: () => Date;
  onSent?: (message: { memberId: string; id: string; kind: MemberMessageKind; title: string }) => void;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The merchant's own templates of one language, by kind. */
  async function templatesOf(merchantId: string, language: Language): Promise<Map<string, Template>> {
    const rows = await findMerchantTemplates(db, merchantId);
    return new Map(
      rows
        .filter((row) => row.language === language)
        .map((row) => [row.kind, { title: row.title, body: row.body }]),
    );
  }

  /** Tells the open pages of a message just sent. */
  async function announce(sent: readonly { input: OutgoingMessage; id: string }[]): Promise<void> {
    if (!deps.onSent || sent.length === 0) return;
    const templates = new Map<string, Map<string, Template>>();
    for (const { input, id } of sent) {
      let merchantTemplates = templates.get(input.merchantId);
      if (!merchantTemplates) {
        merchantTemplates = await templatesOf(input.merchantId, DEFAULT_LANGUAGE);
        templates.set(input.merchantId, merchantTemplates);
      }
      const { title } = wordMessage(
        DEFAULT_LANGUAGE,
        input.kind,
        input.params,
        merchantTemplates.get(input.kind),
      );
      deps.onSent({ memberId: input.memberId, id, kind: input.kind, title });
    }
  }

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
      if (isNew) await announce([{ input, id }]);
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
        const fresh = slice.filter(({ id }) => inserted.has(id));
        sent += fresh.length;
        await announce(fresh);
      }
      return sent;
    },

    async list(input: {
      merchantId: string;
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
      const [templates, mails] = await Promise.all([
        templatesOf(input.merchantId, input.language),
        findMailTexts(db, [...new Set(rows.flatMap((row) => (row.mail_id ? [row.mail_id] : [])))]),
      ]);
      const mailById = new Map(mails.map((mail) => [mail.id, mail]));
      return {
        list: rows.map((row) => {
          const common = {
            id: row.id,
            kind: row.kind,
            createdAt: row.created_at,
            isRead: row.read_at !== null,
          };
          if (row.kind === 'operator_mail') {
            const mail = mailById.get(row.mail_id ?? '');
            return {
              ...common,
              title: mail ? textIn(mail.titles, input.language, DEFAULT_LANGUAGE) : '',
              body: mail ? textIn(mail.bodies, input.language, DEFAULT_LANGUAGE) : '',
              format: 'html' as const,
            };
          }
          return {
            ...common,
            ...wordMessage(
              input.language,
              row.kind,
              { site: input.site, ...row.params },
              templates.get(row.kind),
            ),
            format: 'text' as const,
          };
        }),
        total,
      };
    },

    countUnread: (memberId: string): Promise<number> => countUnreadMessages(db, memberId),

    /** Marks the named messages of the member read, or all of them when none are named. */
    markRead: (memberId: string, ids: readonly string[] | null): Promise<number> =>
      markMessagesRead(db, memberId, ids, now()),
  };
}
