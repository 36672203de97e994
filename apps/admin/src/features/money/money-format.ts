/** Money from the wire ("1250.00") for a table cell, grouped, never through floating point. */
export function formatPesos(amount: string, currency: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `${currency === 'PHP' ? '₱' : `${currency} `}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
