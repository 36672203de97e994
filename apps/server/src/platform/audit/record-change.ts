import type { Executor } from '../db/executor.ts';

/**
 * How a module writes its audit row without importing the audit module (modules never import each
 * other): app.ts hands the audit service's `record` to every service that changes something, and
 * the service calls it with the transaction that makes the change, so that both land or neither.
 */
export type ChangeEntry = {
  actor: { id: string | null; name: string };
  merchantId: string | null;
  /** Dotted, area first: `settings.whitelabel`, `player.lock`, `role.update`, `auth.login`. */
  action: string;
  target: { type: string; id: string | null };
  before: unknown;
  after: unknown;
  ip: string | null;
};

export type RecordChange = (executor: Executor, entry: ChangeEntry) => Promise<void>;

/** The operator behind a change, as services need it: who, and from which address. */
export type ChangeActor = { id: string; username: string; ip: string | null };

/** The entry's actor and address from a ChangeActor. */
export function actorOf(actor: ChangeActor): Pick<ChangeEntry, 'actor' | 'ip'> {
  return { actor: { id: actor.id, name: actor.username }, ip: actor.ip };
}
