import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { SecretBox } from '../../../platform/crypto/secret-box.ts';
import { createTotpSecret, totpUri } from '../../../platform/crypto/totp.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.ts';
import { checkAuthenticatorCode } from '../../../workflows/member-secrets.ts';
import { checkPaymentPassword } from '../../../workflows/payment-password.ts';
import { requireMember, requireMerchantMember } from '../../member-session.ts';
import { sealedCall } from '../sealed-call.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type SecurityRoutesDeps = {
  members: MemberService;
  totpBox: SecretBox;
  rateLimiter: RateLimiter;
  now: () => Date;
};

const TAGS = ['member'];
const CodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 10 }) });
/** A payment password is six digits, typed on a phone's number pad. */
const PAYMENT_PASSWORD_PATTERN = '^\\d{6}$';
const PaymentPasswordBody = Type.Object({
  /** The login password when no payment password is set yet; else the current payment password. */
  currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPaymentPassword: Type.String({ pattern: PAYMENT_PASSWORD_PATTERN }),
  confirmPaymentPassword: Type.String({ maxLength: 128 }),
});

/** Google Authenticator (TOTP) enrolment in the security centre (spec §4 "Unregistered IP"). */
export function registerSecurityRoutes(app: TypedApp, deps: SecurityRoutesDeps): void {
  const { members } = deps;

  app.post(
    '/wps/member/totp/setup',
    {
      schema: {
        tags: TAGS,
        summary: 'Start authenticator enrolment: a new secret and its otpauth address (for a QR code)',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ secret: Type.String(), otpauthUrl: Type.String() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      if (member.totp_enabled_at) throw new AppError('CONFLICT');
      const secret = createTotpSecret();
      await members.setPendingTotpSecret(member.id, deps.totpBox.seal(secret));
      const issuer = merchant.settings.siteName || merchant.name;
      return ok({ secret, otpauthUrl: totpUri({ issuer, account: member.account, secret }) });
    },
  );

  app.post(
    '/wps/member/totp/enable',
    sealedCall(
      TAGS,
      'Turn the authenticator on with its first code (sealed body)',
      CodeBody,
      Type.Object({}),
    ),
    async (request) => {
      const { member } = await requireMember(request, members);
      if (member.totp_enabled_at || !member.totp_secret) throw new AppError('CONFLICT');
      const { code } = request.body;
      const step = await checkAuthenticatorCode(deps, member, code);
      await members.enableTotp(member.id, step);
      return ok({});
    },
  );

  app.post(
    '/wps/member/totp/disable',
    sealedCall(
      TAGS,
      'Turn the authenticator off with a current code (sealed body)',
      CodeBody,
      Type.Object({}),
    ),
    async (request) => {
      const { member } = await requireMember(request, members);
      if (!member.totp_enabled_at) throw new AppError('CONFLICT');
      const { code } = request.body;
      await checkAuthenticatorCode(deps, member, code);
      await members.disableTotp(member.id);
      return ok({});
    },
  );

  app.post(
    '/wps/member/paymentPassword',
    sealedCall(
      TAGS,
      'Set the six-digit payment password (with the login password), or change it (with the current one); sealed body',
      PaymentPasswordBody,
      Type.Object({}),
    ),
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const { body } = request;
      if (body.confirmPaymentPassword !== body.newPaymentPassword) {
        throw new AppError('VALIDATION', { value: { fields: { confirmPaymentPassword: 'mismatch' } } });
      }
      await checkPaymentPassword(deps, merchant.id, member, body.currentPassword, { orLoginPassword: true });
      await members.setPaymentPassword(member.id, body.newPaymentPassword);
      return ok({});
    },
  );
}
