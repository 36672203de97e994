import { type ReactNode, useEffect, useId, useReducer, useRef } from 'react';
import { CONFIRM_IDLE, type ConfirmRequest, confirmStep, refusalTextOf } from './confirm-steps.ts';
import { ChangeNotice } from './merchant-picker.tsx';

/**
 * An action confirmed in a dialog first (money moves, refusals, removals, locks): `ask` opens it,
 * `element` is the dialog and the notice of the last outcome, to place above the list the action
 * came from (a row that leaves the list when it is done cannot hold its own notice).
 */
export function useConfirmedAction() {
  const [state, dispatch] = useReducer(confirmStep, CONFIRM_IDLE);
  // The steps refuse a second send, but a second click can land before the disabled button is
  // drawn; this guard holds from the first click, before any render.
  const isRunning = useRef(false);

  async function send(request: ConfirmRequest) {
    if (isRunning.current) return;
    isRunning.current = true;
    dispatch({ type: 'send' });
    try {
      await request.run();
      dispatch({ type: 'succeeded' });
    } catch (error) {
      dispatch({ type: 'failed', error: refusalTextOf(error) });
    } finally {
      isRunning.current = false;
    }
  }

  return {
    ask: (request: ConfirmRequest) => dispatch({ type: 'ask', request }),
    /** Whether a confirmed action is on its way, for buttons that would start another. */
    isSending: state.kind === 'sending',
    element: (
      <>
        <ChangeNotice notice={state.notice} />
        {state.kind !== 'idle' && (
          <ConfirmDialog
            request={state.request}
            error={state.kind === 'asking' ? state.error : null}
            isSending={state.kind === 'sending'}
            onCancel={() => dispatch({ type: 'cancel' })}
            onConfirm={() => {
              if (state.kind === 'asking') void send(state.request);
            }}
          />
        )}
      </>
    ),
  };
}

/** The dialog itself: the question, the facts, the server's refusal if any, Cancel and the action. */
export function ConfirmDialog(props: {
  request: ConfirmRequest;
  error: string | null;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}): ReactNode {
  const titleId = useId();
  const factsId = useId();
  const { request, isSending, onCancel } = props;
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Cancel holds the focus as the dialog opens: Enter on an opened dialog must not move money.
  useEffect(() => cancelRef.current?.focus(), []);
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !isSending) onCancel();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isSending, onCancel]);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={factsId}
        aria-busy={isSending}
      >
        <h2 id={titleId}>{request.title}</h2>
        <dl className="facts" id={factsId}>
          {request.facts.map(([label, value]) => (
            <div key={label} className="facts__line">
              <dt>{label}</dt>
              <dd className={label === 'Amount' ? 'mono' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        {props.error && (
          <p className="alert alert--danger" role="alert">
            {props.error}
          </p>
        )}
        <div className="dialog__actions">
          <button
            ref={cancelRef}
            className="button button--quiet"
            type="button"
            disabled={isSending}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button
            className={`button button--${request.tone === 'danger' ? 'danger-solid' : 'primary'}`}
            type="button"
            disabled={isSending}
            onClick={props.onConfirm}
          >
            {isSending ? `${request.confirmLabel}…` : request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
