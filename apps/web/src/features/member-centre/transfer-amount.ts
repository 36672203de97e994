import { centavosToWire, toCentavos } from '../../lib/money';

/** The smallest move between wallets the page accepts: ₱1. */
export const TRANSFER_MINIMUM_CENTAVOS = 100n;

export type TransferAmountProblem = 'empty' | 'format' | 'minimum' | 'overBalance';

/**
 * What is wrong with a typed amount for a move out of a wallet holding `balance` (a wire string),
 * if anything. A wallet whose balance is unknown (null) cannot be moved out of: that is
 * 'overBalance' for every amount, since nothing is known to be there.
 */
export function checkTransferAmount(text: string, balance: string | null): TransferAmountProblem | null {
  if (text.trim() === '') return 'empty';
  const centavos = toCentavos(text);
  if (centavos === null || centavos === 0n) return 'format';
  if (centavos < TRANSFER_MINIMUM_CENTAVOS) return 'minimum';
  const available = balance === null ? null : toCentavos(balance);
  if (available === null || centavos > available) return 'overBalance';
  return null;
}

/** The wire form of a typed amount ("1,250.5" → "1250.50"), or null when it is not an amount. */
export function toWireAmount(text: string): string | null {
  const centavos = toCentavos(text);
  if (centavos === null) return null;
  return centavosToWire(centavos);
}

const QUICK_PESOS = ['100', '500', '1000'] as const;

/** Quick amounts (in pesos) a wallet holding `balance` can move, smallest first, at most three. */
export function quickTransferAmounts(balance: string | null): string[] {
  const available = balance === null ? null : toCentavos(balance);
  if (available === null) return [];
  return QUICK_PESOS.filter((pesos) => BigInt(pesos) * 100n <= available);
}

/** Whether a wallet holds something to move (the "all" chip and the recall button need it). */
export function hasMoney(balance: string | null): boolean {
  const centavos = balance === null ? null : toCentavos(balance);
  return centavos !== null && centavos > 0n;
}

/**
 * A fresh idempotency key for one transfer attempt (the contract allows 8–64 of [A-Za-z0-9_.:-]).
 * The same key is sent again only when the first answer was lost, so a retry moves money once.
 */
export function newTransferRequestId(): string {
  return `gw-${crypto.randomUUID()}`;
}
