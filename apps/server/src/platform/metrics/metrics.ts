import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { createRequestMetrics } from './request-metrics.ts';

/** The app's own metrics; a fresh set per app, so that tests can build several apps. */
export type Metrics = {
  /** The process's metrics and any other module's (socket counts, say). */
  registry: Registry;
  /** Everything, requests included, in the Prometheus text format. */
  render(): Promise<string>;
};

/** Label for requests no route matched, so that scanners' random URLs cannot explode the label set. */
export const UNMATCHED_ROUTE = '(unmatched)';
// Seconds; from a cached lookup to a slow report.
const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Event-loop delay sampling resolution; finer costs CPU for no decision an operator makes. */
const EVENT_LOOP_RESOLUTION_MS = 20;

/**
 * Counts and times every HTTP request by method, route pattern (never the raw URL, which carries
 * ids and query strings) and status, and collects the process's default metrics, event-loop delay
 * among them. GET /metrics (http/ops/metrics.routes.ts) renders both.
 */
export function installMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  const requests = createRequestMetrics(DURATION_BUCKETS_SECONDS);

  // A callback hook: an async one costs a promise and a microtask turn on every request.
  app.addHook('onResponse', (request, reply, done) => {
    requests.record(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  return {
    registry,
    async render() {
      return `${await registry.metrics()}\n${requests.render()}`;
    },
  };
}
