import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import {
  type ApiArgs,
  type ApiRequest,
  type ApiValue,
  api,
  type CallInit,
  callApi,
  type PathsWith,
  requestApi,
} from './api-client';
import { isApiError } from './api-error';

type PublicKey = Awaited<ReturnType<typeof loadPublicKeyFromServer>>;

const loadPublicKeyFromServer = () => api.get('/wps/system/publicKey');

let cachedKey: Promise<PublicKey> | null = null;

function loadPublicKey(): Promise<PublicKey> {
  cachedKey ??= loadPublicKeyFromServer().catch((error: unknown) => {
    cachedKey = null;
    throw error;
  });
  return cachedKey;
}

/**
 * Sends a body sealed for the server (API.md "Encrypted payloads", the spec's flag E). When the
 * server has rotated its key (KEY_ROTATED) the key is fetched again and the call retried once.
 */
async function withSealedBody<Value>(
  send: (sealed: unknown) => Promise<Value>,
  body: unknown,
): Promise<Value> {
  const sealAndSend = async () => {
    const key = await loadPublicKey();
    return send(await sealPayload(body, key));
  };
  try {
    return await sealAndSend();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'KEY_ROTATED') throw error;
    cachedKey = null;
    return sealAndSend();
  }
}

/** The typed client's calls whose body goes sealed: the document describes the body before sealing. */
export const sealedApi = {
  post: <P extends PathsWith<'post'>>(path: P, ...[init]: ApiArgs<P, 'post'>) =>
    withSealedBody(
      (sealed) => callApi<ApiValue<P, 'post'>>('POST', path, { ...(init as CallInit), body: sealed }),
      (init as CallInit | undefined)?.body,
    ),
  put: <P extends PathsWith<'put'>>(path: P, ...[init]: ApiArgs<P, 'put'>) =>
    withSealedBody(
      (sealed) => callApi<ApiValue<P, 'put'>>('PUT', path, { ...(init as CallInit), body: sealed }),
      (init as CallInit | undefined)?.body,
    ),
};

/** An untyped sealed call (requestApi's sealed twin). */
export function requestSealedApi<Value>(
  path: string,
  request: ApiRequest & { body: unknown },
): Promise<Value> {
  return withSealedBody((sealed) => requestApi<Value>(path, { ...request, body: sealed }), request.body);
}
