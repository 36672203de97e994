import { type TSchema, Type } from 'typebox';
import type { OperatorRow, RoleRow } from '../../modules/operator/operator.service.ts';
import { permissionsOfRole } from '../../modules/operator/operator-accounts.ts';
import { PERMISSIONS } from '../../modules/operator/permissions.ts';
import { DATE_PRESETS } from '../../modules/report/date-range.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';

/** Wire shapes shared by the back-office calls. */

export const BO_ERROR_RESPONSES = {
  400: { $ref: 'ErrorEnvelope#' },
  401: { $ref: 'ErrorEnvelope#' },
  403: { $ref: 'ErrorEnvelope#' },
  404: { $ref: 'ErrorEnvelope#' },
  409: { $ref: 'ErrorEnvelope#' },
  422: { $ref: 'ErrorEnvelope#' },
  429: { $ref: 'ErrorEnvelope#' },
  500: { $ref: 'ErrorEnvelope#' },
} as const;

/** Identifiers are UUIDv7 strings, or a built-in role's name; nothing longer is ever valid. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const IdParams = Type.Object({ id: Id });

/** Only a platform owner may name a merchant; a merchant's staff get FORBIDDEN for another one. */
export const MerchantIdField = Type.Optional(Id);

/** The one merchant a list is narrowed to; see MerchantIdField. */
export const MerchantScopeQuery = Type.Object({ merchantId: MerchantIdField });

/** A calendar day in the merchant's time zone. */
export const ReportDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });

/** A report's merchant and days: a preset of spec §9, or from/to (the preset is ignored when both are given). */
export const ReportRangeQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  from: Type.Optional(ReportDay),
  to: Type.Optional(ReportDay),
});

/** A back-office list's paging fields; a request that leaves them out gets the first page. */
export function PageQueryFields(pageSizeMax: number, pageNumberMax: number) {
  return {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: pageNumberMax })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: pageSizeMax })),
  };
}

/** One page of a list, with how many rows and pages the whole list has. */
export function CountedPageOf<T extends TSchema>(item: T) {
  return Type.Object({ list: Type.Array(item), total: Type.Integer(), totalPages: Type.Integer() });
}

/** Whether a text has the shape of an Id, for the checks that run before the schema does. */
export function isWellFormedId(text: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(text);
}

export const PermissionName = StringOf(PERMISSIONS);

export const OperatorView = Type.Object({
  id: Type.String(),
  merchantId: Nullable(Type.String()),
  username: Type.String(),
  displayName: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  status: StringOf(['active', 'locked']),
  totpEnabled: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  failedLoginCount: Type.Integer(),
  lastLoginAt: Nullable(Type.String()),
  lastLoginIp: Nullable(Type.String()),
  liveSessions: Type.Integer(),
  createdAt: Type.String(),
});

export function operatorViewOf(row: OperatorRow & { role_name: string; live_sessions?: number }) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    username: row.username,
    displayName: row.display_name,
    roleId: row.role_id,
    roleName: row.role_name,
    status: row.status,
    totpEnabled: row.totp_enabled_at !== null,
    mustChangePassword: row.must_change_password,
    failedLoginCount: row.failed_login_count,
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    lastLoginIp: row.last_login_ip,
    liveSessions: row.live_sessions ?? 0,
    createdAt: row.created_at.toISOString(),
  };
}

export const RoleView = Type.Object({
  id: Type.String(),
  merchantId: Nullable(Type.String()),
  name: Type.String(),
  builtin: Type.Boolean(),
  permissions: Type.Array(PermissionName),
});

export function roleViewOf(role: RoleRow) {
  return {
    id: role.id,
    merchantId: role.merchant_id,
    name: role.name,
    builtin: role.is_builtin,
    permissions: [...permissionsOfRole(role)],
  };
}
