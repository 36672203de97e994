import { Type } from 'typebox';
import {
  AFFILIATE_CHANNELS,
  type AffiliateApplicationService,
  type AffiliateChannel,
  type ApplicationRow,
  AUDIENCE_MAX,
  CONTACT_LENGTH_MAX,
  MESSAGE_LENGTH_MAX,
} from '../../../modules/affiliate/affiliate-application.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';

export type AffiliateRoutesDeps = { members: MemberService; applications: AffiliateApplicationService };

const TAGS = ['agent'];

const Application = Type.Object({
  id: Type.String(),
  channel: StringOf(AFFILIATE_CHANNELS),
  audience: Type.Integer(),
  contact: Type.String(),
  message: Type.String(),
  status: StringOf(['pending', 'approved', 'rejected']),
  /** The operator's note with the decision; empty while pending or when none was given. */
  reviewNote: Type.String(),
  createdAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
});

const ApplicationBody = Type.Object({
  channel: StringOf(AFFILIATE_CHANNELS),
  /** How many people the applicant reaches through that channel. */
  audience: Type.Integer({ minimum: 0, maximum: AUDIENCE_MAX }),
  /** How the site's staff reach the applicant (a number, a handle, an address). */
  contact: Type.String({ minLength: 1, maxLength: CONTACT_LENGTH_MAX }),
  message: Type.String({ maxLength: MESSAGE_LENGTH_MAX }),
});

function applicationView(row: ApplicationRow) {
  return {
    id: row.id,
    channel: row.channel as AffiliateChannel,
    audience: row.audience,
    contact: row.contact,
    message: row.message,
    status: row.status,
    reviewNote: row.review_note,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/**
 * The member's affiliate application (spec §1 "affiliate application", §2 member centre "Become an
 * agent"): their latest application and whether they may apply, and applying. Any logged-in player
 * may apply; trial accounts are refused (TRIAL_ACCOUNT), agents too, and so is a second application
 * while one is pending. The spec's own GET /wps/agent/affiliate (is an invitation code an agent's?)
 * stays with the registration calls.
 */
export function registerAffiliateRoutes(app: TypedApp, deps: AffiliateRoutesDeps): void {
  const { members, applications } = deps;

  app.get(
    '/wps/agent/affiliate/application',
    {
      schema: {
        tags: TAGS,
        summary: "The member's latest affiliate application (or null) and whether they may apply now",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(
            Type.Object({
              application: Type.Union([Application, Type.Null()]),
              mayApply: Type.Boolean(),
              channels: Type.Array(StringOf(AFFILIATE_CHANNELS)),
            }),
          ),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, members);
      const latest = await applications.latestOf(member.id);
      return ok({
        application: latest ? applicationView(latest) : null,
        mayApply: applications.mayApply(member.type, latest),
        channels: [...AFFILIATE_CHANNELS],
      });
    },
  );

  app.post(
    '/wps/agent/affiliate/application',
    {
      schema: {
        tags: TAGS,
        summary:
          'Apply to become an agent: channel, audience, contact and a message; one pending application at a time',
        querystring: MerchantLanguageQuery,
        body: ApplicationBody,
        response: { 200: Envelope(Application), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, members);
      const { body } = request;
      const contact = body.contact.trim();
      if (!contact) throw new AppError('VALIDATION', { value: { fields: { contact: 'required' } } });
      const filed = await applications.apply(member, {
        channel: body.channel,
        audience: body.audience,
        contact,
        message: body.message.trim(),
      });
      return ok(applicationView(filed));
    },
  );
}
