/**
 * Every failure a client may react to has a stable code (../shared API.md, "Envelope").
 * The HTTP status is a property of the code, so a code always answers with the same status.
 */
export const ERROR_STATUS = {
  MALFORMED: 400,
  ENCRYPTION_REQUIRED: 400,
  KEY_ROTATED: 400,
  NOT_LOGGED_IN: 401,
  TRIAL_ACCOUNT: 403,
  NON_MEMBER: 403,
  NON_AGENT: 403,
  FEATURE_DISABLED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  FORBIDDEN: 403,
  ACCOUNT_LOCKED: 403,
  SELF_EXCLUDED: 403,
  PAYMENT_PASSWORD_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GAME_MAINTENANCE: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  BAD_CREDENTIALS: 422,
  CAPTCHA_REQUIRED: 422,
  CAPTCHA_INVALID: 422,
  VERIFICATION_REQUIRED: 422,
  SMS_CODE_INVALID: 422,
  SMS_CODE_EXPIRED: 422,
  INVITATION_CODE_INVALID: 422,
  SOCIAL_LOGIN_FAILED: 422,
  INSUFFICIENT_FUNDS: 422,
  LIMIT_REACHED: 422,
  PAYMENT_PASSWORD_INVALID: 422,
  TURNOVER_REQUIRED: 422,
  RATE_LIMITED: 429,
  SMS_TOO_MANY: 429,
  UNKNOWN: 500,
  MAINTENANCE: 503,
  PAYMENT_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type AppErrorOptions = {
  /** Extra data for the client, sent as the envelope's `value`. */
  value?: Record<string, unknown>;
  /** Parameters for the translated message (e.g. { min: 6, max: 20 }). */
  params?: Record<string, string | number>;
  /** Seconds the client should wait; sent as Retry-After. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

/** An expected failure. The envelope turns it into `code`, a translated `message` and `value`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly value: Record<string, unknown> | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.value = options.value;
    this.params = options.params;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
