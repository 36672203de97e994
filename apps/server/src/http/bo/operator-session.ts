import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { OperatorService } from '../../modules/operator/operator.service.ts';
import type { OperatorActor } from '../../modules/operator/operator-accounts.ts';
import type { ResolvedOperatorSession } from '../../modules/operator/operator-sign-in.ts';
import type { Permission } from '../../modules/operator/permissions.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { readBearerToken } from '../member-session.ts';
import { readVisitor } from '../merchant-context.ts';

/**
 * What a /bo route needs of its caller: a permission, or `null` for any signed-in operator (their
 * own profile, signing out). `allowPasswordChange` lets a session that must change its password in.
 * Sign-in itself is the one route marked `public`.
 */
export type OperatorRequirement =
  | { permission: Permission | null; allowPasswordChange?: boolean }
  | { public: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /bo route declares it; the app refuses to start with one that does not. */
    operator?: OperatorRequirement;
  }
  interface FastifyInstance {
    /** Back-office staff, their roles and sessions. */
    operators: OperatorService;
    /** Every /bo route as it was registered, whoever registered it (the guard test walks them). */
    backOfficeRoutes: BackOfficeRoute[];
  }
}

export type BackOfficeRoute = {
  method: string;
  url: string;
  requirement: OperatorRequirement;
  schema: RouteOptions['schema'];
};

export type OperatorContext = ResolvedOperatorSession & { actor: OperatorActor; token: string };

const BACK_OFFICE_PREFIX = '/bo/';
// Each request resolves its token at most once, however many helpers ask.
const resolved = new WeakMap<FastifyRequest, Promise<OperatorContext | null>>();

/** The client address as the audit log records it. */
export function readOperatorIp(request: FastifyRequest): string {
  return readVisitor(request, undefined).ip;
}

function readOperatorSession(request: FastifyRequest): Promise<OperatorContext | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = readBearerToken(request);
    pending = token
      ? request.server.operators.resolveSession(token).then((found) =>
          found
            ? {
                ...found,
                token,
                actor: {
                  id: found.operator.id,
                  username: found.operator.username,
                  merchantId: found.operator.merchant_id,
                  permissions: found.permissions,
                  ip: readOperatorIp(request),
                },
              }
            : null,
        )
      : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * The operator a /bo route needs: NOT_LOGGED_IN without a live operator session (a player's token
 * is not one), PASSWORD_CHANGE_REQUIRED while the password must change, FORBIDDEN without the
 * permission.
 */
export async function requireOperator(
  request: FastifyRequest,
  permission: Permission | null,
  options: { allowPasswordChange?: boolean | undefined } = {},
): Promise<OperatorContext> {
  const found = await readOperatorSession(request);
  if (!found) throw new AppError('NOT_LOGGED_IN');
  if (found.session.password_change_required && !options.allowPasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  if (permission !== null && !found.permissions.includes(permission)) throw new AppError('FORBIDDEN');
  return found;
}

/**
 * Route options that guard a /bo route: the requirement is declared in its config (so that the
 * start-up check and the tests can read it) and enforced by requireOperator in onRequest, before
 * the body is even parsed, so that a caller without the right learns nothing from validation.
 */
export function operatorRoute(
  permission: Permission | null,
  options: { allowPasswordChange?: boolean; encrypted?: boolean } = {},
) {
  const requirement: OperatorRequirement = {
    permission,
    ...(options.allowPasswordChange ? { allowPasswordChange: true } : {}),
  };
  return {
    config: { operator: requirement, ...(options.encrypted ? { encrypted: true } : {}) },
    onRequest: async (request: FastifyRequest) => {
      await requireOperator(request, permission, { allowPasswordChange: options.allowPasswordChange });
    },
  };
}

/** The operator that the route's guard has already let in. */
export async function readOperator(request: FastifyRequest): Promise<OperatorContext> {
  const found = await readOperatorSession(request);
  if (!found) throw new Error('readOperator on a route without operatorRoute()');
  return found;
}

/**
 * Which merchants a request works on. A merchant's staff always work on their own merchant, and
 * naming another is FORBIDDEN; a platform owner works on the merchant named, or on all of them.
 */
export function resolveMerchantScope(
  context: OperatorContext,
  requestedMerchantId: string | undefined,
): { merchantId: string | null; scope: readonly string[] | null } {
  const own = context.operator.merchant_id;
  if (own !== null) {
    if (requestedMerchantId !== undefined && requestedMerchantId !== own) throw new AppError('FORBIDDEN');
    return { merchantId: own, scope: [own] };
  }
  return requestedMerchantId === undefined
    ? { merchantId: null, scope: null }
    : { merchantId: requestedMerchantId, scope: [requestedMerchantId] };
}

/**
 * Refuses to start the app with a /bo route that does not declare what it needs of its caller, so
 * that a route added later cannot be left open by forgetting the guard.
 */
export function installBackOfficeGuard(app: FastifyInstance, operators: OperatorService): void {
  const routes: BackOfficeRoute[] = [];
  app.decorate('operators', operators);
  app.decorate('backOfficeRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(BACK_OFFICE_PREFIX)) return;
    const requirement = (route.config as { operator?: OperatorRequirement } | undefined)?.operator;
    if (!requirement) throw new Error(`${route.method} ${route.url} is a /bo route without operatorRoute()`);
    if (!('public' in requirement) && !route.onRequest) {
      throw new Error(`${route.method} ${route.url} declares a requirement but does not enforce it`);
    }
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, requirement, schema: route.schema });
    }
  });
}
