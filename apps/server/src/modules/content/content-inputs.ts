import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { AppError } from '../../platform/errors/errors.ts';
import { OPERATOR_HTML_MAX_LENGTH } from './operator-html.ts';

/** Limits of what an operator may store; the back office shows them as field limits. */
export const TITLE_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 1000;
const LANGUAGE_CODE = Type.String({ pattern: '^[A-Z]{2}$' });

const LocalizedTitle = Type.Record(
  LANGUAGE_CODE,
  Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH }),
  {
    minProperties: 1,
    maxProperties: 40,
    additionalProperties: false,
  },
);
const LocalizedHtml = Type.Record(LANGUAGE_CODE, Type.String({ maxLength: OPERATOR_HTML_MAX_LENGTH }), {
  minProperties: 1,
  maxProperties: 40,
  additionalProperties: false,
});
/**
 * Every address an operator stores for a player to open or load (a banner's image and link, a
 * resource): an http(s) URL with a host, or a path on the site itself starting with one "/".
 * Anything else (javascript:, data:, vbscript:, a protocol-relative //host or /\\host) is refused,
 * so that a click on the player's site can never run a script or leave for a page it did not name.
 */
export const LinkUrl = Type.String({
  minLength: 1,
  maxLength: URL_MAX_LENGTH,
  pattern: '^(https?://[^\\s/$.?#\\\\][^\\s\\\\]*|/(?![/\\\\])[^\\s\\\\]*)$',
});
/** A LIVECHAT entry's path for our own chat page (docs/chat.md), on whichever origin the merchant's is. */
export const OWN_CHAT_PATH = '/chat';
// Where a customer-service entry sends a player: a web address, an email address or phone number
// to contact (EMAIL, a hotline), or our own chat page (a LIVECHAT entry only), nothing else.
const ContactUrl = Type.String({
  maxLength: URL_MAX_LENGTH,
  pattern: '^(https?://[^\\s/$.?#][^\\s]*|mailto:[^\\s@/]+@[^\\s@/]+|tel:\\+?[0-9][0-9 -]{2,19}|/chat)$',
});
const Anchor = Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' });
const SortOrder = Type.Integer({ minimum: 0, maximum: 10_000 });

export const AnnouncementInputSchema = Type.Object({
  type: Type.Union([
    Type.Literal('B'),
    Type.Literal('PL'),
    Type.Literal('PU'),
    Type.Literal('PR'),
    Type.Literal('H'),
  ]),
  platform: Type.Optional(Type.Literal('W')),
  execution: Type.Optional(
    Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('F'), Type.Null()]),
  ),
  audience: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('members'), Type.Literal('agents')])),
  promotionType: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z_]{1,30}$' }), Type.Null()])),
  title: LocalizedTitle,
  content: LocalizedHtml,
  published: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(SortOrder),
  startsAt: Type.Optional(Type.Unsafe<Date>({})),
  endsAt: Type.Optional(Type.Union([Type.Unsafe<Date>({}), Type.Null()])),
});

export const HelpCategoryInputSchema = Type.Object({
  anchor: Anchor,
  device: Type.Optional(Type.Literal('WEB')),
  title: LocalizedTitle,
  sortOrder: Type.Optional(SortOrder),
  articles: Type.Array(Type.Object({ anchor: Anchor, title: LocalizedTitle, content: LocalizedHtml }), {
    maxItems: 100,
  }),
});

export const BannerInputSchema = Type.Object({
  groupName: Type.Union([
    Type.Literal('w_home'),
    Type.Literal('w_login'),
    Type.Literal('w_register'),
    Type.Literal('w_license'),
    Type.Literal('w_leftmenu'),
  ]),
  title: LocalizedTitle,
  imageUrl: LinkUrl,
  /** The image for readers of one language, when the art's text is in that language. */
  languageImageUrls: Type.Optional(
    Type.Record(LANGUAGE_CODE, LinkUrl, { maxProperties: 40, additionalProperties: false }),
  ),
  linkType: Type.Union([
    Type.Literal('NONE'),
    Type.Literal('URL'),
    Type.Literal('ROUTE'),
    Type.Literal('PROMOTION'),
    Type.Literal('GAME'),
  ]),
  linkTarget: Type.Union([Type.String({ maxLength: URL_MAX_LENGTH }), Type.Null()]),
  sortOrder: SortOrder,
  startsAt: Type.Optional(Type.Unsafe<Date>({})),
  endsAt: Type.Optional(Type.Union([Type.Unsafe<Date>({}), Type.Null()])),
});

