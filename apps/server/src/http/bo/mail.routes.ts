import { type Static, Type } from 'typebox';
import type { MemberMessageKind } from '../../db/schema.ts';
import {
  MAIL_ACCOUNT_LENGTH_MAX,
  MAIL_ACCOUNTS_MAX,
  MAIL_BODY_LENGTH_MAX,
  MAIL_PAGE_SIZE_MAX,
  MAIL_TITLE_LENGTH_MAX,
  type MailAudience,
  type MailService,
  type MailView,
} from '../../modules/inbox/mail.service.ts';
import type { MessageTemplateService } from '../../modules/inbox/message-templates.service.ts';
import {
  MESSAGE_KINDS,
  TEMPLATE_BODY_LENGTH_MAX,
  TEMPLATE_TITLE_LENGTH_MAX,
} from '../../modules/inbox/message-texts.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { SUPPORTED_LANGUAGES } from '../../platform/i18n/language.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  MerchantScopeQuery,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type MailAdminRoutesDeps = {
  mail: MailService;
  templates: MessageTemplateService;
  /** The merchant's site name, which the templates' {site} stands for. */
  siteNameOf: (merchantId: string) => Promise<string>;
};

const TAGS = ['back office: mail'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const Moment = Type.String({ format: 'date-time', maxLength: 40, examples: ['2026-12-01T12:00:00.000Z'] });
const Account = Type.String({ minLength: 1, maxLength: MAIL_ACCOUNT_LENGTH_MAX });
const PerLanguage = <T extends ReturnType<typeof Type.String>>(text: T) =>
  Type.Object({ TY: text, EN: text }, { additionalProperties: false });
const MailKindSchema = StringOf(['service', 'promotional']);
const AudienceSchema = StringOf(['member', 'accounts', 'vip', 'team']);

const NewMailBody = Type.Object({
  merchantId: MerchantIdField,
  /** service: always delivered; promotional: only to members who may be marketed to. */
  kind: MailKindSchema,
  audience: AudienceSchema,
  /** audience member: the one account. */
  account: Type.Optional(Account),
  /** audience accounts: the accounts, pasted. */
  accounts: Type.Optional(Type.Array(Account, { maxItems: MAIL_ACCOUNTS_MAX })),
  /** audience vip: the members holding this rank. */
  vipRank: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  /** audience team: every member below this agent. */
  agentAccount: Type.Optional(Account),
  titles: PerLanguage(Type.String({ maxLength: MAIL_TITLE_LENGTH_MAX })),
  /** HTML, sanitised before it is stored. */
  bodies: PerLanguage(Type.String({ maxLength: MAIL_BODY_LENGTH_MAX })),
  /** Absent or null: now. */
  sendAt: Type.Optional(Nullable(Moment)),
});

const MailViewSchema = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  kind: MailKindSchema,
  audience: AudienceSchema,
  accounts: Type.Array(Type.String()),
  vipRank: Nullable(Type.Integer()),
  agentId: Nullable(Type.String()),
  titles: Type.Record(Type.String(), Type.String()),
  bodies: Type.Record(Type.String(), Type.String()),
  status: StringOf(['scheduled', 'sending', 'sent', 'cancelled']),
  sendAt: Type.String(),
  sentAt: Nullable(Type.String()),
  /** Members the mail reached so far, and how many of them have read it. */
  delivered: Type.Integer(),
  read: Type.Integer(),
  createdBy: Type.String(),
  createdAt: Type.String(),
});

const KindSchema = StringOf(MESSAGE_KINDS);
const LanguageSchema = StringOf(SUPPORTED_LANGUAGES);
const TemplateText = Type.Object({ title: Type.String(), body: Type.String() });
const TemplateView = Type.Object({
  kind: KindSchema,
  language: LanguageSchema,
  /** The placeholders a template of this kind and language may use. */
  placeholders: Type.Array(Type.String()),
  builtIn: TemplateText,
  /** The merchant's own wording; null: the built-in one is used. */
  custom: Nullable(
    Type.Object({
      title: Type.String(),
      body: Type.String(),
      updatedAt: Type.String(),
      updatedBy: Type.String(),
    }),
  ),
});
const TemplateParams = Type.Object({ kind: KindSchema, language: LanguageSchema });
const TemplateFields = {
  title: Type.String({ maxLength: TEMPLATE_TITLE_LENGTH_MAX }),
  body: Type.String({ maxLength: TEMPLATE_BODY_LENGTH_MAX }),
};

function mailViewOf(mail: MailView): Static<typeof MailViewSchema> {
  return {
    ...mail,
    sendAt: mail.sendAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    createdAt: mail.createdAt.toISOString(),
  };
}

