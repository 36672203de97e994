import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger that makes its pino child (the request id bound into every line) only when
 * it first writes a line. pino serialises a child's bindings when the child is made, through the
 * redaction paths; Fastify makes one per request, and with request logging off (production logs
 * at warn) most requests never log, yet that cost showed up in the lobby's profile.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: LevelAware;
  readonly #bindings: Bindings;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: LevelName, args: unknown[]): void {
    // A level the parent does not write costs nothing, as it would on a made child.
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(level) === false) return;
    (this.#made()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory. A route with its own log level or serializers gets a pino child at
 * once, as Fastify's default factory would make it.
 */
export function createRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  if (options && (options.level !== undefined || options.serializers !== undefined)) {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(logger, bindings);
}

/**
 * Query parameters that carry a credential somewhere on the platform or its callers: launch and
 * session tokens (`?token=` of spec §4, a vendor's or an old launch URL), the social-login return
 * (`code`, `state`), password-reset links, one-time codes and tickets, signatures and keys. Their
 * values never reach the log, whatever the route. Compared without case.
 */
export const SENSITIVE_QUERY_PARAMETERS: readonly string[] = [
  'token',
  'launchToken',
  'playerToken',
  'gameToken',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'sessionToken',
  'code',
  'state',
  'ticket',
  'resetPassword',
  'resetToken',
  'password',
  'secret',
  'signature',
  'sign',
  'key',
  'apiKey',
  'api_key',
  'otp',
  'smsCode',
  'verificationCode',
];
const SENSITIVE_NAMES = new Set(SENSITIVE_QUERY_PARAMETERS.map((name) => name.toLowerCase()));
const REDACTED = '[Redacted]';

function isSensitiveName(encodedName: string): boolean {
  let name = encodedName;
  try {
    name = decodeURIComponent(encodedName.replaceAll('+', ' '));
  } catch {
    // A malformed escape is compared as it came.
  }
  return SENSITIVE_NAMES.has(name.trim().toLowerCase());
}

/**
 * A request URL as the log may show it: the value of every sensitive query parameter replaced by
 * `[Redacted]`, the rest of the URL as it came. A URL without a query is returned as it is, so the
 * common case costs one search.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url.slice(start + 1).split('&');
  let changed = false;
  for (let index = 0; index < pairs.length; index += 1) {
    const pair = pairs[index] as string;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (equals !== -1 && isSensitiveName(name)) {
      pairs[index] = `${name}=${REDACTED}`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, start)}?${pairs.join('&')}` : url;
}

/** What the serializer reads of the request Fastify hands it. */
type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host' | 'ip' | 'socket'>;

/**
 * Fastify's request serializer (the `req` of "incoming request" and of any line that logs the
 * request) with the URL's sensitive query values redacted; the fields are Fastify's own.
 */
export function serializeRequest(request: LoggedRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
