/** Formats a wire money string ("1250.00") for display with the currency symbol, never through floats. */
export function formatMoney(amount: string, currencySymbol = '₱'): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return `${currencySymbol}${amount}`;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currencySymbol}${grouped}.${fraction.padEnd(2, '0')}`;
}
