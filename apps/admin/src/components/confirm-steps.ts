import { BackOfficeError } from '../lib/back-office-api.ts';
import { formatPesos } from '../lib/format.ts';
import type { Notice } from './row-editor.tsx';

/** One line of what the operator confirms: a label and its value ("Amount", "₱400.00"). */
export type ConfirmFact = readonly [label: string, value: string];

/** An action that waits for the operator's yes: what it does, to whom, and how to run it. */
export type ConfirmRequest = {
  /** The question the dialog asks: "Pay out this withdrawal?". */
  title: string;
  /** The confirming button, which names the action again: "Pay out". */
  confirmLabel: string;
  /** Primary for the action the row is there for; danger for one that refuses, removes or locks. */
  tone: 'primary' | 'danger';
  facts: readonly ConfirmFact[];
  run: () => Promise<unknown>;
  /**
   * What the page says once the server has accepted it; left out when `run` gives its own notice
   * (an answer the operator must read, such as a temporary password).
   */
  doneText?: string;
};

export type ConfirmState =
  | { kind: 'idle'; notice: Notice }
  | { kind: 'asking'; request: ConfirmRequest; error: string | null; notice: Notice }
  | { kind: 'sending'; request: ConfirmRequest; notice: Notice };

export type ConfirmEvent =
  | { type: 'ask'; request: ConfirmRequest }
  | { type: 'cancel' }
  | { type: 'send' }
  | { type: 'failed'; error: string }
  | { type: 'succeeded' };

export const CONFIRM_IDLE: ConfirmState = { kind: 'idle', notice: null };

/**
 * The confirmation's steps: asked, then sent once (a second yes while the first is on its way does
 * nothing, so an action is never sent twice), then done with a notice, or asked again with the
 * server's answer beside the same facts. Nothing else is asked while one is open or sending.
 */
export function confirmStep(state: ConfirmState, event: ConfirmEvent): ConfirmState {
  switch (event.type) {
    case 'ask':
      return state.kind === 'idle'
        ? { kind: 'asking', request: event.request, error: null, notice: null }
        : state;
    case 'cancel':
      return state.kind === 'asking' ? { kind: 'idle', notice: state.notice } : state;
    case 'send':
      return state.kind === 'asking' ? { kind: 'sending', request: state.request, notice: null } : state;
    case 'failed':
      return state.kind === 'sending'
        ? { kind: 'asking', request: state.request, error: event.error, notice: null }
        : state;
    case 'succeeded':
      return state.kind === 'sending'
        ? {
            kind: 'idle',
            notice: state.request.doneText ? { tone: 'success', title: state.request.doneText } : null,
          }
        : state;
  }
}

/** The server's words for a refused action, with its code; a failure without an answer says so. */
export function refusalTextOf(error: unknown): string {
  if (error instanceof BackOfficeError) return `${error.message} (${error.code})`;
  return 'The request failed: check the connection and try again.';
}

/**
 * The facts of a money action: the amount in pesos and who receives it, with the account where it
 * is known, so that the operator reads what leaves or enters whose balance before saying yes.
 */
export function moneyFactsOf(money: {
  amount: string;
  currency: string;
  payee: string;
  account?: string | null;
  more?: readonly ConfirmFact[];
}): ConfirmFact[] {
  return [
    ['Amount', formatPesos(money.amount, money.currency)],
    ['Player', money.payee],
    ...(money.account ? ([['Account', money.account]] as const) : []),
    ...(money.more ?? []),
  ];
}
