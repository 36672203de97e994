import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import { type Namespace, Server } from 'socket.io';

/** Who a socket belongs to, as the session behind its token says. */
export type SocketIdentity = { userId: string; merchantId: string };

/**
 * Resolves a handshake token to its user, or null when the token is unknown or its session ended.
 * Handed in by app.ts: sessions are a module's business, and platform code never imports modules.
 */
export type SocketTokenResolver = (token: string) => Promise<SocketIdentity | null>;

/** Server → client events (API.md "Socket events"). */
export type ServerToClientEvents = {
  balance: (payload: { balance: string; currencySymbol: string }) => void;
  message: (payload: { id: string; title: string }) => void;
  /**
   * To every member's socket of the merchant: a notice of the marquee was published, changed,
   * unpublished or removed, or began or ended by its schedule. The title is in the merchant's
   * default language (the room holds readers of every language): the page reloads the notices in
   * its own.
   */
  notice: (payload: { id: string; title: string }) => void;
  kick: (payload: { code: string }) => void;
  /** The member's VIP level changed (docs/loyalty.md "VIP"): the level now held, or nulls for none. */
  vip: (payload: {
    rank: number | null;
    label: string | null;
    name: string | null;
    /** The level's name in each language (TY, EN), so a page shows it in the language it is read in. */
    names: Record<string, string> | null;
    direction: 'up' | 'down';
  }) => void;
  /**
   * The reward centre changed for the member: tickets issued for a prize table, or a red-envelope
   * drop opened or ended (docs/red-envelopes.md) with the envelopes left.
   */
  reward: (
    payload:
      | { kind: 'ticket'; tableId: string; tickets: number }
      | { kind: 'envelope'; dropId: string; status: 'open' | 'ended'; left: number },
  ) => void;
  /** Missions of the member became claimable (docs/missions.md "Live progress"), each told once per period. */
  mission: (payload: { missionIds: string[] }) => void;
};
export type RealtimeEvent = keyof ServerToClientEvents;
export type RealtimePayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];

// Clients send nothing yet; the map stays empty so that nothing a client emits reaches a handler.
type ClientToServerEvents = Record<string, never>;
// Between server processes (through Redis when configured): end a user's sockets on every node.
type InterServerEvents = { disconnectUser: (userId: string, code: string) => void };

