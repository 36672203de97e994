import type { paths } from '@panalo/api-types/openapi.d.ts';
import { type SealedPayload, sealPayload } from '@panalo/crypto/sealed-payload.ts';
import createClient, { type Middleware } from 'openapi-fetch';
import { type Envelope, sendForEnvelope } from './api-client.ts';
import { announceSessionEnded, readSessionToken } from './session.ts';

/** A refused /bo call, carrying the server's stable code, its translated message and value. */
export class BackOfficeError extends Error {
  readonly code: string;
  readonly value: unknown;

  constructor(code: string, message: string, value?: unknown) {
    super(message);
    this.name = 'BackOfficeError';
    this.code = code;
    this.value = value;
  }

  /** The server's per-field problems of a VALIDATION answer, if any, as translated messages. */
  get fields(): Record<string, string> {
    return recordOf(this.value, 'fields');
  }

  /** The machine-readable reason of each field the server named by one ('taken', 'length'). */
  get reasons(): Record<string, string> {
    return recordOf(this.value, 'reasons');
  }
}

function recordOf(value: unknown, name: 'fields' | 'reasons'): Record<string, string> {
  const record = (value as Record<string, unknown> | undefined)?.[name];
  return typeof record === 'object' && record !== null ? (record as Record<string, string>) : {};
}

/** Builds a query string from the filled-in values only. */
function queryString(values: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return query.toString();
}

/**
 * The back office's one client: paths, parameters, bodies and answers are typed by the server's
 * OpenAPI document (packages/api-types), so a route the screens do not follow fails the type check.
 * Every answer reaches it as an envelope (api-client.ts): a success is its `data`, anything else,
 * a network failure included, its `error`. /bo calls carry the operator's token.
 */
export const backOffice = createClient<paths>({
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  querySerializer: queryString,
  fetch: async (request) => {
    const token = readSessionToken();
    if (token && !request.headers.has('Authorization') && new URL(request.url).pathname.startsWith('/bo/')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    const envelope = await sendForEnvelope(request);
    return Response.json(envelope, { status: envelope.success ? 200 : 400 });
  },
});

/** What a typed call answers: the success envelope as its data, or a failed one as its error. */
type Answer<Data extends { value: unknown }> = Promise<{ data?: Data; error?: unknown }>;

/** The answer of a typed call as an envelope, failures included, for screens that show them itself. */
export async function envelopeOf<Data extends { value: unknown }>(
  call: Answer<Data>,
): Promise<Envelope<Data['value']>> {
  const { data, error } = await call;
  return data ? { success: true, value: data.value } : (error as Envelope<never>);
}

/**
 * The value of a typed call's answer; a refusal throws a BackOfficeError, so that TanStack Query's
 * error state carries the server's code and message.
 */
export async function unwrap<Data extends { value: unknown }>(call: Answer<Data>): Promise<Data['value']> {
  const answer = await envelopeOf(call);
  if (answer.success) return answer.value;
  // The session ended (idle, locked, signed out elsewhere): back to the sign-in.
  if (answer.code === 'NOT_LOGGED_IN') announceSessionEnded();
  throw new BackOfficeError(answer.code, answer.message, answer.value);
}

/** The success value of a route's answer, as the OpenAPI document describes it. */
export type ValueOf<
  Path extends keyof paths,
  Method extends 'get' | 'post' | 'put' | 'delete' = 'get',
> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': { value: infer Value } } } };
}
  ? Value
  : never;

/** The JSON body a route takes, as the OpenAPI document describes it. */
export type BodyOf<
  Path extends keyof paths,
  Method extends 'post' | 'put' = 'post',
> = paths[Path][Method] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The parts of a typed call that send one file as multipart form data (an upload route). */
export function fileUpload(file: File): { middleware: Middleware[] } {
  const form = new FormData();
  form.append('file', file);
  // The routes take no JSON body, so the form replaces the empty one; the browser sets its boundary.
  return { middleware: [{ onRequest: ({ request }) => new Request(request, { body: form }) }] };
}

/** Seals a body carrying a password or a code for the server (API.md "Encrypted payloads"). */
export async function sealForServer(body: unknown): Promise<Envelope<SealedPayload>> {
  const key = await envelopeOf(backOffice.GET('/wps/system/publicKey'));
  if (!key.success) return key;
  try {
    return { success: true, value: await sealPayload(body, key.value) };
  } catch {
    return {
      success: false,
      code: 'ENCRYPTION_UNAVAILABLE',
      message: 'This browser cannot encrypt the request. Use HTTPS or localhost in a current browser.',
    };
  }
}

/**
 * The body of a typed call, typed as the route takes it and sent sealed: `sealed` is what
 * sealForServer made of it.
 */
export function sealedBody<Body>(body: Body, sealed: SealedPayload) {
  return { body, bodySerializer: () => JSON.stringify(sealed) };
}

/** Like sealedBody, sealing first; a browser that cannot seal throws a BackOfficeError. */
export async function sealBody<Body>(body: Body) {
  const sealed = await sealForServer(body);
  if (!sealed.success) throw new BackOfficeError(sealed.code, sealed.message);
  return sealedBody(body, sealed.value);
}
