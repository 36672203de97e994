import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { PASSWORD_HASH_INPUT_LENGTH_MAX } from '../../../platform/crypto/password-hash.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { translateField } from '../../../platform/i18n/account-texts.ts';
import {
  type AgentRegistration,
  INVITATION_LINK_LABEL_LENGTH_MAX,
  INVITATION_LINKS_PER_AGENT_MAX,
  type InvitationLink,
} from '../../../workflows/agent-registration.ts';
import { checkNewPassword } from '../../../workflows/recover-password.ts';
import { IdParams } from '../../bo/bo-schemas.ts';
import { readClient } from '../../client-context.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { sealedCall } from '../sealed-call.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { requireAgent } from './team.routes.ts';

export type RegisterCenterRoutesDeps = {
  members: MemberService;
  registration: AgentRegistration;
  countryHeader: string | undefined;
};

const TAGS = ['agent'];
const Kind = StringOf(['player', 'agent'] as const);

const Link = Type.Object({
  id: Type.String(),
  /** What the link carries as `affiliateCode`. */
  code: Type.String(),
  /** 'player' signs players up; 'agent' sub-agents (only where the agent's type may have them). */
  kind: Kind,
  label: Type.String(),
  enabled: Type.Boolean(),
  /** The merchant's site with the code. */
  url: Type.String(),
  signUps: Type.Integer(),
  /** Sign-ups through the link with a credited deposit. */
  firstDeposits: Type.Integer(),
  createdAt: Type.String(),
  disabledAt: Nullable(Type.String()),
});

const LinksAnswer = Type.Object({
  /** The agent's own invitation code and its link; null when the agent has none. */
  invitationCode: Nullable(Type.String()),
  invitationUrl: Nullable(Type.String()),
  /** Whether the agent's type may register sub-agents (agent links and sub-agent sign-ups). */
  mayRegisterSubagents: Type.Boolean(),
  /** How many links the agent may hold, enabled or not. */
  limit: Type.Integer(),
  list: Type.Array(Link),
});

const CreateLinkBody = Type.Object({
  kind: Kind,
  label: Type.String({ maxLength: INVITATION_LINK_LABEL_LENGTH_MAX }),
});

const RegisterDownlineBody = Type.Object({
  account: Type.String({ maxLength: 64 }),
  mobile: Type.String({ maxLength: 32 }),
  countryDialingCode: Type.Optional(Type.String({ maxLength: 8 })),
  kind: Kind,
});

const OneTimePasswordAnswer = Type.Object({
  /** When the one-time password stops working; it is never in the answer. */
  expiresAt: Type.String(),
  /** False when the carrier refused the SMS: send it again later. */
  isSmsSent: Type.Boolean(),
});

const FirstLoginBody = Type.Object({
  newPassword: Type.String({ maxLength: PASSWORD_HASH_INPUT_LENGTH_MAX }),
  confirmNewPassword: Type.String({ maxLength: PASSWORD_HASH_INPUT_LENGTH_MAX }),
  termsAccepted: Type.Boolean(),
  ageConfirmed: Type.Boolean(),
});

const linkAnswer = (link: InvitationLink) => ({
  ...link,
  createdAt: link.createdAt.toISOString(),
  disabledAt: link.disabledAt?.toISOString() ?? null,
});

/**
 * The agent's register centre (spec §2 registerCenter): invitation links, registering a player or
 * sub-agent under the agent, and the first login of a player an agent registered.
 */
export function registerRegisterCenterRoutes(app: TypedApp, deps: RegisterCenterRoutesDeps): void {
  const { members, registration } = deps;

  app.get(
    '/wps/agent/invitation-links',
    {
      schema: {
        tags: TAGS,
        summary: "The agent's invitation code and links, with each link's sign-ups and first deposits",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(LinksAnswer), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const [list, mayRegisterSubagents] = await Promise.all([
        registration.listLinks(merchant, member),
        registration.mayRegisterSubagents(member),
      ]);
      return ok({
        invitationCode: member.affiliate_code,
        invitationUrl: registration.ownLinkOf(merchant, member),
        mayRegisterSubagents,
        limit: INVITATION_LINKS_PER_AGENT_MAX,
        list: list.map(linkAnswer),
      });
    },
  );

  app.post(
    '/wps/agent/invitation-links',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an invitation link (LIMIT_REACHED past the number an agent may hold)',
        querystring: MerchantLanguageQuery,
        body: CreateLinkBody,
        response: { 200: Envelope(Link), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      return ok(linkAnswer(await registration.createLink(merchant, member, request.body)));
    },
  );

  app.post(
    '/wps/agent/invitation-links/:id/disable',
    {
      schema: {
        tags: TAGS,
        summary: "Disable one of the agent's own links: its code signs no one up any more",
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Link), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      return ok(linkAnswer(await registration.disableLink(merchant, member, request.params.id)));
    },
  );

  app.post(
    '/wps/agent/downlines',
    {
      schema: {
        tags: TAGS,
        summary:
          'Register a player (or a sub-agent) under the agent; a one-time password goes to their mobile by SMS',
        querystring: MerchantLanguageQuery,
        body: RegisterDownlineBody,
        response: {
          200: Envelope(
            Type.Object({ id: Type.String(), account: Type.String(), ...OneTimePasswordAnswer.properties }),
          ),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const { body } = request;
      const registered = await registration.registerDownline(
        merchant,
        member,
        {
          account: body.account,
          mobile: body.mobile,
          countryDialingCode: body.countryDialingCode ?? '+63',
          kind: body.kind,
        },
        { ip: readClient(request, deps.countryHeader).ip, language: request.language },
      );
      return ok({ ...registered, expiresAt: registered.expiresAt.toISOString() });
    },
  );

  app.post(
    '/wps/agent/downlines/:id/one-time-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a new one-time password to a player the agent registered who has not logged in yet',
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(OneTimePasswordAnswer), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const sent = await registration.resendOneTimePassword(merchant, member, request.params.id, {
        ip: readClient(request, deps.countryHeader).ip,
        language: request.language,
      });
      return ok({ ...sent, expiresAt: sent.expiresAt.toISOString() });
    },
  );

  app.get(
    '/wps/member/first-login',
    {
      schema: {
        tags: ['member'],
        summary:
          'Whether the member (registered by an agent) must set a password and accept the terms and age first',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ required: Type.Boolean(), minimumAge: Type.Integer() })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members, {
        allowPasswordChange: true,
      });
      return ok({ required: member.consent_required, minimumAge: merchant.settings.minimumAge });
    },
  );

  app.post(
    '/wps/member/first-login',
    sealedCall(
      ['member'],
      'Set the first password and accept the terms and age (a member an agent registered; sealed body)',
      FirstLoginBody,
      Type.Object({}),
    ),
    async (request) => {
      const { merchant, member, session } = await requireMerchantMember(request, members, {
        allowPasswordChange: true,
      });
      if (!member.consent_required) throw new AppError('CONFLICT');
      const { body } = request;
      const language = request.language;
      const fields = checkNewPassword(merchant, language, body);
      if (body.termsAccepted !== true) fields.termsAccepted = translateField(language, 'termsRequired');
      if (body.ageConfirmed !== true) {
        fields.ageConfirmed = translateField(language, 'ageRequired', { age: merchant.settings.minimumAge });
      }
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
      if (!(await members.completeFirstLogin(member.id, body.newPassword))) throw new AppError('CONFLICT');
      await members.clearPasswordChangeRequired(session.id);
      await members.endOtherSessions(member.id, session.id, 'password-changed');
      return ok({});
    },
  );
}
