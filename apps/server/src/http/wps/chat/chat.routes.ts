import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CHAT_VISITOR_CONTACT_LENGTH_MAX,
  CHAT_VISITOR_NAME_LENGTH_MAX,
  type ChatService,
} from '../../../modules/chat/chat.service.ts';
import type { CustomerServiceEntry } from '../../../modules/content/content.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { merchantOriginOf, type ResolvedMerchant } from '../../../modules/merchant/merchant.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import { readDeviceId } from '../../client-context.ts';
import { readMemberSession } from '../../member-session.ts';
import { readVisitor, requireMerchantReader } from '../../merchant-context.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

const TAGS = ['chat'];
/** Our chat page on the merchant's site (the popup and the chatRoom modal load it). */
export const CHAT_PAGE_PATH = '/chat';

/** Visitors' chat tokens per client address: a family behind one router launches a few. */
const CHAT_LAUNCHES_PER_IP: RateLimitRule = { name: 'chat-launch-ip', limit: 10, windowSeconds: 600 };
/** Per device (X-Device-Id): a page that keeps asking for new tokens is held back sooner. */
const CHAT_LAUNCHES_PER_DEVICE: RateLimitRule = { name: 'chat-launch-device', limit: 5, windowSeconds: 600 };
/** Looking up where the chat is: cheap, but not for a script. */
const CHAT_LOOKUPS_PER_IP: RateLimitRule = { name: 'chat-lookup-ip', limit: 30, windowSeconds: 60 };

const RATE_LIMITED_RESPONSE = { 429: { $ref: 'ErrorEnvelope#' } } as const;

/** A name as people write theirs: letters, marks, spaces and a few signs; no control characters. */
const NAME_PATTERN = "^[\\p{L}\\p{M}][\\p{L}\\p{M}\\p{N} .'-]*$";
/** An email address or a mobile number (a leading + and 7 to 15 digits, spaces allowed). */
const CONTACT_PATTERN = '^(?:[^\\s@]{1,64}@[^\\s@]{1,190}\\.[^\\s@]{2,}|\\+?\\d(?:[ -]?\\d){6,14})$';

const ChatModel = Type.Object({
  id: Type.String(),
  csType: Type.String(),
  title: Type.String(),
  /** `desk`: our own chat page and support desk; `external`: the operator's own chat service. */
  model: StringOf(['desk', 'external']),
});

const LaunchView = Type.Object({ chatUrl: Type.String() });
const VisitorLaunchView = Type.Object({
  chatUrl: Type.String(),
  /** The visitor's chat token: never put into a URL; the chat page keeps it in sessionStorage. */
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});

const VisitorBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CHAT_VISITOR_NAME_LENGTH_MAX, pattern: NAME_PATTERN }),
    contact: Type.String({
      minLength: 3,
      maxLength: CHAT_VISITOR_CONTACT_LENGTH_MAX,
      pattern: CONTACT_PATTERN,
    }),
  },
  { additionalProperties: false },
);

export type ChatRoutesDeps = {
  chat: ChatService;
  members: MemberService;
  rateLimiter: RateLimiter;
  /** The merchant's customer-service entries with their addresses (not sealed). */
  listCustomerService: (
    merchantId: string,
    reader: { language: string; fallbackLanguage: string },
  ) => Promise<CustomerServiceEntry[]>;
  publicOrigin: string;
  countryHeader: string | undefined;
};

/**
 * Whether an entry's address is our own chat: on one of the merchant's own domains. An operator
 * who points the LIVECHAT entry at another service's address gets that address answered instead.
 */
function isOwnAddress(merchant: ResolvedMerchant, address: string, publicOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.origin === merchantOriginOf(merchant, publicOrigin)) return true;
  return merchant.domainRoutes.some((route) => route.domain === url.hostname);
}

/**
 * Spec §7 "Live chat": the chat models (the merchant's LIVECHAT entries, ours or external) and the
 * launch, which answers a `chatUrl`: our chat page on the merchant's configured origin (never the
 * request's Host), or the external address an operator set. A visitor launches with a name and a
 * contact and is answered a chat token for the chat's socket, valid 24 h.
 */
