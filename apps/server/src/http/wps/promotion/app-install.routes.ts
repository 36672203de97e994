import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  APP_INSTALL_TOKEN_LENGTH_MAX,
  type AppInstallService,
} from '../../../modules/promotion/app-install.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import { readDeviceId } from '../../client-context.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { readVisitor, requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';

const TAGS = ['promotion'];

/** Install tokens per client address: a family behind one router installs a few apps. */
const INSTALLS_PER_IP: RateLimitRule = { name: 'app-install-ip', limit: 10, windowSeconds: 3600 };
/** Per device (X-Device-Id): one browser installs the app once; a few more for reinstalls. */
const INSTALLS_PER_DEVICE: RateLimitRule = { name: 'app-install-device', limit: 3, windowSeconds: 3600 };
/** Launches per member: the app calls once a session; more is a script trying tokens. */
const LAUNCHES_PER_MEMBER: RateLimitRule = { name: 'app-launch-member', limit: 10, windowSeconds: 3600 };

const RATE_LIMITED_RESPONSE = { 429: { $ref: 'ErrorEnvelope#' } } as const;

const LaunchBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: APP_INSTALL_TOKEN_LENGTH_MAX }) },
  { additionalProperties: false },
);

export type AppInstallRoutesDeps = {
  appInstalls: AppInstallService;
  members: MemberService;
  rateLimiter: RateLimiter;
  countryHeader: string | undefined;
};

/**
 * The lite app's install token and its first login (docs/lite-app.md "The app-download bonus"):
 * the app's service worker asks for a token once and keeps it; the site, started from the app's
 * start URL in standalone display, sends it once the member is logged in, and the member then has
 * the installed app on record for the app-download promotion.
 */
export function registerAppInstallRoutes(app: TypedApp, deps: AppInstallRoutesDeps): void {
  async function hitOrRefuse(rule: RateLimitRule, key: string): Promise<void> {
    const limit = await deps.rateLimiter.hit(rule, key);
    if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
  }

  app.post(
    '/wps/app/install',
    {
      schema: {
        tags: TAGS,
        summary: "An install token for the lite app's service worker to keep (never put into a URL)",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ token: Type.String() })),
          ...RATE_LIMITED_RESPONSE,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const merchant = requireMerchant(request);
      const { ip } = readVisitor(request, deps.countryHeader);
      const deviceId = readDeviceId(request);
      // Both counters are taken before the token is written: each is one guarded statement, so a
      // burst is counted in full.
      await hitOrRefuse(INSTALLS_PER_IP, `${merchant.id}:${ip}`);
      if (deviceId !== null) await hitOrRefuse(INSTALLS_PER_DEVICE, `${merchant.id}:${deviceId}`);
      const { token } = await deps.appInstalls.issue(merchant.id, { deviceId });
      reply.header('Cache-Control', 'no-store');
      return ok({ token });
    },
  );

  app.post(
    '/wps/app/launch',
    {
      schema: {
        tags: TAGS,
        summary:
          "The installed app's first login: spends its install token on the member; `linked` says whether the member has the app on record (T)",
        querystring: MerchantLanguageQuery,
        body: LaunchBody,
        response: {
          200: Envelope(Type.Object({ linked: Type.Boolean() })),
          ...RATE_LIMITED_RESPONSE,
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      await hitOrRefuse(LAUNCHES_PER_MEMBER, `${merchant.id}:${member.id}`);
      const answer = await deps.appInstalls.launch(merchant.id, member.id, {
        token: request.body.token,
        deviceId: readDeviceId(request),
      });
      reply.header('Cache-Control', 'no-store');
      return ok(answer);
    },
  );
}
