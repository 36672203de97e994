import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { MemberProfileService, ProfileActor } from '../../../modules/member/member-profile.service.ts';
import { PROFILE_RULE_FIELDS } from '../../../modules/merchant/register-patterns.ts';
import type { VerificationService } from '../../../modules/verification/verification.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import {
  type ContactTarget,
  confirmContactChange,
  readProfile,
  saveProfile,
  sendContactChangeCode,
} from '../../../workflows/profile.ts';
import { readClient } from '../../client-context.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { sealedCall } from '../sealed-call.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type ProfileRoutesDeps = {
  members: MemberService;
  profiles: MemberProfileService;
  verification: VerificationService;
  countryHeader: string | undefined;
  now: () => Date;
};

const TAGS = ['member'];
/** Longer than any register rule allows (255), so that the rule, not the wire, refuses a value. */
const PROFILE_VALUE_LENGTH_MAX = 300;

/** The profile values as the security centre and the back office show them. */
export const ProfileValues = Type.Object({
  nickname: Nullable(Type.String()),
  /** yyyy-MM-dd; set once. */
  birthday: Nullable(Type.String()),
  telegram: Nullable(Type.String()),
  zalo: Nullable(Type.String()),
  address: Nullable(Type.String()),
  nationality: Nullable(Type.String()),
  occupation: Nullable(Type.String()),
  sourceOfIncome: Nullable(Type.String()),
  email: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  mobile: Type.Union([
    Type.Object({ dialingCode: Type.String(), nationalNumber: Type.String() }),
    Type.Null(),
  ]),
  mobileVerified: Type.Boolean(),
});

const FieldRule = Type.Object({
  required: Type.Boolean(),
  acceptedPattern: Type.String(),
  patternId: Type.Integer(),
  minLength: Type.Integer(),
  maxLength: Type.Integer(),
  type: Type.String(),
  /** Locked after registration by the merchant: shown read-only. */
  locked: Type.Boolean(),
});

/** The values with, per field, the rule it is checked with and whether it is locked. */
export const Profile = Type.Object({
  values: ProfileValues,
  rules: Type.Object(Object.fromEntries(PROFILE_RULE_FIELDS.map((field) => [field, FieldRule]))),
});

const ProfileValue = Type.Optional(Nullable(Type.String({ maxLength: PROFILE_VALUE_LENGTH_MAX })));
/** The plain fields a save may carry (the back office's save carries them too). */
export const ProfileFields = {
  nickname: ProfileValue,
  birthday: ProfileValue,
  telegram: ProfileValue,
  zalo: ProfileValue,
  address: ProfileValue,
  nationality: ProfileValue,
  occupation: ProfileValue,
  sourceOfIncome: ProfileValue,
};
const ProfileBody = Type.Object(ProfileFields, { additionalProperties: false });

const ContactFields = {
  kind: StringOf(['email', 'mobile'] as const),
  email: Type.Optional(Type.String({ maxLength: 255 })),
  countryDialingCode: Type.Optional(Type.String({ maxLength: 6 })),
  mobileNum: Type.Optional(Type.String({ maxLength: 20 })),
};
const ContactBody = Type.Object(ContactFields, { additionalProperties: false });
const ContactConfirmBody = Type.Object(
  { ...ContactFields, code: Type.String({ minLength: 1, maxLength: 10 }) },
  { additionalProperties: false },
);

/** The new contact a body names; a missing part reads as empty and fails the field's rule. */
function targetOf(body: {
  kind: 'email' | 'mobile';
  email?: string;
  countryDialingCode?: string;
  mobileNum?: string;
}): ContactTarget {
  return body.kind === 'email'
    ? { kind: 'email', email: body.email ?? '' }
    : {
        kind: 'mobile',
        countryDialingCode: body.countryDialingCode || '+63',
        mobileNum: body.mobileNum ?? '',
      };
}

/** The profile part of the security centre (docs/security.md "Profile"). */
export function registerProfileRoutes(app: TypedApp, deps: ProfileRoutesDeps): void {
  const profileDeps = { profiles: deps.profiles, verification: deps.verification, now: deps.now };

  async function requireActor(request: FastifyRequest) {
    const { merchant, member } = await requireMerchantMember(request, deps.members);
    const { ip } = readClient(request, deps.countryHeader);
    const actor: ProfileActor = { memberId: member.id, merchantId: merchant.id, account: member.account, ip };
    return { merchant, actor };
  }

  app.get(
    '/wps/member/profile',
    {
      schema: {
        tags: TAGS,
        summary: "The member's profile fields, each with its register rule and whether it is locked",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Profile), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, actor } = await requireActor(request);
      return ok(await readProfile(profileDeps, merchant, actor.memberId));
    },
  );

  app.put(
    '/wps/member/profile',
    {
      schema: {
        tags: TAGS,
        summary:
          'Save profile fields (those given; null or empty clears an optional one), checked by the register rules; the birthday once',
        querystring: MerchantLanguageQuery,
        body: ProfileBody,
        response: { 200: Envelope(ProfileValues), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, actor } = await requireActor(request);
      return ok(await saveProfile(profileDeps, merchant, actor, request.body, request.language));
    },
  );

  app.post(
    '/wps/member/profile/contact/code',
    {
      schema: {
        tags: TAGS,
        summary:
          'Send a code to a new e-mail address or mobile number (the verification throttles apply); one another member holds is refused',
        querystring: MerchantLanguageQuery,
        body: ContactBody,
        response: { 200: Envelope(Type.Object({ expiredMinutes: Type.Integer() })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, actor } = await requireActor(request);
      return ok(
        await sendContactChangeCode(profileDeps, merchant, actor, targetOf(request.body), {
          language: request.language,
          clientKey: `${merchant.id}:${actor.ip}`,
        }),
      );
    },
  );

  app.post(
    '/wps/member/profile/contact',
    sealedCall(
      TAGS,
      'Replace the e-mail address or mobile number with the code sent to the new one (sealed body)',
      ContactConfirmBody,
      ProfileValues,
    ),
    async (request) => {
      const { merchant, actor } = await requireActor(request);
      return ok(
        await confirmContactChange(profileDeps, merchant, actor, targetOf(request.body), {
          code: request.body.code,
          language: request.language,
        }),
      );
    },
  );
}
