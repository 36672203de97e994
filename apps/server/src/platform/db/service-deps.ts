import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What a module's service is built with: the database and a clock (tests fix it; the system's when
 * left out), and `Extra`, the service's own collaborators.
 */
export type ServiceDeps<Extra = object> = { db: Kysely<Database>; now?: () => Date } & Extra;

/** The clock a service was given, else the system's. */
export function clockOf(deps: { now?: () => Date }): () => Date {
  return deps.now ?? (() => new Date());
}
