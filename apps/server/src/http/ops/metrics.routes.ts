import { Type } from 'typebox';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';

/**
 * GET /metrics in Prometheus text format; outside the envelope by design. Deployments that must not
 * expose it publicly block the path at the load balancer (API.md, "Prefixes").
 */
export function registerMetricsRoutes(app: TypedApp, deps: { metrics: Metrics }): void {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        summary: 'Prometheus metrics of this process',
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      const text = await deps.metrics.render();
      return reply.type(deps.metrics.registry.contentType).send(text);
    },
  );
}