/** The emitter the rest of the server uses; it reaches the user's sockets on every node. */
export type Realtime = {
  emitToUser<E extends RealtimeEvent>(
    userId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  emitToMerchant<E extends RealtimeEvent>(
    merchantId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sends `kick { code }` to every socket of the user, then disconnects them, on every node. */
  disconnectUser(userId: string, code: string): void;
  /** Sockets connected to this process. */
  localSocketCount(): number;
  /**
   * A namespace of its own (the live chat's `/chat` and `/desk`) on the same server and adapter:
   * its handshake token is resolved by `authenticate` (null refuses it with NOT_LOGGED_IN) and its
   * browser Origin checked against the identity's merchant as on the main namespace. What its
   * clients may emit is the caller's business, each payload checked there.
   */
  openNamespace<Identity extends { merchantId: string }>(
    name: string,
    authenticate: (token: string) => Promise<Identity | null>,
  ): Namespace<
    Record<string, (...args: never[]) => void>,
    Record<string, (...args: never[]) => void>,
    Record<string, never>,
    Identity
  >;
};

export const SOCKET_PATH = '/socket.io';
export const NOT_LOGGED_IN = 'NOT_LOGGED_IN';
/** A browser page on a host that is not one of the socket's merchant's domains. */
export const FORBIDDEN_ORIGIN = 'FORBIDDEN';
const TOKEN_LENGTH_MAX = 512;
/**
 * Clients of the main namespace only listen and the chat's send texts of at most 2000 characters;
 * a small frame limit keeps a misbehaving one from costing memory.
 */
const CLIENT_FRAME_BYTES_MAX = 16 * 1024;
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const userRoom = (userId: string) => `user:${userId}`;
export const merchantRoom = (merchantId: string) => `merchant:${merchantId}`;

/**
 * The merchant whose domain routes name a host, or null. Handed in by app.ts (merchants are a
 * module's business): which origins may open a socket is the merchants' configuration.
 */
export type OriginMerchantResolver = (hostname: string) => Promise<string | null>;

/**
 * A browser's WebSocket sends Origin, and it must be a domain of the socket's own merchant, as its
 * configured domain routes say; never the Host or X-Forwarded-Host of the handshake, which whoever
 * connects chooses. Clients without an Origin (apps, tests) are not browsers and carry no ambient
 * credentials. Outside production a local origin is also let in, for the web app's dev server.
 */
async function isAllowedOrigin(
  origin: string | undefined,
  merchantId: string,
  deps: { resolveOriginMerchant: OriginMerchantResolver; allowLocalOrigins: boolean },
): Promise<boolean> {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (deps.allowLocalOrigins && LOCAL_HOSTNAMES.has(url.hostname)) return true;
  return (await deps.resolveOriginMerchant(url.hostname)) === merchantId;
}

/**
 * Socket.IO on the app's HTTP server at /socket.io, WebSocket transport only. A handshake carries
 * `auth: { token }`; a socket whose token resolves joins `user:<id>` and `merchant:<id>`, any other
 * is refused with the error 'NOT_LOGGED_IN'. With a Redis URL, events and disconnects fan out to
 * every process through @socket.io/redis-adapter, so no sticky sessions are needed.
 */
export function installRealtime(
  app: FastifyInstance,
  deps: {
    resolveToken: SocketTokenResolver;
    resolveOriginMerchant: OriginMerchantResolver;
    redisUrl: string | undefined;
    allowLocalOrigins: boolean;
    registry?: Registry;
    logger: FastifyBaseLogger;
  },
): Realtime {
  const { logger } = deps;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketIdentity>(
    app.server,
    {
      path: SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: CLIENT_FRAME_BYTES_MAX,
    },
  );

  let redisClients: Redis[] = [];
  if (deps.redisUrl) {
    const publisher = new Redis(deps.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    // No ready check on the subscriber: ioredis's INFO probe can meet the adapter's (p)subscribe on a
    // fresh or re-made connection, be refused in subscriber mode and leave the node deaf to the others.
    const subscriber = publisher.duplicate({ enableReadyCheck: false });
    for (const client of [publisher, subscriber]) {
      client.on('error', (error) => logger.warn({ err: error }, 'realtime redis error'));
    }
    redisClients = [publisher, subscriber];
    io.adapter(createAdapter(publisher, subscriber, { key: 'panalo-socket' }));
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_LENGTH_MAX) {
      return next(new Error(NOT_LOGGED_IN));
    }
    try {
      const identity = await deps.resolveToken(token);
      if (!identity) return next(new Error(NOT_LOGGED_IN));
      if (!(await isAllowedOrigin(socket.handshake.headers.origin, identity.merchantId, deps))) {
        return next(new Error(FORBIDDEN_ORIGIN));
      }
      socket.data = identity;
      return next();
    } catch (error) {
      // A failing session store is not a logged-out user: the client must not drop its token.
      logger.error({ err: error }, 'socket token resolution failed');
      return next(new Error('UNKNOWN'));
    }
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), merchantRoom(socket.data.merchantId)]);
  });

  function disconnectLocally(userId: string, code: string): void {
    const room = userRoom(userId);
    // On one process the kick is queued on each socket before its close, so it arrives first.
    io.local.to(room).emit('kick', { code });
    io.local.in(room).disconnectSockets(true);
  }
  io.on('disconnectUser', disconnectLocally);

  if (deps.registry) {
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Socket.IO connections open on this process',
      registers: [deps.registry],
      collect() {
        this.set(io.engine.clientsCount);
      },
    });
  }

  // Open WebSockets would keep the HTTP server from closing, so they go before it does …
  const namespaces: Namespace[] = [];
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    for (const namespace of namespaces) namespace.local.disconnectSockets(true);
  });
  // … and the adapter and Redis connections after the in-flight requests have finished.
  app.addHook('onClose', async () => {
    await io.close();
    await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  });

  return {
    openNamespace<Identity extends { merchantId: string }>(
      name: string,
      authenticate: (token: string) => Promise<Identity | null>,
    ) {
      const namespace = io.of(name) as unknown as Namespace<
        Record<string, (...args: never[]) => void>,
        Record<string, (...args: never[]) => void>,
        Record<string, never>,
        Identity
      >;
      namespaces.push(namespace as unknown as Namespace);
      namespace.use(async (socket, next) => {
        const token: unknown = socket.handshake.auth?.token;
        if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_LENGTH_MAX) {
          return next(new Error(NOT_LOGGED_IN));
        }
        try {
          const identity = await authenticate(token);
          if (!identity) return next(new Error(NOT_LOGGED_IN));
          if (!(await isAllowedOrigin(socket.handshake.headers.origin, identity.merchantId, deps))) {
            return next(new Error(FORBIDDEN_ORIGIN));
          }
          socket.data = identity;
          return next();
        } catch (error) {
          logger.error({ err: error, namespace: name }, 'socket token resolution failed');
          return next(new Error('UNKNOWN'));
        }
      });
      return namespace;
    },
    emitToUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
    emitToMerchant(merchantId, event, ...payload) {
      io.to(merchantRoom(merchantId)).emit(event, ...payload);
    },
    disconnectUser(userId, code) {
      disconnectLocally(userId, code);
      io.serverSideEmit('disconnectUser', userId, code);
    },
    localSocketCount() {
      return io.engine.clientsCount;
    },
  };
}
