import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';
import {
  isSealedPayload,
  openPayload,
  RSA_OAEP_ALGORITHM,
  type RsaPublicJwk,
  type SealedPayload,
  SealedPayloadError,
  sealPayload,
  type WebCryptoKey,
} from './sealed-payload.ts';

let privateKey: WebCryptoKey;
let publicJwk: RsaPublicJwk;
const KID = 'test-key-1';

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey(
    { ...RSA_OAEP_ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  privateKey = pair.privateKey;
  const exported = await crypto.subtle.exportKey('jwk', pair.publicKey);
  publicJwk = { kty: 'RSA', n: exported.n!, e: exported.e!, alg: 'RSA-OAEP-256' };
});

/** Flips one bit of a base64url field, keeping it valid base64url. */
function flipBit(field: string, byteIndex = 0): string {
  const bytes = decodeBase64Url(field);
  bytes[byteIndex]! ^= 0x01;
  return encodeBase64Url(bytes);
}

describe('sealed payloads', () => {
  it('round-trip a body through seal and open', async () => {
    const body = { username: 'juan', password: 'Sikreto-123 ñ ✓', nested: { amounts: ['1.00'] } };
    const sealed = await sealPayload(body, { kid: KID, jwk: publicJwk });
    expect(sealed).toMatchObject({ e: 'v1', kid: KID });
    for (const field of [sealed.k, sealed.iv, sealed.d]) expect(field).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBase64Url(sealed.iv)).toHaveLength(12);
    expect(decodeBase64Url(sealed.k)).toHaveLength(256);
    expect(isSealedPayload(sealed)).toBe(true);
    expect(await openPayload(sealed, privateKey)).toEqual(body);
  });

  it('never carries the plain text and never repeats a key or nonce', async () => {
    const first = await sealPayload({ password: 'same' }, { kid: KID, jwk: publicJwk });
    const second = await sealPayload({ password: 'same' }, { kid: KID, jwk: publicJwk });
    expect(JSON.stringify(first)).not.toContain('same');
    expect(first.iv).not.toBe(second.iv);
    expect(first.k).not.toBe(second.k);
    expect(first.d).not.toBe(second.d);
  });

  it.each(['d', 'iv', 'k'] as const)('fails to open when %s is tampered with', async (field) => {
    const sealed = await sealPayload({ password: 'secret' }, { kid: KID, jwk: publicJwk });
    const tampered: SealedPayload = { ...sealed, [field]: flipBit(sealed[field]) };
    await expect(openPayload(tampered, privateKey)).rejects.toBeInstanceOf(SealedPayloadError);
  });

  it('fails to open a truncated ciphertext or a field that is not base64url', async () => {
    const sealed = await sealPayload({ a: 1 }, { kid: KID, jwk: publicJwk });
    await expect(openPayload({ ...sealed, d: sealed.d.slice(0, 8) }, privateKey)).rejects.toBeInstanceOf(
      SealedPayloadError,
    );
    await expect(openPayload({ ...sealed, iv: 'not base64!' }, privateKey)).rejects.toBeInstanceOf(
      SealedPayloadError,
    );
  });

  it('recognises only the exact sealed shape', () => {
    expect(isSealedPayload({ e: 'v1', kid: 'a', k: 'b', iv: 'c', d: 'd' })).toBe(true);
    expect(isSealedPayload({ e: 'v2', kid: 'a', k: 'b', iv: 'c', d: 'd' })).toBe(false);
    expect(isSealedPayload({ e: 'v1', kid: 'a', k: 'b', iv: 'c', d: 'd', extra: 1 })).toBe(false);
    expect(isSealedPayload({ username: 'juan' })).toBe(false);
    expect(isSealedPayload(null)).toBe(false);
    expect(isSealedPayload([1])).toBe(false);
  });
});
