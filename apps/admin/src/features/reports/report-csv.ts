/** A CSV document (RFC 4180) of rows: a header line, fields quoted when they need it. */
export function toCsv(
  columns: readonly { key: string; label: string }[],
  rows: readonly Record<string, unknown>[],
): string {
  const quote = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    // A leading = + - @ would be run as a formula by spreadsheet programs.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [columns.map((column) => quote(column.label)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => quote(row[column.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
