import { describe, expect, it } from 'vitest';
import { toCsv } from './report-csv.ts';
import { REPORTS } from './report-definitions.ts';

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

describe('the money report as CSV', () => {
  it('carries GGR, bonuses paid, NGR and agent pay as the server answers them', () => {
    const money = REPORTS.find((report) => report.id === 'money');
    const csv = toCsv(money?.columns ?? [], [
      {
        day: '2026-11-21',
        merchantCode: 'panalo',
        ggr: '600.00',
        bonuses: '230.00',
        ngr: '370.00',
        agentPay: '70.00',
      },
    ]);
    const [header, line] = csv.split('\r\n');
    const cells = (text: string | undefined) => (text ?? '').split(',');
    const cellOf = (label: string) => cells(line)[cells(header).indexOf(label)];
    expect([cellOf('GGR'), cellOf('Bonuses paid'), cellOf('NGR'), cellOf('Agent pay')]).toEqual([
      '600.00',
      '230.00',
      '370.00',
      '70.00',
    ]);
  });
});
