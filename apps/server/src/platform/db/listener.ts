import pg from 'pg';
import type { DatabaseHandle } from './database.ts';

/** The first wait before the PostgreSQL listener connects again, doubled up to the most. */
const RECONNECT_DELAY_MS_MIN = 500;
const RECONNECT_DELAY_MS_MAX = 30_000;

type OnPayload = (payload: string) => void;

/**
 * What the database's notifications (`pg_notify(channel, payload)`) tell this process. A
 * notification arrives once its transaction commits, never for one that rolls back.
 *
 * Embedded (PGlite), every writer lives in this process and the engine calls the listeners before
 * the writer's own call returns. On PostgreSQL one connection of its own, outside the pool, listens
 * for the process; if the server ends it, the listener connects again (waiting longer each time it
 * fails, up to 30 s) and listens anew. What is notified while it is away is not heard: a caller
 * that must not miss work keeps a pass of its own that finds it.
 */
export type DatabaseListener = {
  /**
   * Hears `channel` from now on. Resolves once listening; on PostgreSQL, also when the connection
   * could not be made (onError is told, and it keeps trying).
   */
  listen(channel: string, onPayload: OnPayload): Promise<void>;
  /** Stops listening and lets the connection go; nothing is heard afterwards. */
  close(): Promise<void>;
};

export function createDatabaseListener(
  database: Pick<DatabaseHandle, 'kind' | 'pglite' | 'connectionString'>,
  options: { onError: (error: Error) => void },
): DatabaseListener {
  if (database.pglite) return createEmbeddedListener(database.pglite);
  if (!database.connectionString)
    throw new Error('database listener: PostgreSQL without a connection string');
  return createPostgresListener(database.connectionString, options.onError);
}

function createEmbeddedListener(pglite: NonNullable<DatabaseHandle['pglite']>): DatabaseListener {
  const stops: Array<() => Promise<void>> = [];
  let isClosed = false;
  return {
    async listen(channel, onPayload) {
      if (isClosed) return;
      const stop = await pglite.listen(channel, (payload) => {
        if (!isClosed) onPayload(payload);
      });
      stops.push(stop);
    },
    async close() {
      isClosed = true;
      // A closed engine has no listeners left to remove.
      if (!pglite.closed) await Promise.all(stops.map((stop) => stop()));
      stops.length = 0;
    },
  };
}

function createPostgresListener(connectionString: string, onError: (error: Error) => void): DatabaseListener {
  const channels = new Map<string, OnPayload[]>();
  /** The connection listening now, and the channels it listens to. */
  let current: { client: pg.Client; heard: Set<string> } | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = RECONNECT_DELAY_MS_MIN;
  let isClosed = false;

  const asError = (caught: unknown) => (caught instanceof Error ? caught : new Error(String(caught)));

  function deliver(message: pg.Notification): void {
    if (isClosed) return;
    for (const onPayload of channels.get(message.channel) ?? []) onPayload(message.payload ?? '');
  }

  /** The connection is gone (or failed to listen): the next one is made after a wait. */
  function lose(client: pg.Client): void {
    client.end().catch(() => undefined);
    if (current?.client !== client) return;
    current = null;
    scheduleConnect();
  }

  function scheduleConnect(): void {
    if (isClosed || retry || connecting || current) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_DELAY_MS_MAX);
  }

  /** LISTENs on every channel known that the connection does not listen to yet. */
  async function listenAll(connection: { client: pg.Client; heard: Set<string> }): Promise<void> {
    for (const channel of channels.keys()) {
      if (connection.heard.has(channel)) continue;
      connection.heard.add(channel);
      await connection.client.query(`listen ${connection.client.escapeIdentifier(channel)}`);
    }
  }

  function connect(): Promise<void> {
    if (isClosed || current) return Promise.resolve();
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('notification', deliver);
      client.on('error', (error) => {
        onError(error);
        lose(client);
      });
      client.on('end', () => lose(client));
      try {
        await client.connect();
        const connection = { client, heard: new Set<string>() };
        await listenAll(connection);
        if (isClosed) {
          await client.end();
          return;
        }
        current = connection;
        delayMs = RECONNECT_DELAY_MS_MIN;
      } catch (error) {
        onError(asError(error));
        client.end().catch(() => undefined);
      } finally {
        connecting = null;
      }
      // A channel added while the connection was made, or a failed attempt's next try.
      if (current) await listenAll(current).catch((error: unknown) => fail(asError(error)));
      else scheduleConnect();
    })();
    return connecting;
  }

  function fail(error: Error): void {
    onError(error);
    if (current) lose(current.client);
  }

  return {
    async listen(channel, onPayload) {
      if (isClosed) return;
      const listeners = channels.get(channel);
      if (listeners) {
        listeners.push(onPayload);
        return;
      }
      channels.set(channel, [onPayload]);
      if (connecting) await connecting;
      else if (!current && !retry) await connect();
      else if (current) await listenAll(current).catch((error: unknown) => fail(asError(error)));
    },
    async close() {
      isClosed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      await connecting;
      const last = current;
      current = null;
      await last?.client.end().catch(() => undefined);
    },
  };
}
