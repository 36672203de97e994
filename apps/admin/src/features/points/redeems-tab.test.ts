import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OperatorRedeem } from './points-api.ts';
import { RedeemsTab } from './redeems-tab.tsx';

const tshirt: OperatorRedeem = {
  id: 'r-1',
  reference: 'PM20250610000123',
  memberId: 'u-1',
  account: 'juan88',
  merchantId: 'm-1',
  goodsId: 'g-1',
  goodsNames: { TY: 'T-shirt ng Panalo', EN: 'Panalo T-shirt' },
  kind: 'item',
  quantity: 2,
  points: 24_000,
  amount: null,
  amountRequirement: null,
  status: 'processing',
  appliedAt: '2025-06-10T00:00:00.000Z',
  decidedAt: null,
  address: '12 Mabini St, Quezon City',
  remark: null,
  operator: null,
  bonusId: null,
};

const cash: OperatorRedeem = {
  ...tshirt,
  id: 'r-2',
  reference: 'PM20250610000124',
  goodsNames: { EN: '₱50 cash' },
  kind: 'cash',
  quantity: 1,
  points: 5000,
  amount: '50.00',
  address: null,
  status: 'approved',
  decidedAt: '2025-06-10T01:00:00.000Z',
  operator: 'maria.ops',
};

/** The queue drawn once with its first page already read, as text. */
function queueText(rows: OperatorRedeem[]): string {
  const client = new QueryClient();
  const filter = { merchantId: 'm-1', status: 'processing', field: 'account', text: '', page: 1 };
  client.setQueryData(['bo', 'points', 'redeems', filter], { list: rows, total: rows.length, totalPages: 1 });
  const html = renderToString(
    createElement(QueryClientProvider, { client }, createElement(RedeemsTab, { merchantId: 'm-1' })),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

describe('the redeem queue', () => {
  it('lists a redeem with the member, goods, quantity, points, address and reference, and its decisions', () => {
    const text = queueText([tshirt]);
    for (const shown of ['juan88', 'T-shirt ng Panalo', 'Physical item', '24,000', 'PM20250610000123']) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('12 Mabini St, Quezon City');
    expect(text).toContain('Approve…');
    expect(text).toContain('Reject…');
    expect(text).toContain('1 entry · page 1 of 1');
  });

  it('says what approving pays, and who decided a decided redeem, with no decision left to take', () => {
    const text = queueText([cash]);
    expect(text).toContain("₱50.00 into the member's cash");
    expect(text).toContain('Approved');
    expect(text).toContain('maria.ops');
    expect(text).not.toContain('Approve…');
  });

  it('says when nothing waits', () => {
    expect(queueText([])).toContain('No redeems waiting for a decision.');
  });
});
