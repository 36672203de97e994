import { type Static, type TSchema, Type } from 'typebox';
import { RegisterRule, WhitelabelNode } from '../../../modules/merchant/merchant-settings.ts';

/** Wire shapes shared by several /wps/system calls (see the system calls' contract). */

/**
 * A string (or other primitive) that may be null, written as `type: [x, "null"]` rather than
 * anyOf: the response serialiser handles a type list with a typeof check, but an anyOf by running
 * a validator on every reply, which halves the throughput of the hottest calls.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type } = schema as { type?: unknown };
  if (typeof type !== 'string') throw new Error('Nullable needs a schema with a single primitive type');
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/** A string out of a fixed list, as an enum (see Nullable). */
export function StringOf<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

/** An integer out of a fixed list, as an enum for the same reason as Nullable. */
export function IntegerOf<const T extends readonly number[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'integer', enum: [...values] });
}

export const CustomerServiceItem = Type.Object({
  id: Type.String(),
  csType: StringOf(['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'VIBER', 'FACEBOOK', 'EMAIL']),
  title: Type.String(),
  path: Type.String(),
});

export const DomainRouteItem = Type.Object({
  domain: Type.String(),
  route: StringOf(['PLAYER', 'AGENT', 'MOBILE']),
  isMain: Type.Boolean(),
});

export const ResourceItem = Type.Object({
  id: Type.String(),
  labelNameEn: Type.String(),
  labelName: Type.String(),
  url: Type.String(),
  icon: Nullable(Type.String()),
});

export const WhitelabelTree = Type.Array(WhitelabelNode);
export const RegisterRules = Type.Array(RegisterRule);

export const BannerItem = Type.Object({
  id: Type.String(),
  groupName: StringOf(['w_home', 'w_login', 'w_register', 'w_license', 'w_leftmenu']),
  url: Type.String({
    description: "The banner's image in the reader's language, or its default image when it has none",
  }),
  linkType: StringOf(['NONE', 'URL', 'ROUTE', 'PROMOTION', 'GAME']),
  linkTarget: Nullable(Type.String()),
  title: Type.String(),
});

export const ExecutionCode = StringOf(['A', 'B', 'F']);

export const AnnouncementTypeCode = StringOf(['B', 'PL', 'PU', 'PR', 'H']);

/** Accepted and ignored: the request's host decides the merchant (spec §7's merchant parameters). */
export const MerchantQuery = {
  merchant: Type.Optional(Type.String({ maxLength: 64 })),
  merchantCode: Type.Optional(Type.String({ maxLength: 64 })),
};

export const LanguageQuery = {
  language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
};

export const ERROR_RESPONSES = {
  404: { $ref: 'ErrorEnvelope#' },
  422: { $ref: 'ErrorEnvelope#' },
  500: { $ref: 'ErrorEnvelope#' },
} as const;
