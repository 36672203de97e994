import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../modules/operator/permissions.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { isWellFormedId } from './bo-schemas.ts';
import { operatorRoute, readOperator, resolveMerchantScope } from './operator-session.ts';

/**
 * Route options for a /bo route that works on one resource named by `:id`: the permission first
 * (operatorRoute), then, before the body is validated, the resource's merchant. A resource of
 * another merchant answers NOT_FOUND, exactly like one that does not exist, so that another
 * merchant's staff learn nothing about it, not even from a validation message.
 */
export function resourceRoute(
  permission: Permission,
  findMerchantIdOf: (id: string) => Promise<string | null | undefined>,
) {
  return {
    ...operatorRoute(permission),
    preValidation: async (request: FastifyRequest) => {
      const { id } = request.params as { id?: string };
      const context = await readOperator(request);
      // The schema has not run yet: an id of another shape (a NUL, which PostgreSQL refuses in a
      // query, among them) names nothing, and is not looked up.
      const merchantId = id && isWellFormedId(id) ? await findMerchantIdOf(id) : undefined;
      const own = context.operator.merchant_id;
      if (!merchantId || (own !== null && own !== merchantId)) throw new AppError('NOT_FOUND');
    },
  };
}

/**
 * Route options for a /bo route that names its merchant in the query or the body (`merchantId`):
 * naming another merchant than one's own is FORBIDDEN, checked before the body is validated.
 */
export function merchantScopedRoute(permission: Permission) {
  return {
    ...operatorRoute(permission),
    preValidation: async (request: FastifyRequest) => {
      resolveMerchantScope(await readOperator(request), requestedMerchantId(request));
    },
  };
}

/** The merchantId a request names in its query or body, if any. */
export function requestedMerchantId(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as { merchantId?: unknown } | undefined)?.merchantId;
  if (typeof fromQuery === 'string') return fromQuery;
  const fromBody = (request.body as { merchantId?: unknown } | null | undefined)?.merchantId;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

/**
 * The merchants a list works on, from the merchantId its request names: the operator's own, or for
 * a platform owner the one named or, naming none, all of them (null).
 */
export async function readMerchantScope(request: FastifyRequest): Promise<readonly string[] | null> {
  return resolveMerchantScope(await readOperator(request), requestedMerchantId(request)).scope;
}

/**
 * The one merchant a change applies to: the operator's own, or for a platform owner the merchant
 * named (a platform owner must name one).
 */
export async function targetMerchantOf(request: FastifyRequest): Promise<string> {
  const { merchantId } = resolveMerchantScope(await readOperator(request), requestedMerchantId(request));
  if (merchantId === null)
    throw new AppError('VALIDATION', { value: { fields: { merchantId: 'required' } } });
  return merchantId;
}
