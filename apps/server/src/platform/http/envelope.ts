import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { AppError, isAppError } from '../errors/errors.ts';
import type { Language } from '../i18n/language.ts';
import { DEFAULT_LANGUAGE } from '../i18n/language.ts';
import { translate, translateReason, type ValidationKey } from '../i18n/messages.ts';

/** The success half of the envelope: `{ success: true, value }`. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

/** Response schema of a successful envelope around `value`. */
export function Envelope<T extends TSchema>(value: T) {
  return Type.Object({ success: Type.Literal(true), value });
}

/** Response schema of a failed envelope; every route declares it for its error statuses. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.String(),
    message: Type.String(),
    value: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { $id: 'ErrorEnvelope' },
);

type ValidationIssue = {
  instancePath?: string;
  keyword: string;
  params: Record<string, unknown>;
};

const KEYWORD_MESSAGE: Record<string, ValidationKey> = {
  required: 'validation.required',
  type: 'validation.type',
  format: 'validation.format',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMinimum: 'validation.minimum',
  exclusiveMaximum: 'validation.maximum',
  enum: 'validation.enum',
  const: 'validation.enum',
  anyOf: 'validation.enum',
  additionalProperties: 'validation.unknownField',
  pattern: 'validation.pattern',
  controlCharacter: 'validation.format',
  minItems: 'validation.minimum',
  maxItems: 'validation.maximum',
};

/** Turns schema errors into `{ "<field.path>": "<translated message>" }`, first error per field. */
export function validationFields(
  issues: readonly ValidationIssue[],
  context: string | undefined,
  language: Parameters<typeof translate>[0],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
    if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
      segments.push(issue.params.missingProperty);
    }
    if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
      segments.push(issue.params.additionalProperty);
    }
    const field = segments.join('.') || context || 'body';
    if (fields[field] !== undefined) continue;
    const key = KEYWORD_MESSAGE[issue.keyword] ?? 'validation.format';
    const limit = issue.params.limit;
    fields[field] = translate(language, key, {
      min: typeof limit === 'number' ? limit : '',
      max: typeof limit === 'number' ? limit : '',
    });
  }
  return fields;
}

/**
 * The expected failure an error stands for, or undefined when it is unexpected (a bug: UNKNOWN):
 * our own AppErrors, schema failures (VALIDATION, its fields in the request's language) and
 * Fastify's own failures. Scopes that answer in another protocol (payment callbacks) read it too.
 */
export function expectedErrorOf(error: FastifyError, language: Language): AppError | undefined {
  if (isAppError(error)) return error;
  if (error.validation) {
    const fields = validationFields(error.validation, error.validationContext, language);
    return new AppError('VALIDATION', { value: { fields } });
  }
  return appErrorOf(error);
}

/** Maps Fastify's own failures (parsing, size, content type) to our codes. */
function appErrorOf(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError('MALFORMED');
    default:
      break;
  }
  if (error instanceof SyntaxError) return new AppError('MALFORMED');
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (error.statusCode === 415 || error.statusCode === 400) return new AppError('MALFORMED');
  return undefined;
}

/**
 * The one translation step of hand-thrown VALIDATION answers: a field whose message is a known
 * reason token (`{ fields: { username: 'taken' } }`) gets the token's message in the request's
 * language, and the token moves to `value.reasons` (`{ username: 'taken' }`) for clients that decide
 * by it. Messages that are no known token (already translated, or an operator-facing text) pass
 * through, without a reason.
 */
export function translateValidationValue(
  value: Record<string, unknown>,
  language: Language,
): Record<string, unknown> {
  const { fields } = value;
  if (typeof fields !== 'object' || fields === null) return value;
  const translated: Record<string, unknown> = {};
  const reasons: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const text = typeof message === 'string' ? translateReason(language, message) : undefined;
    translated[field] = text ?? message;
    if (text !== undefined) reasons[field] = message as string;
  }
  if (Object.keys(reasons).length === 0) return value;
  return { ...value, fields: translated, reasons };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  const value =
    error.value && error.code === 'VALIDATION'
      ? translateValidationValue(error.value, request.language)
      : error.value;
  return reply.status(error.status).send({
    success: false,
    code: error.code,
    message: translate(request.language, error.code, error.params),
    ...(value ? { value } : {}),
  });
}

/**
 * Installs the error and not-found handlers so that every reply, including Fastify's own failures,
 * has the envelope's shape. Anything unexpected answers UNKNOWN; its detail goes to the log only.
 */
export function installEnvelope(app: FastifyInstance): void {
  // Our JSON routes take JSON only; without this, a text/plain body reached the schema as a string
  // and answered VALIDATION instead of MALFORMED (wrong content type).
  app.removeContentTypeParser('text/plain');
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND')));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = expectedErrorOf(error, request.language);
    if (known) return sendError(request, reply, known);
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, new AppError('UNKNOWN'));
  });
}

/**
 * Fastify's `frameworkErrors` option: failures found before a route is chosen (a broken
 * percent-encoding, a path parameter over the length limit) answer in the envelope too.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('X-Request-Id', request.id);
  // No onRequest hook has run for such a request, so it has no language yet.
  if (!request.language) request.language = DEFAULT_LANGUAGE;
  // No id that long exists, so an over-long path parameter is simply not found.
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'MALFORMED';
  void sendError(request, reply, new AppError(code));
}

/**
 * Fastify's `clientErrorHandler` option: Node could not read the bytes as HTTP (headers over the
 * size limit, a broken request line). There is no request to decorate, so the reply is written by
 * hand, in the envelope and the default language.
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A client too slow to send its headers is not waiting for an answer.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const appError = new AppError(error.code === 'HPE_HEADER_OVERFLOW' ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED');
  const body = JSON.stringify({
    success: false,
    code: appError.code,
    message: translate(DEFAULT_LANGUAGE, appError.code),
  });
  socket.end(
    `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
