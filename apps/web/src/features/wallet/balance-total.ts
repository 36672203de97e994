import { centavosToWire, toCentavos } from '../../lib/money';

/**
 * The header's figure. In one-wallet mode the server's `total` adds the money a launch moved to a
 * transfer-wallet vendor, so the player sees one balance; a socket push carries only the main
 * wallet's cash, so the vendors' part of the last fetch is added to it until the next fetch.
 */
export function shownBalance(cash: string, fetched: { balance: string; total?: string } | undefined): string {
  if (fetched?.total === undefined) return cash;
  const atVendors = (toCentavos(fetched.total) ?? 0n) - (toCentavos(fetched.balance) ?? 0n);
  const cashCentavos = toCentavos(cash);
  if (atVendors <= 0n || cashCentavos === null) return cash;
  return centavosToWire(cashCentavos + atVendors);
}