export const CustomerServiceInputSchema = Type.Object({
  csType: Type.Union([
    Type.Literal('LIVECHAT'),
    Type.Literal('TELEGRAM'),
    Type.Literal('WHATSAPP'),
    Type.Literal('VIBER'),
    Type.Literal('FACEBOOK'),
    Type.Literal('EMAIL'),
  ]),
  title: LocalizedTitle,
  path: ContactUrl,
  sortOrder: SortOrder,
  enabled: Type.Optional(Type.Boolean()),
});

export const ResourceInputSchema = Type.Object({
  resourceType: Type.String({ pattern: '^[A-Z][A-Z_]{1,29}$' }),
  label: LocalizedTitle,
  url: LinkUrl,
  icon: Type.Union([Type.String({ pattern: '^[a-z0-9-]{1,40}$' }), Type.Null()]),
  sortOrder: SortOrder,
  enabled: Type.Optional(Type.Boolean()),
});

/** One help-centre category as the back office edits it (its articles are edited one by one). */
export const HelpCategoryEditSchema = Type.Object({
  anchor: Anchor,
  device: Type.Literal('WEB'),
  title: LocalizedTitle,
  sortOrder: SortOrder,
});

export const HelpArticleEditSchema = Type.Object({
  categoryId: Type.String({ minLength: 1, maxLength: 64 }),
  anchor: Anchor,
  title: LocalizedTitle,
  content: LocalizedHtml,
  sortOrder: SortOrder,
});

/**
 * Drops the languages an operator left blank, so that a reader of that language falls back to
 * another one instead of seeing an empty text.
 */
export function dropBlankLanguages(text: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(text).filter(([, value]) => value.trim() !== ''));
}

// What a pattern means, said to the operator instead of the regular expression itself.
const PATTERN_MESSAGES: Record<string, string> = {
  path: 'must be an http:// or https:// address, a mailto: address, a tel: number, or /chat (our live chat)',
  url: 'must be an http:// or https:// address, or a path on this site starting with /',
  imageUrl: 'must be an http:// or https:// address, or a path on this site starting with /',
  languageImageUrls: 'must be an http:// or https:// address, or a path on this site starting with /',
  linkTarget: 'must be an http:// or https:// address, or a path on this site starting with /',
  anchor: 'lower-case letters, digits and dashes only, starting with a letter (at most 40)',
  resourceType: 'capital letters and _ only, starting with a letter (2 to 30)',
  icon: 'lower-case letters, digits and dashes only (at most 40)',
  promotionType: 'capital letters and _ only (at most 30)',
};

/** Banner link types whose target is an address the player's browser opens. */
const ADDRESS_LINK_TYPES: readonly string[] = ['URL', 'ROUTE'];

/**
 * A banner through its schema, and its link target through LinkUrl when the link opens an address
 * (URL, ROUTE); a promotion's or a game's target is an identifier the site puts into its own path.
 */
export function checkBannerInput<T extends Static<typeof BannerInputSchema>>(input: T): T {
  checkInput(BannerInputSchema, input);
  if (ADDRESS_LINK_TYPES.includes(input.linkType)) {
    checkInput(Type.Object({ linkTarget: LinkUrl }), { linkTarget: input.linkTarget });
  }
  return input;
}

/** A customer-service entry through its schema; only a LIVECHAT entry may name our chat page. */
export function checkCustomerServiceInput<T extends Static<typeof CustomerServiceInputSchema>>(input: T): T {
  checkInput(CustomerServiceInputSchema, input);
  if (input.path === OWN_CHAT_PATH && input.csType !== 'LIVECHAT') {
    throw new AppError('VALIDATION', {
      value: { fields: { path: 'only a LIVECHAT entry opens our live chat' } },
    });
  }
  return input;
}

/**
 * Checks an operator's input against its schema. Too long, unknown codes or unsafe URLs are
 * refused with VALIDATION naming each field, never shortened or patched up.
 */
export function checkInput<T extends TSchema>(schema: T, input: unknown): Static<T> {
  if (Value.Check(schema, input)) return input;
  const fields: Record<string, string> = {};
  for (const error of Value.Errors(schema, input).slice(0, 20)) {
    const path = error.instancePath.split('/').filter(Boolean);
    const field = path.join('.') || 'input';
    // A language's entry (languageImageUrls.EN) is explained by its field's message.
    const patternMessage =
      error.keyword === 'pattern'
        ? (PATTERN_MESSAGES[path.at(-1) ?? ''] ?? PATTERN_MESSAGES[path.at(-2) ?? ''])
        : undefined;
    fields[field] ??= patternMessage ?? error.message;
  }
  throw new AppError('VALIDATION', { value: { fields } });
}
