import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The app's own metrics registry; a fresh one per app, so that tests can build several apps. */
export type Metrics = {
  registry: Registry;
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
 * among them. GET /metrics (http/ops/metrics.routes.ts) renders the registry.
 */
export function installMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its reply, by method, route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS_SECONDS,
    registers: [registry],
  });

  // One counter and one histogram child per method, route and status, bound once and kept: a
  // label object hashed on every request costs more than the count itself. The key set is bounded
  // by the routes (unmatched URLs share one label) times the methods and statuses they answer.
  type Bound = {
    counter: ReturnType<typeof requests.labels>;
    histogram: ReturnType<typeof durations.labels>;
  };
  const bound = new Map<string, Bound>();
  function boundTo(method: string, route: string, statusCode: number): Bound {
    const key = `${method} ${statusCode} ${route}`;
    let children = bound.get(key);
    if (!children) {
      const labels = { method, route, status_code: String(statusCode) };
      children = { counter: requests.labels(labels), histogram: durations.labels(labels) };
      bound.set(key, children);
    }
    return children;
  }

  // A callback hook: an async one costs a promise and a microtask turn on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const children = boundTo(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode);
    children.counter.inc();
    children.histogram.observe(reply.elapsedTime / 1000);
    done();
  });

  return { registry };
}
