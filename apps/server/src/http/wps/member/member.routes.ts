import { Type } from 'typebox';
import { MEMBER_ICONS, type MemberIcon, type MemberService } from '../../../modules/member/member.service.ts';
import { PASSWORD_HASH_INPUT_LENGTH_MAX } from '../../../platform/crypto/password-hash.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { translateField } from '../../../platform/i18n/account-texts.ts';
import type { RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import type { LoginDeps } from '../../../workflows/login.ts';
import { checkCurrentPassword } from '../../../workflows/member-secrets.ts';
import { checkNewPassword } from '../../../workflows/recover-password.ts';
import { type RegisterMethod, registerMember } from '../../../workflows/register.ts';
import { readCaptchaId } from '../../client-context.ts';
import { requireMember, requireMerchantMember } from '../../member-session.ts';
import { readVisitor, requireMerchant } from '../../merchant-context.ts';
import { sealedCall } from '../sealed-call.ts';
import { answerLogin, LoginResultSchema } from '../session/login-call.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';

export type MemberRoutesDeps = LoginDeps & { members: MemberService; countryHeader: string | undefined };

const TAGS = ['member'];
/**
 * Checks of an invitation code from one address: a register form checks a code or two, while
 * trying codes one after another would list the site's agents.
 */
const AFFILIATE_CODE_CHECKS_PER_CLIENT: RateLimitRule = {
  name: 'affiliate-code-check',
  limit: 30,
  windowSeconds: 60,
};
const iconUrl = (icon: string) => `/media/${icon}.svg`;
const Avatar = StringOf(MEMBER_ICONS);
/** The member's avatar: the one chosen (only an avatar can be), else the first. */
const avatarOf = (icon: string | null): MemberIcon =>
  MEMBER_ICONS.find((avatar) => avatar === icon) ?? MEMBER_ICONS[0];

const MemberInfo = Type.Object({
  id: Type.String(),
  account: Type.String(),
  nickname: Nullable(Type.String()),
  /** 0 member, 4 trial; agents 1, 2, 41, 42. */
  type: Type.Integer(),
  icon: Avatar,
  iconUrl: Type.String(),
  firstTimeLogin: Type.Boolean(),
  previousLogin: Nullable(Type.Object({ time: Type.String(), ip: Type.String() })),
  hasPaymentPassword: Type.Boolean(),
  totpEnabled: Type.Boolean(),
});

const IconChoice = Type.Object({ icon: Avatar, url: Type.String() });

const field = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/**
 * The profile fields a merchant may ask for at registration: longer than any register rule allows
 * (255), so that the rule, not the wire, refuses a value, as the security centre's own save does.
 */
const PROFILE_FIELD_LENGTH_MAX = 300;
const RegisterBody = Type.Object({
  username: field(64),
  password: field(PASSWORD_HASH_INPUT_LENGTH_MAX),
  confirmPassword: field(PASSWORD_HASH_INPUT_LENGTH_MAX),
  payeeName: field(100),
  email: field(254),
  qqNum: field(30),
  mobileNum: field(20),
  countryDialingCode: field(6),
  verificationCode: field(255),
  affiliateCode: field(40),
  referralCode: field(40),
  paymentPassword: field(PASSWORD_HASH_INPUT_LENGTH_MAX),
  line: field(100),
  whatsapp: field(30),
  facebook: field(100),
  wechat: field(100),
  telegram: field(PROFILE_FIELD_LENGTH_MAX),
  zalo: field(PROFILE_FIELD_LENGTH_MAX),
  idNumber: field(40),
  birthday: field(10),
  nickname: field(PROFILE_FIELD_LENGTH_MAX),
  address: field(PROFILE_FIELD_LENGTH_MAX),
  nationality: field(PROFILE_FIELD_LENGTH_MAX),
  occupation: field(PROFILE_FIELD_LENGTH_MAX),
  sourceOfIncome: field(PROFILE_FIELD_LENGTH_MAX),
  captcha: field(16),
  termsAccepted: Type.Optional(Type.Boolean()),
  ageConfirmed: Type.Optional(Type.Boolean()),
  registerUrl: field(2000),
  domain: field(253),
  registerMethod: field(10),
  firebaseChannel: field(40),
  firebaseIdToken: field(4000),
});

const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ maxLength: PASSWORD_HASH_INPUT_LENGTH_MAX }),
  newPassword: Type.String({ maxLength: PASSWORD_HASH_INPUT_LENGTH_MAX }),
  confirmNewPassword: Type.String({ maxLength: PASSWORD_HASH_INPUT_LENGTH_MAX }),
});

const LoginItem = Type.Object({
  time: Type.String(),
  ip: Type.String(),
  country: Nullable(Type.String()),
  device: Nullable(Type.String()),
  method: Type.String(),
});

