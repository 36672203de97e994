import { BackOfficeError } from '../../lib/back-office-api.ts';

/** The message above a tab after a change: what happened, or the server's refusal with its code. */
export type Notice = { tone: 'success' | 'danger'; title: string; detail?: string } | null;

export type TabProps = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

export function failureOf(error: unknown): Notice {
  if (!(error instanceof BackOfficeError)) {
    return { tone: 'danger', title: error instanceof Error ? error.message : 'Something went wrong.' };
  }
  return { tone: 'danger', title: error.message, detail: error.code };
}

/** The server's per-field problems of a refused change, keyed by field path (`names.TY`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof BackOfficeError ? error.fields : {};
}

/** The reason token of each field the server named by one (`betLimits.maxStake`: 'belowMin'). */
export function fieldReasonsOf(error: unknown): Record<string, string> {
  return error instanceof BackOfficeError ? error.reasons : {};
}
