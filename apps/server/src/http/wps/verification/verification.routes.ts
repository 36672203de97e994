import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CaptchaService } from '../../../modules/captcha/captcha.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { type ResolvedMerchant, readSwitches } from '../../../modules/merchant/merchant.service.ts';
import type {
  SendCodeInput,
  VerificationService,
} from '../../../modules/verification/verification.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { translateField } from '../../../platform/i18n/account-texts.ts';
import { parseMobileNumber } from '../../../platform/phone/phone-number.ts';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.ts';
import { issueCaptchaImage } from '../../captcha-image.ts';
import { readClient } from '../../client-context.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type VerificationRoutesDeps = {
  members: MemberService;
  verification: VerificationService;
  captcha: CaptchaService;
  rateLimiter: RateLimiter;
  countryHeader: string | undefined;
};

const CodeSent = Envelope(Type.Object({ expiredMinutes: Type.Integer() }));
const RegisterCodeBody = Type.Object({
  countryDialingCode: Type.String({ maxLength: 6 }),
  mobileNo: Type.String({ maxLength: 20 }),
});
const NoLoginCodeBody = Type.Object({
  countryDialingCode: Type.String({ maxLength: 6 }),
  mobileNum: Type.String({ maxLength: 20 }),
});

/** The number as SMS gateways take it, or VALIDATION on the body field that holds it. */
function requireMobileNumber(request: FastifyRequest, dialingCode: string, mobileNum: string, field: string) {
  const mobile = parseMobileNumber(dialingCode, mobileNum);
  if (!mobile) {
    throw new AppError('VALIDATION', {
      value: { fields: { [field]: translateField(request.language, 'mobileInvalid') } },
    });
  }
  return mobile;
}

/** SMS codes (registration, without login) and the captcha image. */
export function registerVerificationRoutes(app: TypedApp, deps: VerificationRoutesDeps): void {
  /** Sends a code by SMS in the request's language, throttled per client address at the merchant. */
  const sendSmsCode = (
    request: FastifyRequest,
    merchant: ResolvedMerchant,
    code: Pick<SendCodeInput, 'purpose' | 'destination' | 'deliver'>,
  ) =>
    deps.verification.sendCode({
      merchantId: merchant.id,
      channel: 'sms',
      language: request.language,
      clientKey: `${merchant.id}:${readClient(request, deps.countryHeader).ip}`,
      ...code,
    });

  app.post(
    '/wps/verification/sms/register',
    {
      schema: {
        tags: ['verification'],
        summary: 'Send a registration code to a mobile number (REGMOBVERF3)',
        querystring: MerchantLanguageQuery,
        body: RegisterCodeBody,
        response: { 200: CodeSent, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { REGMOBVERF3 } = readSwitches(merchant.settings.whitelabel, ['REGMOBVERF3']);
      if (!REGMOBVERF3) throw new AppError('FEATURE_DISABLED');
      const { body } = request;
      const mobile = requireMobileNumber(request, body.countryDialingCode, body.mobileNo, 'mobileNo');
      if (await deps.members.findByMobile(merchant.id, mobile.dialingCode, mobile.nationalNumber)) {
        throw new AppError('VALIDATION', {
          value: { fields: { mobileNo: translateField(request.language, 'mobileTaken') } },
        });
      }
      return ok(await sendSmsCode(request, merchant, { purpose: 'register', destination: mobile.e164 }));
    },
  );

  app.post(
    '/wps/verification/sms/noLogin',
    {
      schema: {
        tags: ['verification'],
        summary: 'Send a code for SMS login or a password reset by phone',
        description:
          'Answers the same whether or not an account has the number, so that accounts are not revealed; the code is sent only to a registered number.',
        querystring: MerchantLanguageQuery,
        body: NoLoginCodeBody,
        response: { 200: CodeSent, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { body } = request;
      const mobile = requireMobileNumber(request, body.countryDialingCode, body.mobileNum, 'mobileNum');
      const member = await deps.members.findByMobile(merchant.id, mobile.dialingCode, mobile.nationalNumber);
      return ok(
        await sendSmsCode(request, merchant, {
          purpose: 'noLogin',
          destination: mobile.e164,
          deliver: member !== undefined,
        }),
      );
    },
  );

  app.get(
    '/wps/captcha',
    {
      schema: {
        tags: ['verification'],
        summary: 'A captcha image (PNG data URL), bound to this browser by the captchaId cookie',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.String()), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const merchant = requireMerchant(request);
      const client = readClient(request, deps.countryHeader);
      return ok(await issueCaptchaImage(deps, request, reply, `${merchant.id}:${client.ip}`));
    },
  );
}
