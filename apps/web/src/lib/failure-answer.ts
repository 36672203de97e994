import { isApiError } from './api/api-error';

/** What a form shows under its fields after a try: a message, and the server's code when it gave one. */
export type FormAnswer = { message: string; code?: string };

/**
 * A failed call as the form shows it: the server's own message and code, or the fallback when
 * no answer came back (the network, a crash) and there is nothing better to say.
 */
export function answerOfFailure(error: unknown, fallbackMessage: string): FormAnswer {
  return isApiError(error) ? { message: error.message, code: error.code } : { message: fallbackMessage };
}
