import { Type } from 'typebox';
import type { OperatorRow, OperatorService } from '../../modules/operator/operator.service.ts';
import { OPERATOR_USERNAME_PATTERN } from '../../modules/operator/operator-accounts.ts';
import { STAFF_PAGE_SIZE_MAX } from '../../modules/operator/operator-staff.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantIdField,
  MerchantScopeQuery,
  OperatorView,
  operatorViewOf,
  PageQueryFields,
} from './bo-schemas.ts';
import { operatorRoute, readOperator, resolveMerchantScope } from './operator-session.ts';
import { readMerchantScope } from './scoped-route.ts';

export type StaffRoutesDeps = { operators: OperatorService };

const TAGS = ['back office: staff'];

const ListQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  search: Type.Optional(Type.String({ maxLength: 64 })),
  ...PageQueryFields(STAFF_PAGE_SIZE_MAX, 10_000),
});

const CreateBody = Type.Object({
  merchantId: MerchantIdField,
  username: Type.String({ pattern: OPERATOR_USERNAME_PATTERN, maxLength: 32 }),
  displayName: Type.String({ maxLength: 80 }),
  roleId: Id,
});

const RoleBody = Type.Object({ roleId: Id });
const TemporaryPassword = Type.Object({ temporaryPassword: Type.String() });
const Params = IdParams;

/** Staff accounts: list, create, change role, lock and unlock, reset password or authenticator, end sessions. */
export function registerStaffRoutes(app: TypedApp, deps: StaffRoutesDeps): void {
  const { operators } = deps;

  /** The wire view of an operator just changed (its role name read again, as it may have changed). */
  async function viewOf(row: OperatorRow) {
    const role = await operators.findRoleById(row.role_id);
    return operatorViewOf({ ...row, role_name: role?.name ?? row.role_id });
  }

  app.get(
    '/bo/staff',
    {
      ...operatorRoute('staff.read'),
      schema: {
        tags: TAGS,
        summary: 'Operator accounts of the merchant (a platform owner: of every merchant, or the one named)',
        querystring: ListQuery,
        response: { 200: Envelope(CountedPageOf(OperatorView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const scope = await readMerchantScope(request);
      const result = await operators.listOperators({
        scope,
        search: query.search,
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 50,
      });
      return ok({
        list: result.rows.map(operatorViewOf),
        total: result.total,
        totalPages: result.totalPages,
      });
    },
  );

  app.post(
    '/bo/staff',
    {
      ...operatorRoute('staff.write'),
      schema: {
        tags: TAGS,
        summary:
          'Create an operator; the answer carries a temporary password, shown once, that the first sign-in replaces',
        body: CreateBody,
        response: {
          200: Envelope(Type.Object({ operator: OperatorView, temporaryPassword: Type.String() })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const context = await readOperator(request);
      const { merchantId } = resolveMerchantScope(context, body.merchantId);
      const created = await operators.createOperator(context.actor, {
        merchantId,
        username: body.username,
        displayName: body.displayName,
        roleId: body.roleId,
      });
      return ok({ operator: await viewOf(created.operator), temporaryPassword: created.temporaryPassword });
    },
  );

  app.put(
    '/bo/staff/:id/role',
    {
      ...operatorRoute('staff.write'),
      schema: {
        tags: TAGS,
        summary: "Change an operator's role (only to a role whose permissions the caller holds)",
        params: Params,
        body: RoleBody,
        response: { 200: Envelope(OperatorView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { roleId } = request.body;
      const { actor } = await readOperator(request);
      return ok(await viewOf(await operators.changeRole(actor, id, roleId)));
    },
  );

  const actions = [
    ['lock', 'Lock an operator out; their sessions end at once', operators.lockOperator],
    ['unlock', 'Let a locked operator sign in again', operators.unlockOperator],
    [
      'totp/reset',
      'Forget the authenticator (a lost phone): the next sign-in enrols a new one',
      operators.resetTotp,
    ],
  ] as const;
  for (const [path, summary, apply] of actions) {
    app.post(
      `/bo/staff/:id/${path}`,
      {
        ...operatorRoute('staff.write'),
        schema: {
          tags: TAGS,
          summary,
          params: Params,
          response: { 200: Envelope(OperatorView), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { actor } = await readOperator(request);
        return ok(await viewOf(await apply(actor, id)));
      },
    );
  }

  app.post(
    '/bo/staff/:id/password/reset',
    {
      ...operatorRoute('staff.write'),
      schema: {
        tags: TAGS,
        summary: 'Give an operator a new temporary password (shown once); their sessions end',
        params: Params,
        response: { 200: Envelope(TemporaryPassword), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { actor } = await readOperator(request);
      return ok({ temporaryPassword: await operators.resetPassword(actor, id) });
    },
  );

  app.post(
    '/bo/staff/:id/sessions/end',
    {
      ...operatorRoute('staff.write'),
      schema: {
        tags: TAGS,
        summary: "End all of an operator's sessions",
        params: Params,
        response: { 200: Envelope(Type.Object({ endedSessions: Type.Integer() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { actor } = await readOperator(request);
      return ok({ endedSessions: await operators.endSessions(actor, id) });
    },
  );
}
