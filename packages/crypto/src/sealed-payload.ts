import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

/**
 * The sealed request body of API.md "Encrypted payloads": the UTF-8 JSON body encrypted with a
 * fresh AES-256-GCM key, and that key encrypted with the server's RSA-OAEP (SHA-256) public key.
 */
export type SealedPayload = {
  e: 'v1';
  /** Which server key sealed it; the server refuses an unknown one with KEY_ROTATED. */
  kid: string;
  /** The AES key, RSA-OAEP encrypted, base64url. */
  k: string;
  /** The 12-byte GCM nonce, base64url. */
  iv: string;
  /** Ciphertext followed by the 16-byte GCM tag, base64url. */
  d: string;
};

/** The public half of an RSA-OAEP-256 key pair as a JWK (what GET /wps/system/publicKey answers). */
export type RsaPublicJwk = {
  kty: 'RSA';
  n: string;
  e: string;
  alg?: string;
  use?: string;
  ext?: boolean;
  key_ops?: string[];
  kid?: string;
};

/** A WebCrypto key; spelled through the API itself because Node's types and the DOM's name it differently. */
export type WebCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export const SEALED_PAYLOAD_VERSION = 'v1';
export const RSA_OAEP_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const AES_KEY_BITS = 256;
const IV_BYTES = 12;
const GCM_TAG_BYTES = 16;
/** An RSA-4096 OAEP block is 512 bytes; anything longer is not a key we made. */
const WRAPPED_KEY_BYTES_MAX = 512;

function subtle() {
  return globalThis.crypto.subtle;
}

/** Imports the server's public JWK for sealing. */
export async function importSealingKey(jwk: RsaPublicJwk): Promise<WebCryptoKey> {
  // The server marks its JWK for 'encrypt' only; key_ops are dropped so that an older browser that
  // checks them against the usages asked for here has nothing to disagree about.
  const { key_ops: _keyOps, kid: _kid, use: _use, ...plain } = jwk;
  return subtle().importKey('jwk', { ...plain, alg: 'RSA-OAEP-256', ext: true }, RSA_OAEP_ALGORITHM, false, [
    'encrypt',
  ]);
}

/**
 * Seals a JSON-serialisable body for the server. Works wherever WebCrypto does: browsers in secure
 * contexts (HTTPS, localhost) and Node 24.
 */
export async function sealPayload(
  body: unknown,
  key: { kid: string; jwk: RsaPublicJwk },
): Promise<SealedPayload> {
  const publicKey = await importSealingKey(key.jwk);
  const aesKey = await subtle().generateKey({ name: 'AES-GCM', length: AES_KEY_BITS }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plaintext = new TextEncoder().encode(JSON.stringify(body));
  const ciphertext = await subtle().encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext);
  const rawKey = await subtle().exportKey('raw', aesKey);
  const wrappedKey = await subtle().encrypt(RSA_OAEP_ALGORITHM, publicKey, rawKey);
  return {
    e: SEALED_PAYLOAD_VERSION,
    kid: key.kid,
    k: encodeBase64Url(new Uint8Array(wrappedKey)),
    iv: encodeBase64Url(iv),
    d: encodeBase64Url(new Uint8Array(ciphertext)),
  };
}

/** Whether a parsed JSON body has the sealed shape (it may still fail to open). */
export function isSealedPayload(body: unknown): body is SealedPayload {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return (
    record.e === SEALED_PAYLOAD_VERSION &&
    typeof record.kid === 'string' &&
    typeof record.k === 'string' &&
    typeof record.iv === 'string' &&
    typeof record.d === 'string' &&
    Object.keys(record).length === 5
  );
}

/** Why a sealed payload could not be opened; the server answers MALFORMED for each. */
export class SealedPayloadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SealedPayloadError';
  }
}

/**
 * Opens a sealed payload with the private RSA-OAEP key its kid names and parses the JSON inside.
 * Any tampering with k, iv or d fails here: OAEP refuses a changed key block and GCM a changed
 * nonce or ciphertext.
 */
export async function openPayload(payload: SealedPayload, privateKey: WebCryptoKey): Promise<unknown> {
  let wrappedKey: Uint8Array<ArrayBuffer>;
  let iv: Uint8Array<ArrayBuffer>;
  let ciphertext: Uint8Array<ArrayBuffer>;
  try {
    wrappedKey = decodeBase64Url(payload.k);
    iv = decodeBase64Url(payload.iv);
    ciphertext = decodeBase64Url(payload.d);
  } catch (error) {
    throw new SealedPayloadError('a field is not base64url', { cause: error });
  }
  if (iv.length !== IV_BYTES) throw new SealedPayloadError('the IV must be 12 bytes');
  if (ciphertext.length < GCM_TAG_BYTES)
    throw new SealedPayloadError('the ciphertext is shorter than its tag');
  if (wrappedKey.length === 0 || wrappedKey.length > WRAPPED_KEY_BYTES_MAX) {
    throw new SealedPayloadError('the wrapped key has an impossible length');
  }

  let plaintext: ArrayBuffer;
  try {
    const rawKey = await subtle().decrypt(RSA_OAEP_ALGORITHM, privateKey, wrappedKey);
    if (rawKey.byteLength !== AES_KEY_BITS / 8) throw new SealedPayloadError('the AES key must be 256 bits');
    const aesKey = await subtle().importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    plaintext = await subtle().decrypt({ name: 'AES-GCM', iv }, aesKey, ciphertext);
  } catch (error) {
    if (error instanceof SealedPayloadError) throw error;
    throw new SealedPayloadError('the payload does not decrypt', { cause: error });
  }

  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch (error) {
    throw new SealedPayloadError('the payload is not UTF-8 JSON', { cause: error });
  }
}
