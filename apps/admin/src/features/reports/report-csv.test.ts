import { describe, expect, it } from 'vitest';
import { toCsv } from './report-csv.ts';

describe('report CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const csv = toCsv(
      [
        { key: 'a', label: 'A' },
        { key: 'b', label: 'B, with comma' },
      ],
      [
        { a: 'plain', b: 'say "hi"' },
        { a: '=HYPERLINK("x")', b: 3 },
        { a: null, b: 'two\nlines' },
      ],
    );
    expect(csv).toBe(
      'A,"B, with comma"\r\nplain,"say ""hi"""\r\n"\'=HYPERLINK(""x"")",3\r\n,"two\nlines"\r\n',
    );
  });
});
