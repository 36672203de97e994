import { sql } from 'kysely';
import { Type } from 'typebox';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { TypedApp } from '../../platform/http/typed.ts';

const READY_TIMEOUT_MS = 2_000;

/** Liveness and readiness for load balancers and orchestrators; outside the envelope by design. */
export function registerOpsRoutes(app: TypedApp, deps: { database: DatabaseHandle }): void {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        summary: 'The process is alive',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'The database answers',
        response: {
          200: Type.Object({ status: Type.Literal('ready'), database: Type.String() }),
          503: Type.Object({ status: Type.Literal('unavailable'), database: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          sql`select 1`.execute(deps.database.db),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)),
        ]);
        return { status: 'ready' as const, database: deps.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: deps.database.kind });
      }
    },
  );
}
