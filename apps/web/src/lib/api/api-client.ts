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

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean'
  );
}

/**
 * Calls the server and unwraps the envelope: success gives the value, failure throws ApiError with
 * the server's code; a network failure throws code NETWORK and shows the network notice.
 */
export async function requestApi<Value>(path: string, request: ApiRequest = {}): Promise<Value> {
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', abortFromCaller, { once: true });
  let timedOut = false;
  const slowTimer = setTimeout(() => useConnectionNotices.getState().report('slow'), slowRequestMs);
  const timeoutTimer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Device-Id': readDeviceId() };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A form with a file goes as multipart, its boundary set by the browser.
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      const url = buildUrl(path, request.query);
      // A first call the page's boot script has already made (boot-prefetch.ts) is not made twice.
      const prefetched = (request.method ?? 'GET') === 'GET' ? takeBootResponse(url, token) : null;
      response = await (prefetched ??
        fetch(url, {
          method: request.method ?? 'GET',
          headers,
          body:
            request.body === undefined
              ? undefined
              : isForm
                ? (request.body as FormData)
                : JSON.stringify(request.body),
          signal: controller.signal,
          credentials: 'same-origin',
        }));
    } catch (error) {
      if (request.signal?.aborted) throw error;
      useConnectionNotices.getState().report(timedOut ? 'slow' : 'network');
      throw new ApiError({
        code: timedOut ? 'TIMEOUT' : 'NETWORK',
        message: timedOut ? 'Page took longer to load' : 'Network link abnormal',
        status: 0,
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
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
    // The caller names the value's shape; the types generated from the server's OpenAPI document back it.
    return body.value as Value;
  } finally {
    clearTimeout(slowTimer);
    clearTimeout(timeoutTimer);
    request.signal?.removeEventListener('abort', abortFromCaller);
  }
}
