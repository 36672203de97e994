import { Type } from 'typebox';
import type { CaptchaService } from '../../modules/captcha/captcha.service.ts';
import type { OperatorService } from '../../modules/operator/operator.service.ts';
import { OPERATOR_PASSWORD_LENGTH_MAX } from '../../modules/operator/operator-accounts.ts';
import { OPERATOR_SESSION_IDLE_MINUTES } from '../../modules/operator/operator-sign-in.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { issueCaptchaImage } from '../captcha-image.ts';
import { readCaptchaId } from '../client-context.ts';
import { Nullable } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, PermissionName } from './bo-schemas.ts';
import { type OperatorRequirement, operatorRoute, readOperator, readOperatorIp } from './operator-session.ts';

export type BackOfficeAuthDeps = {
  operators: OperatorService;
  captcha: CaptchaService;
  rateLimiter: RateLimiter;
};

const TAGS = ['back office: session'];
const USER_AGENT_LENGTH_MAX = 400;

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: OPERATOR_PASSWORD_LENGTH_MAX }),
  /** The authenticator's six digits; left out on the first step. */
  code: Type.Optional(Type.String({ maxLength: 10 })),
  /** The captcha's answer, once CAPTCHA_REQUIRED asked for it (image: GET /bo/auth/captcha). */
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
});

const PasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: OPERATOR_PASSWORD_LENGTH_MAX }),
  newPassword: Type.String({ minLength: 1, maxLength: OPERATOR_PASSWORD_LENGTH_MAX }),
});

const LoginResult = Type.Object({ token: Type.String(), passwordExpired: Type.Boolean() });

const Profile = Type.Object({
  operator: Type.Object({
    id: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    merchantId: Nullable(Type.String()),
    roleId: Type.String(),
    roleName: Type.String(),
  }),
  /** A platform owner (merchantId null) sees every merchant; a merchant's staff their own. */
  merchants: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() })),
  permissions: Type.Array(PermissionName),
  passwordChangeRequired: Type.Boolean(),
  idleMinutes: Type.Integer(),
  expiresAt: Type.String(),
});

const PUBLIC: { operator: OperatorRequirement } = { operator: { public: true } };

/** POST /bo/auth/login (sealed), GET /bo/auth/captcha, POST /bo/auth/logout, GET /bo/auth/me, POST /bo/auth/password (sealed). */
export function registerBackOfficeAuthRoutes(app: TypedApp, deps: BackOfficeAuthDeps): void {
  const { operators } = deps;

  app.post(
    '/bo/auth/login',
    {
      config: { ...PUBLIC, encrypted: true },
      schema: {
        tags: TAGS,
        summary:
          'Sign in with username, password and authenticator code (sealed body). Without a code the answer is ' +
          'VERIFICATION_REQUIRED: methods ["totp"], or ["totpEnrol"] with secret and otpauthUrl to enrol.',
        body: LoginBody,
        response: { 200: Envelope(LoginResult), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      if (!body.username.trim()) {
        throw new AppError('VALIDATION', { value: { fields: { username: 'required' } } });
      }
      const userAgent = request.headers['user-agent'];
      const result = await operators.signIn(
        { ...body, captchaId: readCaptchaId(request) },
        {
          ip: readOperatorIp(request),
          userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_LENGTH_MAX) : null,
        },
      );
      return ok({ token: result.token, passwordExpired: result.passwordExpired });
    },
  );

  app.get(
    '/bo/auth/captcha',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary:
          'A captcha image (PNG data URL) for the sign-in, bound to this browser by the captchaId cookie',
        response: { 200: Envelope(Type.String()), ...BO_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      ok(await issueCaptchaImage(deps, request, reply, `bo:${readOperatorIp(request)}`)),
  );

  app.post(
    '/bo/auth/logout',
    {
      ...operatorRoute(null, { allowPasswordChange: true }),
      schema: {
        tags: TAGS,
        summary: 'End this session',
        response: { 200: Envelope(Type.Object({})), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const context = await readOperator(request);
      await operators.signOut(context.actor, context.session.id);
      return ok({});
    },
  );

  app.get(
    '/bo/auth/me',
    {
      ...operatorRoute(null, { allowPasswordChange: true }),
      schema: {
        tags: TAGS,
        summary: 'The signed-in operator, the merchants they work on and their permissions',
        response: { 200: Envelope(Profile), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { operator, role, permissions, session } = await readOperator(request);
      return ok({
        operator: {
          id: operator.id,
          username: operator.username,
          displayName: operator.display_name,
          merchantId: operator.merchant_id,
          roleId: role.id,
          roleName: role.name,
        },
        merchants: await operators.listMerchants(operator.merchant_id),
        permissions: [...permissions],
        passwordChangeRequired: session.password_change_required,
        idleMinutes: OPERATOR_SESSION_IDLE_MINUTES,
        expiresAt: session.expires_at.toISOString(),
      });
    },
  );

  app.post(
    '/bo/auth/password',
    {
      ...operatorRoute(null, { allowPasswordChange: true, encrypted: true }),
      schema: {
        tags: TAGS,
        summary: "Change the operator's own password (sealed body); other sessions end",
        body: PasswordBody,
        response: { 200: Envelope(Type.Object({})), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const context = await readOperator(request);
      await operators.changeOwnPassword(context.actor, context.session.id, request.body);
      return ok({});
    },
  );
}
