import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import {
  deleteStatesExpiredBefore,
  findLinkedMemberId,
  insertIdentity,
  insertState,
  setStateTicket,
  takeStateForCallback,
  takeTicket,
} from './social-login.repository.ts';

/** One identity provider as a merchant configures it. */
export type SocialProviderConfig = {
  provider: 'google' | 'facebook';
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
};

/** Who the provider says signed in. */
export type SocialIdentity = { subject: string; email: string | null; name: string | null };

export const SOCIAL_STATE_MINUTES = 10;
export const SOCIAL_CODE_MINUTES = 5;
const DISCOVERY_CACHE_MS = 60 * 60_000;
const STATE_KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60_000;
const RETURN_TO_PATTERN = /^\/(?!\/)[A-Za-z0-9/_?=&.-]{0,200}$/;

/** What a valid callback established. */
export type SocialCallback = {
  identity: SocialIdentity;
  stateHash: string;
  returnTo: string;
  affiliateCode: string | null;
};

/**
 * A callback that cannot sign anyone in. With a known state it still names the login it ends
 * (stateHash, returnTo), so the page that started it can be told why.
 */
export class SocialLoginError extends Error {
  readonly code: 'STATE_INVALID' | 'PROVIDER_FAILED';
  readonly stateHash: string | null;
  readonly returnTo: string | null;
  constructor(
    code: 'STATE_INVALID' | 'PROVIDER_FAILED',
    message: string,
    options: { cause?: unknown; stateHash?: string; returnTo?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.stateHash = options.stateHash ?? null;
    this.returnTo = options.returnTo ?? null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;

/**
 * Social login by OpenID Connect (authorization code with PKCE, state and nonce): the way out to
 * the provider, the callback's checks (the library validates the ID token's issuer, audience,
 * nonce and expiry), linked identities, and the one-time code the browser trades for a session.
 */
export function createSocialLoginService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const discovered = new Map<string, { config: Promise<oidc.Configuration>; expiresAtMs: number }>();

  function configurationOf(provider: SocialProviderConfig): Promise<oidc.Configuration> {
    const key = `${provider.issuer}|${provider.clientId}|${sha256(provider.clientSecret)}`;
    const cached = discovered.get(key);
    if (cached && cached.expiresAtMs > Date.now()) return cached.config;
    const isPlainHttp = provider.issuer.startsWith('http:');
    const config = oidc
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        // A plain-http issuer exists only on a developer's machine or in a test.
        isPlainHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered.delete(key);
        throw new SocialLoginError('PROVIDER_FAILED', 'provider discovery failed', { cause: error });
      });
    discovered.set(key, { config, expiresAtMs: Date.now() + DISCOVERY_CACHE_MS });
    return config;
  }

