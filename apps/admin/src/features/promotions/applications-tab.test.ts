import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApplicationsTab } from './applications-tab.tsx';
import type { ApplicationRow } from './promotions-api.ts';

const waiting: ApplicationRow = {
  id: 'e-1',
  merchantId: 'm-1',
  promotionId: 'p-1',
  promotionTitle: { TY: 'Ibahagi ang panalo', EN: 'Share your win' },
  memberId: 'u-1',
  account: 'juan88',
  cycle: '',
  status: 'applying',
  comment: 'Nanalo ako ng 5,000 sa Mines!',
  images: [{ id: 'i-1', url: '/bo/promotions/application-images/i-1' }],
  amount: null,
  maxAmount: '500.00',
  rejectReason: null,
  bonusId: null,
  reviewer: null,
  reviewedAt: null,
  createdAt: '2025-06-10T00:00:00.000Z',
};

/** The queue drawn once with its first page already read, as text. */
function queueText(rows: ApplicationRow[], canWrite: boolean): string {
  const client = new QueryClient();
  const filter = { merchantId: 'm-1', status: 'applying', promotionId: '', page: 1 };
  client.setQueryData(['bo', 'promotions', 'applications', filter], {
    list: rows,
    total: rows.length,
    totalPages: 1,
  });
  client.setQueryData(['bo', 'promotions', 'list', { merchantId: 'm-1', status: '', type: '', page: 1 }], {
    list: [],
    total: 0,
    totalPages: 0,
  });
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(ApplicationsTab, {
        merchantId: 'm-1',
        canWrite,
        currency: 'PHP',
        confirm: { ask: () => undefined, isSending: false, element: createElement('span') },
      }),
    ),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the applications queue', () => {
  it('lists a waiting application with the member, promotion, comment, the most it may be given and a review', () => {
    const text = queueText([waiting], true);
    expect(text).toContain('juan88');
    expect(text).toContain('Ibahagi ang panalo');
    expect(text).toContain('Nanalo ako ng 5,000 sa Mines!');
    expect(text).toContain('₱500.00');
    expect(text).toContain('Review');
    expect(text).toContain('1 entry · page 1 of 1');
  });

  it('offers no review to an operator who may only read', () => {
    expect(queueText([waiting], false)).not.toContain('Review');
  });

  it('says when nothing waits', () => {
    expect(queueText([], true)).toContain('No applications waiting for review.');
  });
});
