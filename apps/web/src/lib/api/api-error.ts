/** Codes the client itself produces, next to the server's codes of API.md. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

/** A failed call: the server's envelope failure, or a network failure (code NETWORK). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;

  constructor(input: { code: string; message: string; status: number; value?: unknown }) {
    super(input.message);
    this.name = 'ApiError';
    this.code = input.code;
    this.status = input.status;
    this.value = input.value;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
