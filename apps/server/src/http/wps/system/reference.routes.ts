import { Type } from 'typebox';
import { listCountries, listLanguages } from '../../../modules/reference/reference.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { BCP47_OF } from '../../../platform/i18n/language.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES, LanguageQuery, MerchantQuery } from './system-schemas.ts';

const TAGS = ['system'];
const PlainQuery = Type.Object({ ...MerchantQuery, ...LanguageQuery });

const CountryItem = Type.Object({
  countryCode: Type.String(),
  countryDialingCode: Type.String(),
  name: Type.String(),
});

const LanguageItem = Type.Object({
  code: Type.String(),
  bcp47: Type.String(),
  name: Type.String(),
  nativeName: Type.String(),
  supported: Type.Boolean(),
  isDefault: Type.Boolean(),
});

/** Reference lists: GET /wps/system/countries and /wps/system/languages. */
export function registerReferenceRoutes(app: TypedApp): void {
  app.get(
    '/wps/system/countries',
    {
      schema: {
        tags: TAGS,
        summary: 'Countries with their telephone calling codes, named in the request language',
        querystring: PlainQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(CountryItem), totalPages: Type.Integer() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return ok({ list: listCountries(BCP47_OF[request.language]), totalPages: 1 });
    },
  );

  app.get(
    '/wps/system/languages',
    {
      schema: {
        tags: TAGS,
        summary: "The language catalogue, marking the merchant's supported and default languages",
        querystring: PlainQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(LanguageItem), totalPages: Type.Integer() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      return ok({ list: listLanguages(merchant.languages, merchant.defaultLanguage), totalPages: 1 });
    },
  );
}
