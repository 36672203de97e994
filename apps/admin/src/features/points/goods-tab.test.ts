import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GoodsTab } from './goods-tab.tsx';
import type { OperatorGoods } from './points-api.ts';

const tshirt: OperatorGoods = {
  id: 'g-1',
  merchantId: 'm-1',
  names: { TY: 'T-shirt ng Panalo', EN: 'Panalo T-shirt' },
  descriptions: {},
  imageUrls: ['/media/tshirt.webp'],
  kind: 'item',
  points: 12_000,
  amount: null,
  requirement: { kind: 'validBet', amount: '5000.00', days: 30 },
  stock: 40,
  perMemberLimit: 1,
  status: 'active',
  sort: 3,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
};

const cash: OperatorGoods = {
  ...tshirt,
  id: 'g-2',
  names: { TY: '₱50 na pera' },
  imageUrls: [],
  kind: 'cash',
  points: 5000,
  amount: '50.00',
  requirement: null,
  stock: null,
  perMemberLimit: null,
  status: 'hidden',
  sort: 0,
};

/** The goods list drawn once with its first page already read, as text. */
function listText(rows: OperatorGoods[], canWrite: boolean): string {
  const client = new QueryClient();
  client.setQueryData(['bo', 'points', 'goods', { merchantId: 'm-1', status: '', page: 1 }], {
    list: rows,
    total: rows.length,
    totalPages: 1,
  });
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(GoodsTab, { merchantId: 'm-1', canWrite, onNotice: () => undefined }),
    ),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the goods list', () => {
  it('lists each goods with its kind, points, amount, requirement, stock, limit, status and order', () => {
    const text = listText([tshirt, cash], true);
    expect(text).toContain('T-shirt ng Panalo · Panalo T-shirt Physical item 12,000 Item');
    expect(text).toContain('₱5,000.00 valid bet in 30 days 40 1 Active 3');
    expect(text).toContain('₱50 na pera Cash 5,000 ₱50.00 cash None Unlimited — Hidden 0');
    expect(text).toContain('2 entries · page 1 of 1');
  });

  it('offers new goods and editing only to an operator with loyalty.write', () => {
    expect(listText([tshirt], true)).toContain('New goods');
    expect(listText([tshirt], true)).toContain('Edit');
    expect(listText([tshirt], false)).not.toContain('New goods');
    expect(listText([tshirt], false)).toContain('Open');
  });

  it('says when there are no goods yet', () => {
    expect(listText([], true)).toContain('No goods yet.');
  });
});
