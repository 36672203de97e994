import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { createDatabaseListener, type DatabaseListener } from './listener.ts';

/** Waits for a condition, polling; fails after a bound instead of waiting a fixed time. */
async function waitFor(condition: () => boolean | Promise<boolean>, what: string, boundMs = 10_000) {
  const deadline = performance.now() + boundMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`database notifications (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: DatabaseHandle;
  const errors: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const notify = (channel: string, payload: string) =>
    sql`select pg_notify(${channel}, ${payload})`.execute(database.db);

  function listenerOf(): DatabaseListener {
    return createDatabaseListener(database, { onError: (error) => errors.push(error) });
  }

  it('hears what commits on its channels, in commit order, and nothing of a transaction rolled back', async () => {
    const listener = listenerOf();
    const heard: string[] = [];
    const other: string[] = [];
    try {
      await listener.listen('test_heard', (payload) => heard.push(payload));
      await listener.listen('test_other', (payload) => other.push(payload));
      await notify('test_heard', 'first');
      await database.db
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_notify('test_heard', 'rolled back')`.execute(trx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await database.db.transaction().execute(async (trx) => {
        await sql`select pg_notify('test_heard', 'in a transaction')`.execute(trx);
      });
      await notify('test_other', 'elsewhere');
      await notify('test_unheard', 'nobody');
      await notify('test_heard', 'last');
      await waitFor(() => heard.includes('last'), 'the last notification');
      expect(heard).toEqual(['first', 'in a transaction', 'last']);
      expect(other).toEqual(['elsewhere']);
    } finally {
      await listener.close();
    }
    expect(errors).toEqual([]);
  });

  it('calls every listener of a channel', async () => {
    const listener = listenerOf();
    const heard: string[] = [];
    try {
      await listener.listen('test_shared', (payload) => heard.push(`a:${payload}`));
      await listener.listen('test_shared', (payload) => heard.push(`b:${payload}`));
      await notify('test_shared', 'one');
      await waitFor(() => heard.length === 2, 'both listeners');
      expect(heard.sort()).toEqual(['a:one', 'b:one']);
    } finally {
      await listener.close();
    }
  });

  it('hears nothing once closed, and lets its connection go', async () => {
    const listener = listenerOf();
    const heard: string[] = [];
    await listener.listen('test_closed', (payload) => heard.push(payload));
    const witness = listenerOf();
    const witnessed: string[] = [];
    try {
      await witness.listen('test_closed', (payload) => witnessed.push(payload));
      await listener.close();
      await notify('test_closed', 'after close');
      await waitFor(() => witnessed.includes('after close'), 'the witness');
      expect(heard).toEqual([]);
      if (database.kind === 'postgres') {
        // The server lets a backend go just after its client has: the witness's connection is left.
        await waitFor(async () => {
          const listening = await sql<{ count: string }>`
            select count(*)::text as count from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`.execute(
            database.db,
          );
          return listening.rows[0]?.count === '1';
        }, 'the closed listener’s connection to go');
      }
    } finally {
      await witness.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'connects again when the server ends its connection, and hears what comes after',
    async () => {
      const listener = listenerOf();
      const heard: string[] = [];
      try {
        await listener.listen('test_reconnect', (payload) => heard.push(payload));
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`.execute(
          database.db,
        );
        // Notifications while it is away are not heard; one is sent until the new connection hears it.
        await waitFor(async () => {
          await notify('test_reconnect', 'again');
          return heard.includes('again');
        }, 'the listener to connect again');
        expect(errors.length).toBeGreaterThan(0);
      } finally {
        await listener.close();
      }
    },
  );
});
