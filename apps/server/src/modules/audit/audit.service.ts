import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import type { ChangeEntry } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type AuditFilter,
  type AuditRow,
  countAudit,
  findAuditPage,
  insertAuditRow,
} from './audit.repository.ts';

export type { AuditFilter, AuditRow };

/** One change as the audit log keeps it. Other areas hand entries of this shape to `record`. */
export type AuditEntry = ChangeEntry;

export const AUDIT_PAGE_SIZE_MAX = 100;
const AUDIT_TEXT_LENGTH_MAX = 200;
/** A snapshot larger than this is a bug in the caller (a whole table, a file), not a change. */
const AUDIT_SNAPSHOT_BYTES_MAX = 64 * 1024;

export type AuditService = ReturnType<typeof createAuditService>;

function snapshotOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const json = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
  if (Buffer.byteLength(json) > AUDIT_SNAPSHOT_BYTES_MAX) {
    throw new Error(`audit snapshot over ${AUDIT_SNAPSHOT_BYTES_MAX} bytes`);
  }
  return json;
}

/** The audit log: appends entries (inside the caller's transaction) and searches them. */
export function createAuditService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Appends one entry. Pass the transaction that makes the change, so that the change and its
     * entry are written together or not at all.
     */
    async record(executor: Executor, entry: AuditEntry): Promise<void> {
      assertInvariant(entry.action && entry.target.type, 'an audit entry needs an action and a target');
      await insertAuditRow(executor, {
        id: uuidv7(),
        actor_id: entry.actor.id,
        actor_name: entry.actor.name.slice(0, AUDIT_TEXT_LENGTH_MAX),
        merchant_id: entry.merchantId,
        action: entry.action.slice(0, AUDIT_TEXT_LENGTH_MAX),
        target_type: entry.target.type.slice(0, AUDIT_TEXT_LENGTH_MAX),
        target_id: entry.target.id,
        before: snapshotOf(entry.before),
        after: snapshotOf(entry.after),
        ip: entry.ip,
        at: now(),
      });
    },

    async search(filter: AuditFilter, page: number, pageSize: number) {
      const size = Math.min(Math.max(1, pageSize), AUDIT_PAGE_SIZE_MAX);
      const [rows, total] = await Promise.all([
        findAuditPage(db, filter, (Math.max(1, page) - 1) * size, size),
        countAudit(db, filter),
      ]);
      return { rows, total, totalPages: Math.ceil(total / size) };
    },
  };
}
