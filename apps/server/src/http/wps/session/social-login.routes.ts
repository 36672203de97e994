import { Type } from 'typebox';
import { merchantOriginOf, type ResolvedMerchant } from '../../../modules/merchant/merchant.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import {
  exchangeSocialTicket,
  finishSocialLogin,
  type SocialLoginDeps,
  startSocialLogin,
} from '../../../workflows/social-login.ts';
import { readClient } from '../../client-context.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { sealedCall } from '../sealed-call.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';
import { answerLogin, LoginResultSchema } from './login-call.ts';

export type SocialLoginRoutesDeps = SocialLoginDeps & {
  countryHeader: string | undefined;
  /** The origin of links for a merchant without a main origin of its own (config PUBLIC_ORIGIN). */
  publicOrigin: string;
};

const TAGS = ['session'];
const Provider = StringOf(['google', 'facebook']);

const StartBody = Type.Object({
  provider: Provider,
  /** A path on this site to come back to; anything else comes back home. */
  returnTo: Type.Optional(Type.String({ maxLength: 200 })),
  affiliateCode: Type.Optional(Type.String({ maxLength: 32 })),
});

const CallbackParams = Type.Object({ provider: Provider });
// The provider's own parameters; only their size is ours to limit, the OIDC client checks them.
const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: true, maxProperties: 12 },
);

const TicketBody = Type.Object({ ticket: Type.String({ minLength: 20, maxLength: 100 }) });

/** The session, and whether this sign-in made the account (the page then offers the first deposit). */
const SocialLoginResultSchema = Type.Object({
  ...LoginResultSchema.properties,
  created: Type.Boolean(),
});

/**
 * The address the provider sends the browser back to; the same one on the way out and back, on the
 * merchant's main origin (never the request's Host, which the provider would otherwise be asked to
 * hand the code to).
 */
function callbackUrlOf(merchant: ResolvedMerchant, publicOrigin: string, provider: string): URL {
  return new URL(`/wps/session/social/${provider}/callback`, merchantOriginOf(merchant, publicOrigin));
}

/**
 * Social login by OpenID Connect (spec §2 "optional social login (Facebook, Google)"): the page asks
 * for the provider's address, the provider calls back here, and the page trades the ticket it is
 * handed for a session.
 */
export function registerSocialLoginRoutes(app: TypedApp, deps: SocialLoginRoutesDeps): void {
  app.post(
    '/wps/session/social/start',
    {
      schema: {
        tags: TAGS,
        summary: "Start a social login: answers the provider's authorization address to open",
        querystring: MerchantLanguageQuery,
        body: StartBody,
        response: { 200: Envelope(Type.Object({ url: Type.String() })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const merchant = requireMerchant(request);
      return ok(
        await startSocialLogin(deps, merchant, {
          provider: body.provider,
          redirectUri: callbackUrlOf(merchant, deps.publicOrigin, body.provider).href,
          returnTo: body.returnTo,
          ...(body.affiliateCode ? { affiliateCode: body.affiliateCode } : {}),
        }),
      );
    },
  );

  app.get(
    '/wps/session/social/:provider/callback',
    {
      schema: {
        tags: TAGS,
        summary:
          "The identity provider's redirect: back to the starting page with a one-time ticket (or an error) in the fragment",
        params: CallbackParams,
        querystring: CallbackQuery,
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const merchant = requireMerchant(request);
      const callbackUrl = callbackUrlOf(merchant, deps.publicOrigin, provider);
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const { location } = await finishSocialLogin(deps, merchant, {
        provider,
        callbackUrl,
        client: readClient(request, deps.countryHeader),
      });
      // The provider's code is in this address: keep it out of the next page's Referer.
      reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/wps/session/login/social',
    sealedCall(
      TAGS,
      "Trade a social login's one-time ticket for a session (sealed body)",
      TicketBody,
      SocialLoginResultSchema,
    ),
    async (request) =>
      answerLogin(request, deps.countryHeader, (merchant, client) =>
        exchangeSocialTicket(deps, merchant, { ticket: request.body.ticket, client }),
      ),
  );
}
