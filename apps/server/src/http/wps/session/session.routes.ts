import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { translateField } from '../../../platform/i18n/account-texts.ts';
import {
  type LoginDeps,
  logInForFreePlay,
  logInWithPassword,
  logInWithSmsCode,
} from '../../../workflows/login.ts';
import { answerSecondStep, sendSecondStepCode } from '../../../workflows/login-second-step.ts';
import { readCaptchaId, readClient } from '../../client-context.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type SessionRoutesDeps = LoginDeps & { members: MemberService; countryHeader: string | undefined };

const TAGS = ['session'];

export const LoginResultSchema = Type.Object({
  token: Type.String(),
  firstTimeLogin: Type.Boolean(),
  passwordExpired: Type.Boolean(),
});

const LoginBody = Type.Object({
  type: StringOf(['username', 'sms']),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
  mobileNum: Type.Optional(Type.String({ maxLength: 20 })),
  countryDialingCode: Type.Optional(Type.String({ maxLength: 6 })),
  verificationCode: Type.Optional(Type.String({ maxLength: 12 })),
  agentPage: Type.Optional(Type.Boolean()),
});

const ChallengeId = Type.String({ minLength: 20, maxLength: 100 });
const SecondStepSendBody = Type.Object({ challengeId: ChallengeId, method: StringOf(['sms', 'email']) });
const SecondStepBody = Type.Object({
  challengeId: ChallengeId,
  method: StringOf(['sms', 'email', 'totp', 'bankName']),
  code: Type.String({ minLength: 1, maxLength: 100 }),
});

const FreePlayBody = Type.Object({
  os: Type.Optional(Type.String({ maxLength: 20 })),
  platform: Type.Optional(Type.String({ maxLength: 4 })),
  gatewayVersion: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  /** Asked for (CAPTCHA_REQUIRED) past the merchant's thresholds of trial accounts per client. */
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
});

/** POST /wps/session/login (E), /login/freeplay, DELETE /wps/session/logout (T). */
export function registerSessionRoutes(app: TypedApp, deps: SessionRoutesDeps): void {
  app.post(
    '/wps/session/login',
    {
      config: { encrypted: true },
      schema: {
        tags: TAGS,
        summary: 'Log in by account and password, or by mobile number and SMS code (sealed body)',
        querystring: MerchantLanguageQuery,
        body: LoginBody,
        response: { 200: Envelope(LoginResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { body } = request;
      const client = readClient(request, deps.countryHeader);
      const agentPage = body.agentPage === true;
      const empty = translateField(request.language, 'required');
      if (body.type === 'sms') {
        const fields: Record<string, string> = {};
        if (!body.mobileNum?.trim()) fields.mobileNum = empty;
        if (!body.verificationCode?.trim()) fields.verificationCode = empty;
        if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
        return ok(
          await logInWithSmsCode(
            deps,
            merchant,
            {
              mobileNum: body.mobileNum ?? '',
              countryDialingCode: body.countryDialingCode || '+63',
              verificationCode: body.verificationCode ?? '',
              agentPage,
            },
            client,
          ),
        );
      }
      const fields: Record<string, string> = {};
      if (!body.username?.trim()) fields.username = empty;
      if (!body.password?.trim()) fields.password = empty;
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
      return ok(
        await logInWithPassword(
          deps,
          merchant,
          {
            username: body.username ?? '',
            password: body.password ?? '',
            captcha: body.captcha,
            captchaId: readCaptchaId(request),
            agentPage,
          },
          client,
        ),
      );
    },
  );

  app.post(
    '/wps/session/login/verification/send',
    {
      schema: {
        tags: TAGS,
        summary: 'Send the code of a second login step by SMS or email',
        querystring: MerchantLanguageQuery,
        body: SecondStepSendBody,
        response: { 200: Envelope(Type.Object({ expiredMinutes: Type.Integer() })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      return ok(
        await sendSecondStepCode(
          deps,
          requireMerchant(request),
          { ...body, language: request.language },
          readClient(request, deps.countryHeader),
        ),
      );
    },
  );

  app.post(
    '/wps/session/login/verification',
    {
      config: { encrypted: true },
      schema: {
        tags: TAGS,
        summary:
          'Answer a second login step (SMS or email code, authenticator code, bank account name; sealed body)',
        querystring: MerchantLanguageQuery,
        body: SecondStepBody,
        response: { 200: Envelope(LoginResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      return ok(
        await answerSecondStep(deps, requireMerchant(request), body, readClient(request, deps.countryHeader)),
      );
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags: TAGS,
        summary: 'Free play: a new trial account (type 4), logged in',
        querystring: MerchantLanguageQuery,
        body: FreePlayBody,
        response: { 200: Envelope(LoginResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      return ok(
        await logInForFreePlay(
          deps,
          requireMerchant(request),
          { captcha: body.captcha, captchaId: readCaptchaId(request) },
          readClient(request, deps.countryHeader),
        ),
      );
    },
  );

  app.delete(
    '/wps/session/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'End this session',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.Object({})), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { session } = await requireMember(request, deps.members, {
        allowTrial: true,
        allowPasswordChange: true,
      });
      await deps.members.endSession(session.id, 'logout');
      return ok({});
    },
  );
}
