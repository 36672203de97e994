import { type FormEvent, useState } from 'react';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import type { ConfirmRequest } from '../../components/confirm-steps.ts';
import { moneyFactsOf } from '../../components/confirm-steps.ts';
import { formatPesos, parsePesoAmount } from '../../lib/format.ts';
import { type AdjustmentDirection, useAdjustBalance } from './players-api.ts';

const DIRECTIONS: readonly (readonly [AdjustmentDirection, string])[] = [
  ['credit', 'Add to cash'],
  ['debit', 'Take from cash'],
];

/**
 * A random request id ("adj-" and 32 hex digits). getRandomValues, unlike randomUUID, also works on
 * a back office opened over plain HTTP on a local network.
 */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `adj-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A manual change of one player's cash balance, with the reason the ledger keeps: checked here,
 * then confirmed in the page's dialog with the amount, the player and the balance it starts from.
 */
export function AdjustmentForm(props: {
  playerId: string;
  account: string;
  currency: string;
  /** The cash balance now, as the wire writes it ("1250.00"). */
  cashBalance: string;
  ask: (request: ConfirmRequest) => void;
  isSending: boolean;
}) {
  const adjust = useAdjustBalance();
  const [direction, setDirection] = useState<AdjustmentDirection>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const amount = parsePesoAmount(amountText);
  const isReady = amount !== null && reason.trim().length >= 3;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (amount === null || !isReady) return;
    const shown = formatPesos(amount, props.currency);
    // One id per confirmed adjustment: a second try of the same dialog is the same request.
    const requestId = newRequestId();
    const isCredit = direction === 'credit';
    props.ask({
      title: isCredit
        ? `Add ${shown} to ${props.account}'s cash?`
        : `Take ${shown} from ${props.account}'s cash?`,
      confirmLabel: isCredit ? 'Add to cash' : 'Take from cash',
      tone: isCredit ? 'primary' : 'danger',
      facts: moneyFactsOf({
        amount,
        currency: props.currency,
        payee: props.account,
        more: [
          ['Direction', isCredit ? 'Credit: adds to the cash balance' : 'Debit: takes from the cash balance'],
          ['Cash now', formatPesos(props.cashBalance, props.currency)],
          ['Reason', reason.trim()],
        ],
      }),
      run: async () => {
        const result = await adjust.mutateAsync({
          id: props.playerId,
          direction,
          amount,
          reason: reason.trim(),
          requestId,
        });
        setAmountText('');
        setReason('');
        return result;
      },
      doneText: `${isCredit ? 'Added' : 'Took'} ${shown} ${isCredit ? 'to' : 'from'} ${props.account}'s cash.`,
    });
  }

  return (
    <form className="row-actions" onSubmit={submit} aria-label={`Adjust the balance of ${props.account}`}>
      <ChoiceSelect label="Direction" value={direction} choices={DIRECTIONS} onChange={setDirection} />
      <input
        aria-label="Amount"
        inputMode="decimal"
        placeholder="0.00"
        size={10}
        maxLength={20}
        value={amountText}
        aria-invalid={amountText !== '' && amount === null ? true : undefined}
        onChange={(event) => setAmountText(event.target.value)}
      />
      <input
        aria-label="Reason"
        placeholder="Reason the ledger keeps"
        maxLength={300}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <button
        type="submit"
        className="button button--small button--quiet"
        disabled={!isReady || props.isSending}
      >
        Adjust…
      </button>
      {amountText !== '' && amount === null && (
        <span className="field__error">A positive amount with at most two decimals.</span>
      )}
    </form>
  );
}
