import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DrawsTab } from './draws-tab.tsx';
import { PrizeTableEditor } from './prize-table-editor.tsx';
import type { OperatorDraw, OperatorPrizeTable } from './rewards-api.ts';
import { PrizeTablesTab } from './tables-tab.tsx';

const TABLE: OperatorPrizeTable = {
  id: 't-1',
  merchantId: 'm-1',
  kind: 'egg',
  names: { TY: 'Gintong Itlog', EN: 'Golden Egg' },
  version: 2,
  tableHash: 'a'.repeat(64),
  prizes: [
    {
      index: 0,
      names: { TY: '₱500', EN: '₱500' },
      kind: 'cash',
      amount: '500.00',
      points: null,
      wageringMultiplier: null,
      weight: 1,
      chance: '1.00',
    },
    {
      index: 1,
      names: { TY: '500 puntos', EN: '500 points' },
      kind: 'points',
      amount: null,
      points: 500,
      wageringMultiplier: null,
      weight: 19,
      chance: '19.00',
    },
    {
      index: 2,
      names: { TY: 'Subukan muli', EN: 'Try again' },
      kind: 'none',
      amount: null,
      points: null,
      wageringMultiplier: null,
      weight: 80,
      chance: '80.00',
    },
  ],
  dailyBudget: null,
  active: true,
  sort: 0,
  expectedCost: { money: '5.00', points: 95, pointsValued: false },
  updatedAt: '2026-11-20T00:00:00.000Z',
};

const DRAW: OperatorDraw = {
  id: 'd-1',
  merchantId: 'm-1',
  memberId: 'p-1',
  account: 'juan23',
  tableId: 't-1',
  kind: 'egg',
  tableNames: { TY: 'Gintong Itlog', EN: 'Golden Egg' },
  tableVersion: 2,
  tableHash: 'a'.repeat(64),
  prizeIndex: 0,
  prizeKind: 'cash',
  amount: '500.00',
  points: null,
  bonusId: null,
  serverSeedHash: 'b'.repeat(64),
  clientSeed: 'seed',
  nonce: 41,
  day: '2026-11-20',
  createdAt: '2026-11-20T03:00:00.000Z',
};

/** A screen drawn once with its queries already answered, as its text. */
function textOf(element: ReactElement, answers: readonly (readonly [readonly unknown[], unknown])[]): string {
  const client = new QueryClient();
  for (const [key, value] of answers) client.setQueryData(key, value);
  const html = renderToString(createElement(QueryClientProvider, { client }, element));
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ %/g, '%');
}

describe('the prize tables', () => {
  it('lists each table with its prizes’ chances, budget and a ticket’s expected cost', () => {
    const text = textOf(
      createElement(PrizeTablesTab, { merchantId: 'm-1', canWrite: true, onNotice: () => undefined }),
      [[['bo', 'rewards', 'tables', 'm-1'], { list: [TABLE] }]],
    );
    expect(text).toContain('Gintong Itlog');
    expect(text).toContain('Golden egg');
    expect(text).toContain('₱500.00 cash 1.00%');
    expect(text).toContain('500 points 19.00%');
    expect(text).toContain('Try again 80.00%');
    expect(text).toContain('₱5.00 and 95 points');
    expect(text).toContain('New prize table');
  });

  it('offers no new table to an operator who may only read', () => {
    const text = textOf(
      createElement(PrizeTablesTab, { merchantId: 'm-1', canWrite: false, onNotice: () => undefined }),
      [[['bo', 'rewards', 'tables', 'm-1'], { list: [] }]],
    );
    expect(text).not.toContain('New prize table');
    expect(text).toContain('No prize tables yet.');
  });

  it('edits the prizes with each one’s chance and says the next version', () => {
    const text = textOf(
      createElement(PrizeTableEditor, {
        merchantId: 'm-1',
        table: TABLE,
        canWrite: true,
        onNotice: () => undefined,
        onClose: () => undefined,
      }),
      [],
    );
    expect(text).toContain('Edit prize table');
    expect(text).toContain('1.00%');
    expect(text).toContain('19.00%');
    expect(text).toContain('80.00%');
    expect(text).toContain('Changing the prizes makes version 3');
  });
});

describe('the draws', () => {
  it('lists draws with the member, prize, version and nonce', () => {
    const text = textOf(createElement(DrawsTab, { merchantId: 'm-1' }), [
      [['bo', 'rewards', 'tables', 'm-1'], { list: [TABLE] }],
      [
        ['bo', 'rewards', 'draws', { merchantId: 'm-1', tableId: '', prizeKind: '', account: '', page: 1 }],
        { list: [DRAW], total: 1, totalPages: 1 },
      ],
    ]);
    expect(text).toContain('juan23');
    expect(text).toContain('₱500.00 cash');
    expect(text).toContain('41');
  });
});
