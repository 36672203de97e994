import { Type } from 'typebox';
import { listCountries, listLanguages } from '../../../modules/reference/reference.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { BCP47_OF } from '../../../platform/i18n/language.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';
import { ERROR_RESPONSES } from './system-schemas.ts';

const TAGS = ['system'];

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
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(PageOf(CountryItem)), ...ERROR_RESPONSES },
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
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(PageOf(LanguageItem)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      return ok({ list: listLanguages(merchant.languages, merchant.defaultLanguage), totalPages: 1 });
    },
  );
}
