import { signRequest } from './request-signature.ts';

/**
 * A signed server-to-server JSON call, as vendors call the seamless wallet and we call a transfer
 * vendor (API.md "Seamless wallet"): the raw body with `X-Timestamp` (Unix seconds) and
 * `X-Signature` beside it. A timeout aborts the call after `timeoutMs`.
 */
export function postSignedJson(
  url: string,
  call: { secret: string; timestampSeconds: number; rawBody: string; timeoutMs: number },
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(call.timestampSeconds),
      'x-signature': signRequest(call.secret, call.timestampSeconds, call.rawBody),
    },
    body: call.rawBody,
    signal: AbortSignal.timeout(call.timeoutMs),
  });
}
