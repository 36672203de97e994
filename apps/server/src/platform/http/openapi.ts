import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorEnvelope } from './envelope.ts';

/** The OpenAPI document at /docs/json and its viewer at /docs; every route's schema feeds it. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ErrorEnvelope);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Panalo API',
        version: '1.0.0',
        description:
          'Player and agent calls (/wps, /lgw), back office (/bo), seamless wallet (/wallet/v1), payment callbacks (/pay).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
