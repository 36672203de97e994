import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A CSV cell: text, a whole number, or nothing (an empty cell). Money goes as its decimal string. */
export type CsvValue = string | number | null;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** Excel reads a file as UTF-8 (accented names, ₱) only when it starts with the byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';
/** Lines written to the stream at a time: few writes, and never the whole file in one string. */
const LINES_PER_CHUNK = 1_000;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, RFC 4180: quoted when it holds a comma, a quote or a line break. A text starting with
 * = + - @ (or a tab or carriage return) would be run as a formula by a spreadsheet program, so it
 * gets a leading apostrophe; a plain number (a negative amount among them) is left as it is.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A file name of letters, digits, dots, dashes and underscores only, safe in any header. */
export function csvFileName(parts: readonly string[]): string {
  return `${parts.map((part) => part.replace(/[^A-Za-z0-9._-]+/g, '_')).join('-')}.csv`;
}

/**
 * Answers a CSV download: the byte order mark, the header line, then the rows, streamed a chunk of
 * lines at a time; private and never cached (it carries member data).
 */
export function sendCsv(
  reply: FastifyReply,
  file: { name: string; header: readonly string[]; rows: Iterable<readonly CsvValue[]> },
): FastifyReply {
  function* chunks() {
    yield BYTE_ORDER_MARK + csvLine(file.header);
    let lines: string[] = [];
    for (const row of file.rows) {
      lines.push(csvLine(row));
      if (lines.length >= LINES_PER_CHUNK) {
        yield lines.join('');
        lines = [];
      }
    }
    if (lines.length > 0) yield lines.join('');
  }
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(chunks()));
}
