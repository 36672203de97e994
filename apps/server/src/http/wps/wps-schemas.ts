import { type TSchema, Type } from 'typebox';
import { Defaulted } from '../../platform/http/typed.ts';
import { ERROR_RESPONSES, LanguageQuery, MerchantQuery } from './system/system-schemas.ts';

/** Wire shapes shared by the player's calls across their areas (member, wallet, payment, game). */

/** The query string every player call accepts: the ignored merchant names and the reply's language. */
export const MerchantLanguageQuery = Type.Object({ ...MerchantQuery, ...LanguageQuery });

/** A calendar day, in the merchant's time zone. */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-23'] });

/** The days a list covers: its first and last calendar day, both included; either may be left open. */
export const DayRangeFields = { from: Type.Optional(Day), to: Type.Optional(Day) };

/** No list a player pages through is longer than this many pages. */
const PAGE_NUMBER_MAX = 10_000;

/**
 * A paged list's query fields; the validator writes the defaults in, so a handler reads `page` and
 * `pageSize` always set.
 */
export function DefaultedPageFields(pageSizeMax: number, pageSizeDefault: number) {
  return {
    page: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
    pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: pageSizeMax, default: pageSizeDefault })),
  };
}

/** One page of a list, and how many pages the whole list has. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({ list: Type.Array(item), totalPages: Type.Integer() });
}

/**
 * The answers of a call that needs the member's session: no session (401), an account that may not
 * do it (403), or a clash with the member's state (409), besides the common ones.
 */
export const MEMBER_ERROR_RESPONSES = {
  401: { $ref: 'ErrorEnvelope#' },
  403: { $ref: 'ErrorEnvelope#' },
  409: { $ref: 'ErrorEnvelope#' },
  ...ERROR_RESPONSES,
} as const;