  return {
    /** A safe place to come back to: a path on this site, else home. */
    sanitizeReturnTo: (returnTo: string | undefined): string =>
      returnTo && RETURN_TO_PATTERN.test(returnTo) ? returnTo : '/',

    /** The provider's authorization address, with a fresh state, nonce and PKCE challenge kept here. */
    async startLogin(input: {
      merchantId: string;
      provider: SocialProviderConfig;
      redirectUri: string;
      returnTo: string;
      affiliateCode: string | null;
    }): Promise<string> {
      const config = await configurationOf(input.provider);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const timestamp = now();
      // Logins abandoned at the provider leave their state behind; a day later nobody needs it.
      await deleteStatesExpiredBefore(db, new Date(timestamp.getTime() - STATE_KEPT_AFTER_EXPIRY_MS));
      await insertState(db, {
        state_hash: sha256(state),
        merchant_id: input.merchantId,
        provider: input.provider.provider,
        code_verifier: codeVerifier,
        nonce,
        return_to: input.returnTo,
        affiliate_code: input.affiliateCode,
        created_at: timestamp,
        expires_at: new Date(timestamp.getTime() + SOCIAL_STATE_MINUTES * 60_000),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri,
        scope: input.provider.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /**
     * Checks the callback (state once, within 10 minutes; the code exchanged with the PKCE
     * verifier; the ID token validated) and answers who signed in and where to return.
     */
    async finishCallback(input: {
      merchantId: string;
      provider: SocialProviderConfig;
      callbackUrl: URL;
    }): Promise<SocialCallback> {
      const state = input.callbackUrl.searchParams.get('state') ?? '';
      const stateHash = sha256(state);
      const row = await takeStateForCallback(db, {
        stateHash,
        merchantId: input.merchantId,
        provider: input.provider.provider,
        at: now(),
      });
      if (!state || !row) throw new SocialLoginError('STATE_INVALID', 'unknown, used or expired state');
      if (input.callbackUrl.searchParams.has('error')) {
        // The player cancelled at the provider, or the provider refused: the state is spent.
        throw new SocialLoginError('PROVIDER_FAILED', 'the provider answered with an error', {
          cause: input.callbackUrl.searchParams.get('error'),
          stateHash,
          returnTo: row.return_to,
        });
      }
      try {
        const config = await configurationOf(input.provider);
        const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
          pkceCodeVerifier: row.code_verifier,
          expectedState: state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims?.sub) throw new Error('the ID token has no subject');
        // Providers that keep profile claims out of the ID token serve them at userinfo, tied to
        // the same subject (the library checks it).
        const hasProfile = idClaims.email !== undefined || idClaims.name !== undefined;
        const claims: Record<string, unknown> =
          hasProfile || !config.serverMetadata().userinfo_endpoint
            ? idClaims
            : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
        const email =
          typeof claims.email === 'string' && claims.email_verified === true
            ? claims.email.toLowerCase()
            : null;
        const name =
          typeof claims.name === 'string'
            ? claims.name
            : typeof claims.preferred_username === 'string'
              ? claims.preferred_username
              : null;
        return {
          identity: { subject: idClaims.sub, email, name },
          stateHash,
          returnTo: row.return_to,
          affiliateCode: row.affiliate_code,
        };
      } catch (error) {
        throw new SocialLoginError('PROVIDER_FAILED', 'the provider refused the code', {
          cause: error,
          stateHash,
          returnTo: row.return_to,
        });
      }
    },

    findLinkedMemberId: (merchantId: string, provider: string, subject: string) =>
      findLinkedMemberId(db, merchantId, provider, subject),

    async linkIdentity(input: {
      merchantId: string;
      provider: string;
      identity: SocialIdentity;
      memberId: string;
    }) {
      await insertIdentity(db, {
        id: uuidv7(),
        merchant_id: input.merchantId,
        provider: input.provider,
        subject: input.identity.subject,
        member_id: input.memberId,
        email: input.identity.email,
      });
    },

    /**
     * A one-time ticket (5 minutes) that hands the callback's outcome to the page: the member who
     * signed in, or the code of why not. The ticket travels in the address's fragment, which
     * browsers never send to a server or in a Referer.
     */
    async issueTicket(stateHash: string, outcome: { memberId: string } | { errorCode: string }) {
      const ticket = randomBytes(32).toString('base64url');
      await setStateTicket(db, stateHash, {
        memberId: 'memberId' in outcome ? outcome.memberId : null,
        errorCode: 'errorCode' in outcome ? outcome.errorCode : null,
        ticketHash: sha256(ticket),
        expiresAt: new Date(now().getTime() + SOCIAL_CODE_MINUTES * 60_000),
      });
      return ticket;
    },

    /** The outcome of a live ticket and its provider, using it up; null when unknown, used or expired. */
    async consumeTicket(
      merchantId: string,
      ticket: string,
    ): Promise<{ memberId: string | null; errorCode: string | null; provider: string } | null> {
      const row = await takeTicket(db, { merchantId, ticketHash: sha256(ticket), at: now() });
      return row ? { memberId: row.member_id, errorCode: row.error_code, provider: row.provider } : null;
    },
  };
}
