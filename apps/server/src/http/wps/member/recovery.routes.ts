import { Type } from 'typebox';
import { merchantOriginOf } from '../../../modules/merchant/merchant.service.ts';
import { PASSWORD_HASH_INPUT_LENGTH_MAX } from '../../../platform/crypto/password-hash.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { Messenger } from '../../../platform/messaging/messenger.ts';
import type { LoginDeps } from '../../../workflows/login.ts';
import {
  resetPasswordWithSmsCode,
  resetPasswordWithToken,
  sendPasswordResetEmail,
} from '../../../workflows/recover-password.ts';
import { readClient } from '../../client-context.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { sealedCall } from '../sealed-call.ts';
import { answerLogin, LoginResultSchema } from '../session/login-call.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type RecoveryRoutesDeps = LoginDeps & {
  messenger: Messenger;
  countryHeader: string | undefined;
  /** The origin of links for a merchant without a main origin of its own (config PUBLIC_ORIGIN). */
  publicOrigin: string;
};

const TAGS = ['member'];
const Password = Type.String({ maxLength: PASSWORD_HASH_INPUT_LENGTH_MAX });

const EmailBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
});
const ResetBody = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100 }),
  newPassword: Password,
  confirmNewPassword: Password,
});
const PhoneBody = Type.Object({
  newPassword: Password,
  confirmNewPassword: Type.Optional(Password),
  mobileNum: Type.String({ minLength: 1, maxLength: 20 }),
  countryDialingCode: Type.Optional(Type.String({ maxLength: 6 })),
  verificationCode: Type.String({ minLength: 1, maxLength: 12 }),
});

/** Forgot password: by email (a reset link), the link's form, and by phone (an SMS code). */
export function registerRecoveryRoutes(app: TypedApp, deps: RecoveryRoutesDeps): void {
  app.post(
    '/wps/member/password/email',
    {
      schema: {
        tags: TAGS,
        summary: 'Email a link to set a new password (username and email must match)',
        querystring: MerchantLanguageQuery,
        body: EmailBody,
        response: { 200: Envelope(Type.Object({})), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { body } = request;
      const client = readClient(request, deps.countryHeader);
      await sendPasswordResetEmail(deps, merchant, {
        username: body.username,
        email: body.email,
        // Never the request's Host: whoever asks for the mail would choose where its link leads.
        origin: merchantOriginOf(merchant, deps.publicOrigin),
        language: request.language,
        clientKey: `${merchant.id}:${client.ip}`,
      });
      return ok({});
    },
  );

  app.post(
    '/wps/member/password/reset',
    sealedCall(
      TAGS,
      "Set a new password with an emailed link's token, and log in (sealed body)",
      ResetBody,
      LoginResultSchema,
    ),
    async (request) =>
      answerLogin(request, deps.countryHeader, (merchant, client) =>
        resetPasswordWithToken(deps, merchant, { ...request.body, language: request.language }, client),
      ),
  );

  app.post(
    '/wps/member/password/verification',
    sealedCall(
      TAGS,
      'Set a new password with an SMS code, and log in (sealed body)',
      PhoneBody,
      LoginResultSchema,
    ),
    async (request) => {
      const { body } = request;
      return answerLogin(request, deps.countryHeader, (merchant, client) =>
        resetPasswordWithSmsCode(
          deps,
          merchant,
          { ...body, countryDialingCode: body.countryDialingCode || '+63', language: request.language },
          client,
        ),
      );
    },
  );
}
