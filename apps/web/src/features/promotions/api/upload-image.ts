import { ApiError } from '../../../lib/api/api-error';
import type { LanguageCode } from '../../../lib/api/system-types';
import { readDeviceId } from '../../../lib/device-id';
import { useAuthStore } from '../../../lib/session/auth-store';
import type { UploadedImage } from './promotions';

/** A picture that has not finished uploading after this long is abandoned (5 MB on a slow phone line). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The answer of an upload as the API client reads any answer (API.md "Envelope"): the value of a
 * success, else an ApiError with the server's code, or BAD_RESPONSE when the body is no envelope.
 */
export function readUploadAnswer(status: number, text: string): UploadedImage {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof (body as { success?: unknown }).success !== 'boolean'
  ) {
    throw new ApiError({ code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_RESPONSE', message: '', status });
  }
  const envelope = body as { success: boolean; value?: unknown; code?: string; message?: string };
  if (!envelope.success) {
    throw new ApiError({
      code: envelope.code ?? 'UNKNOWN',
      message: envelope.message ?? '',
      status,
      value: envelope.value,
    });
  }
  const value = envelope.value as Partial<UploadedImage> | undefined;
  if (typeof value?.id !== 'string' || typeof value.url !== 'string') {
    throw new ApiError({ code: 'BAD_RESPONSE', message: '', status });
  }
  return { id: value.id, url: value.url };
}

/**
 * POST /wps/promotion/applyImage: one picture for an application, with its progress (0 to 1) as it
 * goes. fetch() cannot report how much of a body has been sent, so this one call uses
 * XMLHttpRequest, with the same headers as the API client's calls.
 */
export function uploadApplyImage(
  file: File,
  language: LanguageCode,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/wps/promotion/applyImage?language=${language}`);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Device-Id', readDeviceId());
    const token = useAuthStore.getState().token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    const failWith = (code: 'NETWORK' | 'TIMEOUT') => () =>
      reject(new ApiError({ code, message: '', status: 0 }));
    request.onerror = failWith('NETWORK');
    request.ontimeout = failWith('TIMEOUT');
    request.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    request.onload = () => {
      try {
        const image = readUploadAnswer(request.status, request.responseText);
        onProgress(1);
        resolve(image);
      } catch (error) {
        // A session that ended meanwhile ends here as it does for every other call.
        if (error instanceof ApiError && error.code === 'NOT_LOGGED_IN' && token) {
          useAuthStore.getState().clearSession();
        }
        reject(error);
      }
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.set('file', file, file.name);
    request.send(form);
  });
}
