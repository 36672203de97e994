import type { IncomingMessage, ServerResponse } from 'node:http';
import { postSignedJson } from '@panalo/crypto/signed-post.ts';

// Reading and answering JSON over plain node:http, for the seamless and the transfer vendors of
// the sandbox alike.

const BODY_BYTES_MAX = 8 * 1024;

/** What a page's call is answered: an HTTP status and a JSON body. */
export type PageAnswer = { httpStatus: number; body: object };

/** The body as text; null when it is larger than BODY_BYTES_MAX. */
export async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_BYTES_MAX) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON object, or null for anything else (no body, not JSON, an array, a bare value). */
export function parseObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function sendJson(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** An amount already checked against its pattern ("12", "12.5", "12.50") in minor units. */
export function toMinor(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** A call to the platform's wallet, signed as every vendor call is (API.md "Seamless wallet"). */
export function postSigned(
  url: string,
  secret: string,
  rawBody: string,
  timeoutMs: number,
): Promise<Response> {
  return postSignedJson(url, {
    secret,
    timestampSeconds: Math.floor(Date.now() / 1000),
    rawBody,
    timeoutMs,
  });
}
