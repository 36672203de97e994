import { type RsaPublicJwk, sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { type Envelope, requestEnvelope } from './api-client.ts';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function unwrap<Value>(answer: Envelope<Value>): Value {
  if (answer.success) return answer.value;
  // The session ended (idle, locked, signed out elsewhere): back to the sign-in.
  if (answer.code === 'NOT_LOGGED_IN') announceSessionEnded();
  throw new BackOfficeError(answer.code, answer.message, answer.value);
}

/**
 * Calls a /bo route with the operator's token and answers its value; a refusal throws a
 * BackOfficeError, so that TanStack Query's error state carries the server's code and message.
 */
export async function callBackOffice<Value>(path: string, init: { method?: Method; body?: unknown } = {}) {
  return unwrap(await requestEnvelope<Value>(path, { ...init, token: readSessionToken() }));
}

/**
 * Sends one file as multipart form data to a /bo upload route with the operator's token; the
 * server checks it by content. Answers the route's value, or throws a BackOfficeError.
 */
export async function uploadToBackOffice<Value>(path: string, file: File): Promise<Value> {
  const form = new FormData();
  form.append('file', file);
  const token = readSessionToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new BackOfficeError('UNREACHABLE', 'The server could not be reached. Try again.');
  }
  const answer = (await response.json().catch(() => null)) as Envelope<Value> | null;
  if (!answer) throw new BackOfficeError('UNREACHABLE', `The server answered ${response.status}.`);
  return unwrap(answer);
}

/** Seals a body carrying a password or a code for the server (API.md "Encrypted payloads"). */
export async function sealForServer(
  body: unknown,
): Promise<Envelope<Awaited<ReturnType<typeof sealPayload>>>> {
  const key = await requestEnvelope<{ kid: string; jwk: RsaPublicJwk }>('/wps/system/publicKey');
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

/** Like callBackOffice, with the body sealed first. */
export async function callBackOfficeSealed<Value>(path: string, body: unknown): Promise<Value> {
  const sealed = await sealForServer(body);
  if (!sealed.success) throw new BackOfficeError(sealed.code, sealed.message);
  return callBackOffice<Value>(path, { method: 'POST', body: sealed.value });
}

/** Builds a query string from the filled-in values only. */
export function toQueryString(values: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
