import type { TSchema } from 'typebox';
import { Envelope } from '../../platform/http/envelope.ts';
import { ERROR_RESPONSES } from './system/system-schemas.ts';
import { MerchantLanguageQuery } from './wps-schemas.ts';

/**
 * The options of a player call whose body carries a secret (a password, a code), so that it comes
 * sealed (the spec's flag E; platform/crypto/sealed-body.ts opens it before the schema runs): its
 * tags and summary, the plain body's schema, and its answer in the envelope.
 */
export function sealedCall<Body extends TSchema, Answer extends TSchema>(
  tags: string[],
  summary: string,
  body: Body,
  answer: Answer,
) {
  return {
    config: { encrypted: true },
    schema: {
      tags,
      summary,
      querystring: MerchantLanguageQuery,
      body,
      response: { 200: Envelope(answer), ...ERROR_RESPONSES },
    },
  };
}
