import { Type } from 'typebox';
import type { OperatorService } from '../../modules/operator/operator.service.ts';
import { ROLE_NAME_LENGTH_MAX } from '../../modules/operator/operator-roles.ts';
import { PERMISSIONS } from '../../modules/operator/permissions.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import {
  BO_ERROR_RESPONSES,
  IdParams,
  MerchantIdField,
  MerchantScopeQuery,
  PermissionName,
  RoleView,
  roleViewOf,
} from './bo-schemas.ts';
import { operatorRoute, readOperator, resolveMerchantScope } from './operator-session.ts';
import { readMerchantScope } from './scoped-route.ts';

export type RolesRoutesDeps = { operators: OperatorService };

const TAGS = ['back office: roles'];

const RoleFields = {
  name: Type.String({ minLength: 1, maxLength: ROLE_NAME_LENGTH_MAX }),
  permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS.length, uniqueItems: true }),
};
const CreateBody = Type.Object({ merchantId: MerchantIdField, ...RoleFields });
const UpdateBody = Type.Object(RoleFields);
const Params = IdParams;

/** Roles: the built-in ones and each merchant's custom roles with their permission lists. */
export function registerRolesRoutes(app: TypedApp, deps: RolesRoutesDeps): void {
  const { operators } = deps;

  app.get(
    '/bo/roles',
    {
      // Whoever manages staff needs the roles to choose from.
      ...operatorRoute('staff.read'),
      schema: {
        tags: TAGS,
        summary: 'The built-in roles, the custom roles in scope, and every permission there is',
        querystring: MerchantScopeQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(RoleView), permissions: Type.Array(PermissionName) })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const scope = await readMerchantScope(request);
      const roles = await operators.listRoles(scope);
      return ok({ list: roles.map(roleViewOf), permissions: [...PERMISSIONS] });
    },
  );

  app.post(
    '/bo/roles',
    {
      ...operatorRoute('roles.write'),
      schema: {
        tags: TAGS,
        summary: 'Create a custom role for a merchant (with permissions the caller holds)',
        body: CreateBody,
        response: { 200: Envelope(RoleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const context = await readOperator(request);
      const { merchantId } = resolveMerchantScope(context, body.merchantId);
      // Custom roles belong to one merchant; platform staff hold the built-in roles.
      if (merchantId === null)
        throw new AppError('VALIDATION', { value: { fields: { merchantId: 'required' } } });
      const role = await operators.createRole(context.actor, {
        merchantId,
        name: body.name,
        permissions: body.permissions,
      });
      return ok(roleViewOf(role));
    },
  );

  app.put(
    '/bo/roles/:id',
    {
      ...operatorRoute('roles.write'),
      schema: {
        tags: TAGS,
        summary:
          "Rename a custom role or change its permissions; its operators' next request sees the change",
        params: Params,
        body: UpdateBody,
        response: { 200: Envelope(RoleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { actor } = await readOperator(request);
      return ok(roleViewOf(await operators.updateRole(actor, id, request.body)));
    },
  );

  app.delete(
    '/bo/roles/:id',
    {
      ...operatorRoute('roles.write'),
      schema: {
        tags: TAGS,
        summary: 'Delete a custom role that no operator holds',
        params: Params,
        response: { 200: Envelope(Type.Object({})), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { actor } = await readOperator(request);
      await operators.deleteRole(actor, id);
      return ok({});
    },
  );
}
