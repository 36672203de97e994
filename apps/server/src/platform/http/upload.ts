import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/errors.ts';
import { addPreValidationFirst, takesBody } from './route-hooks.ts';
import { findControlCharacters } from './validation.ts';

/**
 * Limits of every multipart request (app.ts registers @fastify/multipart with them): one file and a
 * few short fields. A route asks for its own, smaller file size through readUploadedFile.
 */
export const MULTIPART_LIMITS = {
  files: 1,
  fields: 10,
  fieldNameSize: 100,
  fieldSize: 2 * 1024,
  parts: 12,
  headerPairs: 50,
  fileSize: 5 * 1024 * 1024,
} as const;

/**
 * The body schema of an upload route, for the OpenAPI document: the handler reads the form part by
 * part (readUploadedFile), so there is no parsed body for Fastify to check, and the validator
 * compiler lets a multipart body through unchecked (validation.ts).
 */
export function multipartBody<Form extends object>(form: Form) {
  return { content: { 'multipart/form-data': { schema: form } } };
}

export type UploadedFile = {
  data: Buffer;
  /** The name the client gave; shown to people, never used to decide the content type. */
  fileName: string;
  /** The form's other (text) fields, sent before the file part. */
  fields: Record<string, string>;
};

/**
 * Reads the one file of a multipart request into memory, refusing more than maxBytes
 * (413 PAYLOAD_TOO_LARGE) and a request that is not multipart or has no file (400 MALFORMED).
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('MALFORMED');
  // Whatever goes wrong while the form is read (no boundary, a part cut short, too many parts) is
  // the sender's broken body, never our failure: 413 for too much, 400 MALFORMED for the rest.
  const refusalOf = (error: unknown) =>
    (error as { statusCode?: number }).statusCode === 413
      ? new AppError('PAYLOAD_TOO_LARGE', { value: { maxBytes } })
      : new AppError('MALFORMED', { cause: error });
  let read: { data: Buffer; part: NonNullable<Awaited<ReturnType<FastifyRequest['file']>>> };
  try {
    const part = await request.file({ limits: { fileSize: Math.min(maxBytes, MULTIPART_LIMITS.fileSize) } });
    if (!part) throw new AppError('MALFORMED');
    read = { data: await part.toBuffer(), part };
  } catch (error) {
    throw error instanceof AppError ? error : refusalOf(error);
  }
  const { data, part } = read;
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const first = Array.isArray(field) ? field[0] : field;
    if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  // A form's fields meet no schema, so they get the schemas' control-character check here.
  const refused = findControlCharacters({ ...fields, file: part.filename });
  if (refused.length > 0) {
    const names = refused.map((path) => path.slice(1));
    throw new AppError('VALIDATION', {
      value: { fields: Object.fromEntries(names.map((name) => [name, 'format'])) },
    });
  }
  return { data, fileName: part.filename, fields };
}

/**
 * Only routes that declare `consumes: ['multipart/form-data']` take a multipart body; anywhere else
 * it is a body of the wrong type (400 MALFORMED), as a JSON route answers any other. The check is
 * put on each route that reads a body and takes no upload; GET and HEAD bodies are never parsed.
 * It reads the header itself: outside the uploads' context (app.ts) no multipart parser exists and
 * the body is refused before any hook, inside it the JSON routes beside the uploads need this check.
 * Must be installed before any route is registered.
 */
export function installUploadGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const consumes = (route.schema as { consumes?: readonly string[] } | undefined)?.consumes;
    if (!takesBody(route) || consumes?.includes('multipart/form-data')) return;
    addPreValidationFirst(route, refuseMultipart);
  });
}

const MULTIPART_TYPE_PATTERN = /^\s*multipart\//i;

function refuseMultipart(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const type = request.headers['content-type'];
  done(type !== undefined && MULTIPART_TYPE_PATTERN.test(type) ? new AppError('MALFORMED') : undefined);
}
