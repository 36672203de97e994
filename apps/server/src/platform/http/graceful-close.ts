import type { FastifyInstance } from 'fastify';

/**
 * Lets app.close() finish once in-flight requests are answered. Node closes keep-alive connections
 * that are idle when closing starts, but a connection busy then turns idle afterwards and would hold
 * the server open until the client drops it; so every reply sent while closing ends its connection.
 */
export function installGracefulClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  // A callback hook: it runs on every reply, and an async one would cost a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('Connection', 'close');
    done(null, payload);
  });
}
