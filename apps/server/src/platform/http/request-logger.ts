import type { FastifyBaseLogger } from 'fastify';

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
