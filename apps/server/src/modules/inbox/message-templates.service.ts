import type { Kysely } from 'kysely';
import type { Database, MemberMessageKind } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { type Language, SUPPORTED_LANGUAGES } from '../../platform/i18n/language.ts';
import {
  deleteMerchantTemplate,
  findMerchantTemplate,
  findMerchantTemplates,
  upsertMerchantTemplate,
} from './message-templates.repository.ts';
import {
  checkTemplate,
  defaultTemplate,
  MESSAGE_KINDS,
  placeholdersOf,
  previewMessage,
  type Template,
} from './message-texts.ts';

/** A system message's wording in one language: the built-in one and the merchant's, if any. */
export type MessageTemplateView = {
  kind: MemberMessageKind;
  language: Language;
  placeholders: string[];
  builtIn: Template;
  /** The merchant's own wording; null: messages use the built-in one. */
  custom: (Template & { updatedAt: Date; updatedBy: string }) | null;
};

export type MessageTemplateService = ReturnType<typeof createMessageTemplateService>;

/**
 * Message templates (spec §3 "Message templates"): a merchant words any system message in its own
 * way per language, using only the placeholders the message fills in. Every change is audited.
 */
export function createMessageTemplateService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  now: () => Date;
}) {
  const { db, recordChange, now } = deps;

  const assertValid = (language: Language, kind: MemberMessageKind, template: Template) => {
    const problems = checkTemplate(language, kind, template);
    if (Object.keys(problems.fields).length > 0) {
      throw new AppError('VALIDATION', {
        value: { fields: problems.fields, unknownPlaceholders: problems.unknown },
      });
    }
  };

  return {
    async list(merchantId: string): Promise<MessageTemplateView[]> {
      const custom = new Map(
        (await findMerchantTemplates(db, merchantId)).map((row) => [`${row.kind}:${row.language}`, row]),
      );
      return MESSAGE_KINDS.flatMap((kind) =>
        SUPPORTED_LANGUAGES.map((language) => {
          const row = custom.get(`${kind}:${language}`);
          return {
            kind,
            language,
            placeholders: placeholdersOf(language, kind),
            builtIn: defaultTemplate(language, kind),
            custom: row
              ? { title: row.title, body: row.body, updatedAt: row.updated_at, updatedBy: row.updated_by }
              : null,
          };
        }),
      );
    },

    /** Saves the merchant's wording of a kind in a language; VALIDATION names unknown placeholders. */
    async save(
      actor: ChangeActor,
      input: { merchantId: string; kind: MemberMessageKind; language: Language; template: Template },
    ): Promise<void> {
      const { merchantId, kind, language } = input;
      const template = { title: input.template.title.trim(), body: input.template.body.trim() };
      assertValid(language, kind, template);
      await db.transaction().execute(async (trx) => {
        const before = await findMerchantTemplate(trx, { merchantId, kind, language });
        await upsertMerchantTemplate(trx, {
          merchant_id: merchantId,
          kind,
          language,
          ...template,
          updated_by: actor.username,
          updated_at: now(),
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'message_template.save',
          target: { type: 'message_template', id: `${kind}:${language}` },
          before: before ? { title: before.title, body: before.body } : null,
          after: template,
        });
      });
    },

    /** Goes back to the built-in wording of a kind in a language. */
    async reset(
      actor: ChangeActor,
      input: { merchantId: string; kind: MemberMessageKind; language: Language },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await findMerchantTemplate(trx, input);
        if (!before) return;
        await deleteMerchantTemplate(trx, input);
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: input.merchantId,
          action: 'message_template.reset',
          target: { type: 'message_template', id: `${input.kind}:${input.language}` },
          before: { title: before.title, body: before.body },
          after: null,
        });
      });
    },

    /** A template as a member would read it, with sample values; checked as saving checks it. */
    preview(input: {
      kind: MemberMessageKind;
      language: Language;
      template: Template;
      site: string;
    }): Template {
      assertValid(input.language, input.kind, input.template);
      return previewMessage(input.language, input.kind, input.template, input.site);
    },
  };
}
