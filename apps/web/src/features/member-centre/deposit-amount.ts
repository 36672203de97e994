import { toCentavos } from '../../lib/money';

export type AmountProblem = 'empty' | 'format' | 'minimum' | 'maximum';

/** What is wrong with a typed amount for a method's limits, if anything. */
export function checkDepositAmount(
  text: string,
  limits: { minAmount: string; maxAmount: string },
): AmountProblem | null {
  if (text.trim() === '') return 'empty';
  const centavos = toCentavos(text);
  if (centavos === null || centavos === 0n) return 'format';
  if (centavos < (toCentavos(limits.minAmount) ?? 0n)) return 'minimum';
  if (centavos > (toCentavos(limits.maxAmount) ?? 0n)) return 'maximum';
  return null;
}

/** Quick amounts (in pesos) that fall within the limits, at most four. */
export function quickAmounts(limits: { minAmount: string; maxAmount: string }): string[] {
  const min = toCentavos(limits.minAmount) ?? 0n;
  const max = toCentavos(limits.maxAmount) ?? 0n;
  return ['100', '500', '1000', '5000', '10000']
    .filter((pesos) => {
      const centavos = BigInt(pesos) * 100n;
      return centavos >= min && centavos <= max;
    })
    .slice(0, 4);
}
