// Money on the wire is a decimal string ("1250.00") and, inside outcomes, minor units as
// {"$bigint": "125000"}; both are shown as ₱1,250.00 and never pass through a float.

export function minorOf(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'object' && value !== null && '$bigint' in value) {
    return BigInt((value as { $bigint: string }).$bigint);
  }
  if (typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value)) {
    const [whole, fraction = ''] = value.split('.');
    return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  }
  return 0n;
}

export function formatMinor(minor: bigint, symbol = '₱'): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '−' : ''}${symbol}${whole}.${cents}`;
}

export function formatAmount(text: string, symbol = '₱'): string {
  return formatMinor(minorOf(text), symbol);
}

/** "12.5" → "12.50": the wire's amount format. */
export function toWireAmount(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}
