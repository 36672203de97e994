/**
 * The lite app's install token (docs/lite-app.md "The app-download bonus"), kept by its service
 * worker (service-worker.ts). The worker asks the server for a token the first time a page of the
 * installed app asks (a visit in a browser tab never does, so only installed apps hold one), and
 * keeps it in a cache of its own; a page of the installed app asks the worker
 * for it with a message and sends it with the member's first login from the app
 * (app-launch.ts). The token is only ever sent in a request's body or kept here, never in an address.
 *
 * The worker imports this file, and the pages import only its types: the worker is built as one file
 * without imports (build/service-worker-plugin.ts), which code shared with the pages would break.
 */

/**
 * The worker's cache for the token. Its name must not start with the shell cache's prefix
 * (`panalo-shell-`): the worker's activation deletes those of other builds, and the token outlives
 * builds.
 */
export const INSTALL_CACHE_NAME = 'panalo-install';

/**
 * The route that issues a token, and the key the token is kept under in that cache. The worker
 * never answers a request under /wps from any cache (cache-rules.ts), so the kept token can never
 * be served as that route's answer.
 */
export const INSTALL_TOKEN_URL = '/wps/app/install';

/** The type of a page's message asking for the token. */
export const INSTALL_TOKEN_MESSAGE = 'install-token';

/** The longest token the server issues; anything longer, or empty, is not a token. */
const TOKEN_LENGTH_MAX = 100;
/** What the server accepts in X-Device-Id (lib/device-id.ts); anything else is not sent. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** A page's question waits at most this long for a token to be issued. */
const ISSUE_TIMEOUT_MS = 10_000;

/** A page's message to the worker, sent with a MessagePort for the answer. */
export type InstallTokenRequest = { type: typeof INSTALL_TOKEN_MESSAGE; deviceId?: string | null };
/** The worker's answer on that port: the token, or null when it has none and could get none. */
export type InstallTokenAnswer = { token: string | null };

/** The few methods of a Cache (Cache Storage) the keeper uses. */
export type TokenCache = {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
};

export type InstallTokenDeps = {
  openCache: () => Promise<TokenCache>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
};

export type InstallTokenKeeper = {
  /** The kept token, else a new one issued and kept; null when neither can be had. Never rejects. */
  read(deviceId?: string | null): Promise<string | null>;
};

export function isInstallToken(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= TOKEN_LENGTH_MAX;
}

/** The token in the server's answer, `{ success: true, value: { token } }`, or null. */
function tokenOfAnswer(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { success, value } = body as { success?: unknown; value?: unknown };
  if (success !== true || typeof value !== 'object' || value === null) return null;
  const { token } = value as { token?: unknown };
  return isInstallToken(token) ? token : null;
}

function timeoutSignal(): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ISSUE_TIMEOUT_MS) : undefined;
}

/**
 * Keeps the install token. Questions that arrive while a token is being issued (two pages of the
 * app opened together) share that one request, so that a device is issued one token.
 */
export function createInstallTokenKeeper(deps: InstallTokenDeps): InstallTokenKeeper {
  let issuing: Promise<string | null> | null = null;

  async function keptToken(): Promise<string | null> {
    const cache = await deps.openCache();
    const kept = await cache.match(INSTALL_TOKEN_URL);
    const token = kept ? await kept.text() : null;
    return isInstallToken(token) ? token : null;
  }

  async function issue(deviceId: string | null): Promise<string | null> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (deviceId !== null && DEVICE_ID_PATTERN.test(deviceId)) headers['X-Device-Id'] = deviceId;
    const response = await deps.fetch(INSTALL_TOKEN_URL, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: timeoutSignal(),
    });
    if (!response.ok) return null;
    const token = tokenOfAnswer(await response.json());
    if (token === null) return null;
    try {
      const cache = await deps.openCache();
      await cache.put(INSTALL_TOKEN_URL, new Response(token, { headers: { 'Content-Type': 'text/plain' } }));
    } catch {
      // A full or refused cache keeps nothing: the token still answers this question, and the next
      // one asks for a new token.
    }
    return token;
  }

  return {
    async read(deviceId = null) {
      try {
        const kept = await keptToken();
        if (kept !== null) return kept;
        issuing ??= issue(deviceId).finally(() => {
          issuing = null;
        });
        return await issuing;
      } catch {
        return null;
      }
    },
  };
}

export function isInstallTokenRequest(data: unknown): data is InstallTokenRequest {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === INSTALL_TOKEN_MESSAGE
  );
}

/** The part of a message event the worker reads: its data and the port to answer on. */
type TokenMessage = {
  data: unknown;
  ports: readonly { postMessage(answer: InstallTokenAnswer): void }[];
};

/**
 * Answers a page's question for the token on the port it sent, `{ token }` (null on any failure).
 * Anything else, or a question without a port, is not answered: null instead of the answer's promise.
 */
export function answerInstallTokenMessage(
  message: TokenMessage,
  keeper: InstallTokenKeeper,
): Promise<void> | null {
  const { data } = message;
  const port = message.ports[0];
  if (!isInstallTokenRequest(data) || !port) return null;
  const deviceId = typeof data.deviceId === 'string' ? data.deviceId : null;
  return keeper.read(deviceId).then((token) => port.postMessage({ token }));
}
