import { type RsaPublicJwk, sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { type ApiRequest, requestApi } from './api-client';
import { isApiError } from './api-error';

type PublicKey = { kid: string; jwk: RsaPublicJwk };

let cachedKey: Promise<PublicKey> | null = null;

function loadPublicKey(): Promise<PublicKey> {
  cachedKey ??= requestApi<PublicKey>('/wps/system/publicKey').catch((error: unknown) => {
    cachedKey = null;
    throw error;
  });
  return cachedKey;
}

/**
 * Sends a body sealed for the server (API.md "Encrypted payloads", the spec's flag E). When the
 * server has rotated its key (KEY_ROTATED) the key is fetched again and the call retried once.
 */
export async function requestSealedApi<Value>(
  path: string,
  request: ApiRequest & { body: unknown },
): Promise<Value> {
  const send = async () =>
    requestApi<Value>(path, { ...request, body: await sealPayload(request.body, await loadPublicKey()) });
  try {
    return await send();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'KEY_ROTATED') throw error;
    cachedKey = null;
    return send();
  }
}
