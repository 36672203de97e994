import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordChange } from '../../platform/audit/record-change.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import {
  findMerchantSummaries,
  findOperatorById,
  findOperatorByUsernameKey,
  findRoleById,
  findRoles,
  type MerchantScope,
  type OperatorRow,
  type OperatorSessionRow,
  type RoleRow,
} from './operator.repository.ts';
import { provisionOperator, usernameKeyOf } from './operator-accounts.ts';
import { createOperatorRoles } from './operator-roles.ts';
import { createOperatorSignIn } from './operator-sign-in.ts';
import { createOperatorStaff } from './operator-staff.ts';

export type { MerchantScope, OperatorRow, OperatorSessionRow, RoleRow };

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * The back office's operators as one service: the sign-in (operator-sign-in.ts), the staff others
 * manage (operator-staff.ts) and the custom roles (operator-roles.ts), with the reads they share.
 */
export function createOperatorService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  totpBox: SecretBox;
  rateLimiter: RateLimiter;
  /** Checks (and uses up) a captcha answer of the captcha module; app.ts hands it over. */
  verifyCaptcha: (captchaId: string | undefined, answer: string | undefined) => Promise<boolean>;
  now?: () => Date;
}) {
  const { db, recordChange } = deps;
  const now = deps.now ?? (() => new Date());
  const shared = { db, recordChange, now };
  return {
    ...createOperatorSignIn({ ...deps, now }),
    ...createOperatorStaff({ ...shared, rateLimiter: deps.rateLimiter }),
    ...createOperatorRoles(shared),
    findById: (id: string) => findOperatorById(db, id),
    findByUsername: (username: string) => findOperatorByUsernameKey(db, usernameKeyOf(username)),
    provisionOperator: (input: Parameters<typeof provisionOperator>[1]) =>
      provisionOperator({ db, recordChange, now }, input),
    findRoleById: (id: string) => findRoleById(db, id),
    listRoles: (scope: MerchantScope) => findRoles(db, scope),
    listMerchants: (merchantId: string | null) => findMerchantSummaries(db, merchantId),
  };
}
