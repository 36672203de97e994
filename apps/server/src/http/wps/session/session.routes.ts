import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { translateField } from '../../../platform/i18n/account-texts.ts';
import type { Language } from '../../../platform/i18n/language.ts';
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
import { sealedCall } from '../sealed-call.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';
import { answerLogin, LoginResultSchema } from './login-call.ts';

export type SessionRoutesDeps = LoginDeps & { members: MemberService; countryHeader: string | undefined };

const TAGS = ['session'];

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

/** VALIDATION naming, in the request's language, each of the fields left blank. */
function requireFilled(language: Language, values: Record<string, string | undefined>): void {
  const empty = translateField(language, 'required');
  const blank = Object.keys(values).filter((name) => !values[name]?.trim());
  if (blank.length > 0) {
    throw new AppError('VALIDATION', {
      value: { fields: Object.fromEntries(blank.map((name) => [name, empty])) },
    });
  }
}

/** POST /wps/session/login (E), /login/freeplay, DELETE /wps/session/logout (T). */
export function registerSessionRoutes(app: TypedApp, deps: SessionRoutesDeps): void {
  app.post(
    '/wps/session/login',
    sealedCall(
      TAGS,
      'Log in by account and password, or by mobile number and SMS code (sealed body)',
      LoginBody,
      LoginResultSchema,
    ),
    async (request) =>
      answerLogin(request, deps.countryHeader, (merchant, client) => {
        const { body } = request;
        const agentPage = body.agentPage === true;
        if (body.type === 'sms') {
          requireFilled(request.language, {
            mobileNum: body.mobileNum,
            verificationCode: body.verificationCode,
          });
          return logInWithSmsCode(
            deps,
            merchant,
            {
              mobileNum: body.mobileNum ?? '',
              countryDialingCode: body.countryDialingCode || '+63',
              verificationCode: body.verificationCode ?? '',
              agentPage,
            },
            client,
          );
        }
        requireFilled(request.language, { username: body.username, password: body.password });
        return logInWithPassword(
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
        );
      }),
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
    sealedCall(
      TAGS,
      'Answer a second login step (SMS or email code, authenticator code, bank account name; sealed body)',
      SecondStepBody,
      LoginResultSchema,
    ),
    async (request) =>
      answerLogin(request, deps.countryHeader, (merchant, client) =>
        answerSecondStep(deps, merchant, request.body, client),
      ),
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
    async (request) =>
      answerLogin(request, deps.countryHeader, (merchant, client) =>
        logInForFreePlay(
          deps,
          merchant,
          { captcha: request.body.captcha, captchaId: readCaptchaId(request) },
          client,
        ),
      ),
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