export function registerChatRoutes(app: TypedApp, deps: ChatRoutesDeps): void {
  async function chatUrlOf(request: FastifyRequest): Promise<{ chatUrl: string; isDesk: boolean }> {
    const { merchant, reader } = requireMerchantReader(request);
    const entries = await deps.listCustomerService(merchant.id, reader);
    const entry = entries.find((candidate) => candidate.csType === 'LIVECHAT');
    if (entry && /^https?:\/\//i.test(entry.path) && !isOwnAddress(merchant, entry.path, deps.publicOrigin)) {
      return { chatUrl: entry.path, isDesk: false };
    }
    return {
      chatUrl: new URL(CHAT_PAGE_PATH, merchantOriginOf(merchant, deps.publicOrigin)).href,
      isDesk: true,
    };
  }

  async function hitOrRefuse(rule: RateLimitRule, key: string): Promise<void> {
    const limit = await deps.rateLimiter.hit(rule, key);
    if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
  }

  app.get(
    '/wps/chat/models',
    {
      schema: {
        tags: TAGS,
        summary: 'The live-chat models on offer: our desk, or an external chat the operator set',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(ChatModel) })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const entries = await deps.listCustomerService(merchant.id, reader);
      const list = entries
        .filter((entry) => entry.csType === 'LIVECHAT')
        .map((entry) => ({
          id: entry.id,
          csType: entry.csType,
          title: entry.title,
          model:
            /^https?:\/\//i.test(entry.path) && !isOwnAddress(merchant, entry.path, deps.publicOrigin)
              ? ('external' as const)
              : ('desk' as const),
        }));
      return ok({ list });
    },
  );

  app.get(
    '/wps/chat/launch',
    {
      schema: {
        tags: TAGS,
        summary: "Where the live chat opens (a member's session, if any, is used by the chat page itself)",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(LaunchView), ...RATE_LIMITED_RESPONSE, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { merchant } = requireMerchantReader(request);
      const { ip } = readVisitor(request, deps.countryHeader);
      await hitOrRefuse(CHAT_LOOKUPS_PER_IP, `${merchant.id}:${ip}`);
      reply.header('Cache-Control', 'no-store');
      return ok({ chatUrl: (await chatUrlOf(request)).chatUrl });
    },
  );

  app.post(
    '/wps/chat/launch',
    {
      schema: {
        tags: TAGS,
        summary:
          "A visitor's launch: a name and a contact, answered the chat page and a chat token valid 24 h",
        querystring: MerchantLanguageQuery,
        body: VisitorBody,
        response: { 200: Envelope(VisitorLaunchView), ...RATE_LIMITED_RESPONSE, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { merchant } = requireMerchantReader(request);
      // A member chats with their own session and is shown to the operator with their account.
      if (await readMemberSession(request, deps.members)) throw new AppError('CONFLICT');
      const { chatUrl, isDesk } = await chatUrlOf(request);
      if (!isDesk) throw new AppError('FEATURE_DISABLED');
      const { ip } = readVisitor(request, deps.countryHeader);
      const deviceId = readDeviceId(request);
      // Both counters are taken before anything is written: each is one guarded statement, so a
      // burst of launches is counted in full.
      await hitOrRefuse(CHAT_LAUNCHES_PER_IP, `${merchant.id}:${ip}`);
      if (deviceId !== null) await hitOrRefuse(CHAT_LAUNCHES_PER_DEVICE, `${merchant.id}:${deviceId}`);
      const name = request.body.name.trim();
      const contact = request.body.contact.trim();
      if (name.length === 0) throw new AppError('VALIDATION', { value: { fields: { name: 'required' } } });
      const { token, expiresAt } = await deps.chat.issueVisitorToken(merchant.id, { name, contact });
      reply.header('Cache-Control', 'no-store');
      return ok({ chatUrl, token, expiresAt: expiresAt.toISOString() });
    },
  );
}
