import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of server-to-server calls (API.md "Seamless wallet", and the hosted payment gateway
 * protocol): lowercase hex HMAC-SHA256 with a shared secret over `<timestamp>.<raw body>`, the
 * timestamp in Unix seconds sent beside it. Node only: browsers never hold these secrets.
 */
export function signRequest(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

/** How far a signed call's clock may be from ours. */
export const SIGNATURE_SKEW_SECONDS_MAX = 300;

export type SignatureCheck = 'ok' | 'bad_signature' | 'stale';

/**
 * Checks a signed call: the timestamp within ±300 s of `nowSeconds`, then the signature in
 * constant time. A missing or malformed header is a bad signature.
 */
export function verifyRequest(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  nowSeconds: number;
}): SignatureCheck {
  const { timestamp, signature } = input;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
    return 'bad_signature';
  }
  const seconds = Number(timestamp);
  if (Math.abs(input.nowSeconds - seconds) > SIGNATURE_SKEW_SECONDS_MAX) return 'stale';
  const expected = Buffer.from(signRequest(input.secret, seconds, input.rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? 'ok' : 'bad_signature';
}
