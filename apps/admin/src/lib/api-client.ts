/** The reply envelope of every /bo call (API.md). */
export type Envelope<Value> =
  | { success: true; value: Value }
  | { success: false; code: string; message: string; value?: unknown };

/** What the back office shows when the server could not be reached or did not answer in JSON. */
export const UNREACHABLE_CODE = 'UNREACHABLE';

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Sends one request and reads the envelope. A network failure or a reply that is not an envelope
 * becomes a failed envelope too, so that every screen has one shape to show. An upload (multipart)
 * is not cut short: a large file on a slow line may take longer than a call.
 */
export async function sendForEnvelope<Value>(request: Request): Promise<Envelope<Value>> {
  const isUpload = request.headers.get('Content-Type')?.startsWith('multipart/') ?? false;
  let response: Response;
  try {
    response = await fetch(request, isUpload ? {} : { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    return { success: false, code: UNREACHABLE_CODE, message: 'The server could not be reached. Try again.' };
  }
  try {
    const body: unknown = await response.json();
    if (isEnvelope<Value>(body)) return body;
  } catch {
    // Not JSON: handled below.
  }
  return {
    success: false,
    code: UNREACHABLE_CODE,
    message: `The server answered ${response.status} ${response.statusText} without a readable reply.`,
  };
}

/** Like sendForEnvelope, for a path, a JSON body and a bearer token. */
export function requestEnvelope<Value>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; token?: string | null } = {},
): Promise<Envelope<Value>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return sendForEnvelope(
    new Request(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
      credentials: 'same-origin',
    }),
  );
}

function isEnvelope<Value>(body: unknown): body is Envelope<Value> {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  if (record.success === true) return 'value' in record;
  return record.success === false && typeof record.code === 'string' && typeof record.message === 'string';
}
