import type { RouteOptions } from 'fastify';

type PreValidationHook =
  NonNullable<RouteOptions['preValidation']> extends infer Hook
    ? Hook extends readonly (infer One)[]
      ? One
      : Hook
    : never;

// How many hooks this module has put in front of each route's own, so that the next one goes after
// them: installed in order, they run in order, before anything the route declares itself.
const placed = new WeakMap<RouteOptions, number>();

/**
 * Gives one route a preValidation hook that runs before the route's own, as a global hook would,
 * but only on the routes that need it (call it from an onRoute hook): a global hook runs on every
 * request, the lobby's public reads among them, and costs a promise each time even when it has
 * nothing to do.
 */
export function addPreValidationFirst(route: RouteOptions, hook: PreValidationHook): void {
  const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
  const count = placed.get(route) ?? 0;
  route.preValidation = [...own.slice(0, count), hook, ...own.slice(count)];
  placed.set(route, count + 1);
}

/** Whether any method of the route may carry a body that Fastify parses (all but GET and HEAD). */
export function takesBody(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
}