/** GET /wps/member/info, icon, PUT register (E), POST password (T, E), GET /wps/agent/affiliate. */
export function registerMemberRoutes(app: TypedApp, deps: MemberRoutesDeps): void {
  const { members } = deps;

  app.get(
    '/wps/member/info',
    {
      schema: {
        tags: TAGS,
        summary: 'The logged-in member',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(MemberInfo), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, members, {
        allowTrial: true,
        allowPasswordChange: true,
      });
      const [previous, logins] = await Promise.all([
        members.findPreviousLogin(member.id),
        members.countLogins(member.id),
      ]);
      const icon = avatarOf(member.icon);
      return ok({
        id: member.id,
        account: member.account,
        nickname: member.nickname,
        type: member.type,
        icon,
        iconUrl: iconUrl(icon),
        firstTimeLogin: logins <= 1,
        previousLogin: previous ? { time: previous.created_at.toISOString(), ip: previous.ip } : null,
        hasPaymentPassword: member.payment_password_hash !== null,
        totpEnabled: member.totp_enabled_at !== null,
      });
    },
  );

  app.get(
    '/wps/member/info/icon',
    {
      schema: {
        tags: TAGS,
        summary: "The member's avatar and the avatars to choose from",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ icon: Avatar, url: Type.String(), choices: Type.Array(IconChoice) })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, members, { allowTrial: true });
      const icon = avatarOf(member.icon);
      return ok({
        icon,
        url: iconUrl(icon),
        choices: MEMBER_ICONS.map((choice) => ({ icon: choice, url: iconUrl(choice) })),
      });
    },
  );

  app.put(
    '/wps/member/info/icon',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose an avatar',
        querystring: MerchantLanguageQuery,
        body: Type.Object({ icon: Avatar }),
        response: {
          200: Envelope(Type.Object({ icon: Avatar, url: Type.String() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, members);
      const { icon } = request.body;
      await members.setIcon(member.id, icon);
      return ok({ icon, url: iconUrl(icon) });
    },
  );

  for (const [path, method] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const satisfies readonly (readonly [string, RegisterMethod])[]) {
    app.put(
      path,
      sealedCall(
        TAGS,
        method === 'mobile'
          ? 'Register with a mobile number (the number is the account name; sealed body)'
          : 'Register with an account name (sealed body)',
        RegisterBody,
        LoginResultSchema,
      ),
      async (request) =>
        answerLogin(request, deps.countryHeader, (merchant, client) =>
          registerMember(
            deps,
            merchant,
            { method, form: request.body, captchaId: readCaptchaId(request), language: request.language },
            client,
          ),
        ),
    );
  }

  app.post(
    '/wps/member/password',
    sealedCall(TAGS, 'Change the login password (sealed body)', ChangePasswordBody, Type.Object({})),
    async (request) => {
      const { merchant, member, session } = await requireMerchantMember(request, members, {
        allowPasswordChange: true,
      });
      const { body } = request;
      const language = request.language;
      const fields = checkNewPassword(merchant, language, body);
      if (!fields.newPassword && body.newPassword === body.oldPassword) {
        fields.newPassword = translateField(language, 'samePassword');
      }
      if (!(await checkCurrentPassword(deps, member, body.oldPassword))) {
        fields.oldPassword = translateField(language, 'oldPasswordWrong');
      }
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
      await members.setPassword(member.id, body.newPassword);
      await members.clearPasswordChangeRequired(session.id);
      // Other devices must log in again with the new password.
      await members.endOtherSessions(member.id, session.id, 'password-changed');
      return ok({});
    },
  );

  app.get(
    '/wps/member/logins',
    {
      schema: {
        tags: TAGS,
        summary: "The member's login history, newest first",
        querystring: Type.Object({
          ...MerchantLanguageQuery.properties,
          page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
        }),
        response: { 200: Envelope(PageOf(LoginItem)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, members);
      const { page, pageSize } = request.query;
      const { rows, totalPages } = await members.listLogins(member.id, page, pageSize);
      return ok({
        list: rows.map((row) => ({
          time: row.created_at.toISOString(),
          ip: row.ip,
          country: row.country,
          device: row.user_agent,
          method: row.method,
        })),
        totalPages,
      });
    },
  );

  app.get(
    '/wps/agent/affiliate',
    {
      schema: {
        tags: ['agent'],
        summary: 'Whether an invitation (affiliate) code belongs to an agent of this site',
        querystring: Type.Object({
          ...MerchantLanguageQuery.properties,
          code: Type.String({ maxLength: 40 }),
          domain: Type.Optional(Type.String({ maxLength: 253 })),
        }),
        response: {
          200: Envelope(Type.Object({ valid: Type.Boolean() })),
          ...ERROR_RESPONSES,
          429: { $ref: 'ErrorEnvelope#' },
        },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { ip } = readVisitor(request, deps.countryHeader);
      const limit = await deps.rateLimiter.hit(AFFILIATE_CODE_CHECKS_PER_CLIENT, `${merchant.id}:${ip}`);
      if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
      const { code } = request.query;
      const agent = code.trim() ? await members.findAgentByAffiliateCode(merchant.id, code) : undefined;
      return ok({ valid: Boolean(agent) });
    },
  );
}
