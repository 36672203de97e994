import type { paths } from '@panalo/api-types/openapi.d.ts';
import type { MaybeOptionalInit } from 'openapi-fetch';
import { readDeviceId } from '../device-id';
import { ApiError } from './api-error';
import { takeBootResponse } from './boot-prefetch';
import { useConnectionNotices } from './connection-notices';

/** After this long a call is still answered, but the user is told the page is slow (spec §8). */
export const slowRequestMs = 8_000;
/** A call that has not answered after this long is abandoned. */
export const requestTimeoutMs = 60_000;

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

type Envelope =
  | { success: true; value: unknown }
  | { success: false; code: string; message: string; value?: unknown };

let readToken: () => string | null = () => null;

/** The session store hands the client a way to read the token, so lib/api does not depend on it. */
export function setTokenReader(reader: () => string | null): void {
  readToken = reader;
}

let onSessionEnded: () => void = () => undefined;

/** Told when a call made with a token answers NOT_LOGGED_IN: the session is over (spec §4). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** The query string of a call: empty values are left out (URLSearchParams' encoding, as the boot script's). */
function searchOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const text = searchOf(query);
  return text ? `${path}?${text}` : path;
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean'
  );
}

/** The address the app would have built for a request, the key of the boot script's answers. */
function addressOf(url: string): string {
  const origin = typeof window === 'undefined' ? undefined : window.location?.origin;
  return origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/**
 * Sends a built call. A first call the page's boot script has already made (boot-prefetch.ts) is
 * not made twice.
 */
async function send(request: Request): Promise<Response> {
  if (request.method === 'GET') {
    const authorization = request.headers.get('Authorization');
    const token = authorization ? authorization.slice('Bearer '.length) : null;
    const prefetched = takeBootResponse(addressOf(request.url), token);
    if (prefetched) return prefetched;
  }
  return fetch(request);
}

/**
 * The request of a call: the route's `{name}` segments filled from its path parameters, its query
 * (empty values left out) and a JSON body, or a form as it is. The call's types come from the
 * OpenAPI document through openapi-fetch's types (ApiArgs below); the few lines that build the
 * request are ours, which keeps openapi-fetch's runtime out of the first page load.
 */
function requestOf(
  method: HttpVerb,
  path: string,
  init: CallInit,
  headers: Record<string, string>,
  signal: AbortSignal,
): Request {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(init.params?.path?.[name] ?? '')),
  );
  const base = typeof window === 'undefined' ? undefined : window.location?.href;
  const address = new URL(buildUrl(filled, init.params?.query), base).href;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['Content-Type'] = 'application/json';
  }
  return new Request(address, { method, headers, body, signal, credentials: 'same-origin' });
}

type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as the wire takes it, before the types of its route are applied (api, sealed-request). */
export type CallInit = {
  params?: { query?: Record<string, QueryValue>; path?: Record<string, string | number> };
  body?: unknown;
  signal?: AbortSignal;
};

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the server and unwraps the envelope: success gives the value, failure throws ApiError with
 * the server's code; a network failure throws code NETWORK and shows the network notice.
 */
export async function callApi<Value>(method: HttpVerb, path: string, init: CallInit = {}): Promise<Value> {
  const callerSignal = init.signal;
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', abortFromCaller, { once: true });
  let timedOut = false;
  const slowTimer = setTimeout(() => useConnectionNotices.getState().report('slow'), slowRequestMs);
  const timeoutTimer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Device-Id': readDeviceId() };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    let response: Response;
    let body: unknown;
    try {
      // Text, read here: a body that is not JSON is a BAD_RESPONSE, not a thrown SyntaxError.
      response = await send(requestOf(method, path, init, headers, controller.signal));
      const text = await response.text();
      body = response.ok ? parseJson(text) : (parseJson(text) ?? text);
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      useConnectionNotices.getState().report(timedOut ? 'slow' : 'network');
      throw new ApiError({
        code: timedOut ? 'TIMEOUT' : 'NETWORK',
        message: timedOut ? 'Page took longer to load' : 'Network link abnormal',
        status: 0,
      });
    }
    if (!isEnvelope(body)) {
      throw new ApiError({
        code: response.status === 404 ? 'NOT_FOUND' : 'BAD_RESPONSE',
        message: response.statusText || 'Unexpected response',
        status: response.status,
      });
    }
    if (!body.success) {
      if (body.code === 'NOT_LOGGED_IN' && token) onSessionEnded();
      throw new ApiError({
        code: body.code,
        message: body.message,
        status: response.status,
        value: body.value,
      });
    }
    // The value's shape is the route's 200 answer in the OpenAPI document (api below).
    return body.value as Value;
  } finally {
    clearTimeout(slowTimer);
    clearTimeout(timeoutTimer);
    callerSignal?.removeEventListener('abort', abortFromCaller);
  }
}

/** An untyped call to any address (an absolute one too); the app's calls go through api below. */
export function requestApi<Value>(path: string, request: ApiRequest = {}): Promise<Value> {
  return callApi<Value>(request.method ?? 'GET', path, {
    params: { query: request.query },
    body: request.body,
    signal: request.signal,
  });
}

// The typed client: paths, parameters, bodies and answers come from the server's OpenAPI document
// (packages/api-types), so a change of a route that the app does not follow fails the type check.

type Method = 'get' | 'post' | 'put' | 'delete';

/** The routes that answer a method. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** The success value of an operation's 200 answer (the envelope's `value`). */
export type OkValue<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': { value: infer Value } } } };
}
  ? Value
  : never;

/** The value `path` answers to `method`. */
export type ApiValue<P extends keyof paths, M extends Method> = OkValue<paths[P][M]>;

/** The request body `path` takes for `method`. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The query `path` takes for `method`. */
export type ApiQuery<P extends keyof paths, M extends Method> = paths[P][M] extends {
  parameters: { query?: infer Query };
}
  ? Query
  : never;

/** A call's parameters and body as its route declares them; optional when nothing in them is required. */
export type ApiInit<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
export type ApiArgs<P extends keyof paths, M extends Method> =
  undefined extends ApiInit<P, M> ? [init?: ApiInit<P, M>] : [init: ApiInit<P, M>];

/** The one client of the app: `api.get('/wps/…', { params: { query }, signal })` answers the value. */
export const api = {
  get: <P extends PathsWith<'get'>>(path: P, ...[init]: ApiArgs<P, 'get'>) =>
    callApi<ApiValue<P, 'get'>>('GET', path, init as CallInit),
  post: <P extends PathsWith<'post'>>(path: P, ...[init]: ApiArgs<P, 'post'>) =>
    callApi<ApiValue<P, 'post'>>('POST', path, init as CallInit),
  put: <P extends PathsWith<'put'>>(path: P, ...[init]: ApiArgs<P, 'put'>) =>
    callApi<ApiValue<P, 'put'>>('PUT', path, init as CallInit),
  delete: <P extends PathsWith<'delete'>>(path: P, ...[init]: ApiArgs<P, 'delete'>) =>
    callApi<ApiValue<P, 'delete'>>('DELETE', path, init as CallInit),
};