/** The audience the body names, with the field it needs present (VALIDATION required otherwise). */
function audienceOf(body: Static<typeof NewMailBody>): MailAudience {
  const missing = (field: string): never => {
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'required' } } });
  };
  switch (body.audience) {
    case 'member':
      return { type: 'member', account: body.account ?? missing('account') };
    case 'accounts':
      return { type: 'accounts', accounts: body.accounts ?? missing('accounts') };
    case 'vip':
      return { type: 'vip', vipRank: body.vipRank ?? missing('vipRank') };
    case 'team':
      return { type: 'team', agentAccount: body.agentAccount ?? missing('agentAccount') };
  }
}

/**
 * Operator mail and message templates in the back office (docs/back-office.md "Mail and message
 * templates"). Reads need messages.read, changes messages.write; every change is audited by its
 * service in its transaction.
 */
export function registerMailAdminRoutes(app: TypedApp, deps: MailAdminRoutesDeps): void {
  const { mail, templates } = deps;

  app.get(
    '/bo/mail',
    {
      ...merchantScopedRoute('messages.read'),
      schema: {
        tags: TAGS,
        summary: 'Mail sent and scheduled, latest send time first, with members reached and reads',
        querystring: Type.Object({
          merchantId: MerchantIdField,
          ...PageQueryFields(MAIL_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
        }),
        response: { 200: Envelope(CountedPageOf(MailViewSchema)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pageSize = request.query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await mail.list({
        scope: await readMerchantScope(request),
        page: request.query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.list.map(mailViewOf),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.post(
    '/bo/mail',
    {
      ...merchantScopedRoute('messages.write'),
      schema: {
        tags: TAGS,
        summary: `Write mail to a member, up to ${MAIL_ACCOUNTS_MAX} accounts, a VIP level or an agent's team; without sendAt it is delivered at once`,
        body: NewMailBody,
        response: { 200: Envelope(MailViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { body } = request;
      const sendAt = body.sendAt ? new Date(body.sendAt) : null;
      const actor = (await readOperator(request)).actor;
      const created = await mail.create(actor, merchantId, {
        kind: body.kind,
        audience: audienceOf(body),
        titles: body.titles,
        bodies: body.bodies,
        sendAt,
      });
      return ok(mailViewOf(created));
    },
  );

  app.get(
    '/bo/mail/:id',
    {
      ...resourceRoute('messages.read', mail.findMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'A mail, with members reached and reads',
        params: IdParams,
        response: { 200: Envelope(MailViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(mailViewOf(await mail.get(request.params.id))),
  );

  app.post(
    '/bo/mail/:id/cancel',
    {
      ...resourceRoute('messages.write', mail.findMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'Cancel a scheduled mail (CONFLICT NOT_SCHEDULED once its delivery has begun)',
        params: IdParams,
        response: { 200: Envelope(MailViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(mailViewOf(await mail.cancel(actor, request.params.id)));
    },
  );

  app.get(
    '/bo/message-templates',
    {
      ...merchantScopedRoute('messages.read'),
      schema: {
        tags: TAGS,
        summary:
          "Every system message in every language: its placeholders, built-in wording and the merchant's own",
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(TemplateView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const list = await templates.list(await targetMerchantOf(request));
      return ok({
        list: list.map((view) => ({
          ...view,
          custom: view.custom ? { ...view.custom, updatedAt: view.custom.updatedAt.toISOString() } : null,
        })),
      });
    },
  );

  app.put(
    '/bo/message-templates/:kind/:language',
    {
      ...merchantScopedRoute('messages.write'),
      schema: {
        tags: TAGS,
        summary:
          'Word a system message in a language (VALIDATION placeholder, with value.unknownPlaceholders, for one the message does not fill)',
        params: TemplateParams,
        body: Type.Object({ merchantId: MerchantIdField, ...TemplateFields }),
        response: { 200: Envelope(Type.Object({ saved: Type.Boolean() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const actor = (await readOperator(request)).actor;
      const { kind, language } = request.params;
      await templates.save(actor, {
        merchantId,
        kind: kind satisfies MemberMessageKind,
        language,
        template: { title: request.body.title, body: request.body.body },
      });
      return ok({ saved: true });
    },
  );

  app.delete(
    '/bo/message-templates/:kind/:language',
    {
      ...merchantScopedRoute('messages.write'),
      schema: {
        tags: TAGS,
        summary: 'Reset a system message in a language to its built-in wording',
        params: TemplateParams,
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ reset: Type.Boolean() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const actor = (await readOperator(request)).actor;
      await templates.reset(actor, { merchantId, ...request.params });
      return ok({ reset: true });
    },
  );

  app.post(
    '/bo/message-templates/preview',
    {
      ...merchantScopedRoute('messages.read'),
      schema: {
        tags: TAGS,
        summary: 'A template as a member would read it, with sample values (checked as saving checks it)',
        body: Type.Object({
          merchantId: MerchantIdField,
          kind: KindSchema,
          language: LanguageSchema,
          ...TemplateFields,
        }),
        response: { 200: Envelope(TemplateText), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { kind, language, title, body } = request.body;
      return ok(
        templates.preview({
          kind,
          language,
          template: { title, body },
          site: await deps.siteNameOf(merchantId),
        }),
      );
    },
  );
}
