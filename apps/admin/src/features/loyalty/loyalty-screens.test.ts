import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperatorVipLevel, RebatePayouts, VipGiftRow, VipMemberRow } from './loyalty-api.ts';
import { RebatesTab } from './rebates-tab.tsx';
import { VipGiftsTab } from './vip-gifts-tab.tsx';
import { VipLevelsTab } from './vip-levels-tab.tsx';
import { VipMembersTab } from './vip-members-tab.tsx';

const BRONZE: OperatorVipLevel = {
  id: 'l-1',
  merchantId: 'm-1',
  rank: 1,
  names: { TY: 'Tanso', EN: 'Bronze' },
  label: 'VIP1',
  badgeUrl: '/media/content/badge-1.png',
  deposit: '1000.00',
  validBet: '10000.00',
  keepDeposit: '500.00',
  keepValidBet: '5000.00',
  guaranteedDays: 30,
  upgradeBonus: '50.00',
  birthdayBonus: '100.00',
  monthlyBonus: '0.00',
  rebateRates: {},
  withdrawCountDay: null,
  withdrawAmountDay: null,
  pointsMultiplier: '1.00',
  holders: 1204,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
};
const SILVER: OperatorVipLevel = {
  ...BRONZE,
  id: 'l-2',
  rank: 2,
  names: { TY: 'Pilak', EN: 'Silver' },
  label: 'VIP2',
  badgeUrl: null,
  deposit: '5000.00',
  validBet: '50000.00',
  holders: 0,
};

/** A screen drawn once with its queries already answered, as its text. */
function textOf(element: ReactElement, answers: readonly (readonly [readonly unknown[], unknown])[]): string {
  const client = new QueryClient();
  for (const [key, value] of answers) client.setQueryData(key, value);
  const html = renderToString(createElement(QueryClientProvider, { client }, element));
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const LEVELS = [['bo', 'vip', 'levels', 'm-1'], { list: [SILVER, BRONZE] }] as const;

describe('the VIP levels', () => {
  const levelsText = (canWrite: boolean) =>
    textOf(createElement(VipLevelsTab, { merchantId: 'm-1', canWrite, onNotice: () => undefined }), [LEVELS]);

  it('lists the levels by rank with their names, thresholds, retention, guarantee and holders', () => {
    const text = levelsText(false);
    expect(text.indexOf('VIP1')).toBeLessThan(text.indexOf('VIP2'));
    expect(text).toContain('Tanso / Bronze');
    expect(text).toContain('₱1,000.00 deposits ₱10,000.00 valid bet');
    expect(text).toContain('₱500.00 deposits ₱5,000.00 valid bet');
    expect(text).toContain('30 days');
    expect(text).toContain('1,204');
    expect(text).not.toContain('Add a level');
    expect(text).not.toContain('Run the review now');
    expect(text).not.toContain('Remove…');
  });

  it('offers adding, removing and the review to an operator who may change the programme', () => {
    const text = levelsText(true);
    expect(text).toContain('Add a level');
    expect(text).toContain('Run the review now…');
    expect(text.match(/Remove…/g)).toHaveLength(2);
  });
});

describe('the VIP members and gifts', () => {
  it("lists members with their level, guarantee and the next review's projection", () => {
    const member: VipMemberRow = {
      memberId: 'u-1',
      merchantId: 'm-1',
      account: 'juan88',
      rank: 2,
      label: 'VIP2',
      names: SILVER.names,
      reachedAt: '2025-06-01T00:00:00.000Z',
      guaranteedUntil: '2025-07-01T00:00:00.000Z',
      projection: 'fall',
      projectedRank: 1,
      projectedAt: '2025-06-10T00:00:00.000Z',
    };
    const text = textOf(createElement(VipMembersTab, { merchantId: 'm-1' }), [
      LEVELS,
      [
        ['bo', 'vip', 'members', { merchantId: 'm-1', level: '', account: '', page: 1 }],
        { list: [member], total: 1, totalPages: 1 },
      ],
    ]);
    expect(text).toContain('juan88');
    expect(text).toContain('VIP2 rank 2');
    expect(text).toContain('Falls to VIP1');
    expect(text).toContain('VIP1 · Tanso');
  });

  it('lists gifts with their kind, amount and status', () => {
    const gift: VipGiftRow = {
      id: 'g-1',
      merchantId: 'm-1',
      memberId: 'u-1',
      account: 'juan88',
      kind: 'upgrade',
      key: 'upgrade:u-1:2',
      rank: 2,
      amount: '250.00',
      status: 'waiting',
      bonusId: null,
      createdAt: '2025-06-01T00:00:00.000Z',
      decidedAt: null,
    };
    const text = textOf(createElement(VipGiftsTab, { merchantId: 'm-1' }), [
      [
        ['bo', 'vip', 'gifts', { merchantId: 'm-1', status: '', page: 1 }],
        { list: [gift], total: 1, totalPages: 1 },
      ],
    ]);
    expect(text).toContain('Upgrade');
    expect(text).toContain('₱250.00');
    expect(text).toContain('Waiting');
  });
});

describe('the rebates', () => {
  const payouts: RebatePayouts = {
    list: [
      {
        id: 'r-1',
        merchantId: 'm-1',
        memberId: 'u-1',
        account: 'juan88',
        mode: 'auto',
        day: '2025-06-09',
        coveredFrom: '2025-06-08T16:00:00.000Z',
        coveredTo: '2025-06-09T16:00:00.000Z',
        basis: 'validBet',
        amount: '15.00',
        lines: [{ gameType: 'LIVE', basisAmount: '3000.00', rate: '0.50', amount: '15.00' }],
        status: 'paid',
        skipReason: null,
        bonusId: 'b-1',
        createdAt: '2025-06-10T01:00:00.000Z',
      },
      {
        id: 'r-2',
        merchantId: 'm-1',
        memberId: 'u-2',
        account: 'maria',
        mode: 'auto',
        day: '2025-06-09',
        coveredFrom: '2025-06-08T16:00:00.000Z',
        coveredTo: '2025-06-09T16:00:00.000Z',
        basis: 'validBet',
        amount: '4.00',
        lines: [{ gameType: 'RNG', basisAmount: '500.00', rate: '0.80', amount: '4.00' }],
        status: 'skipped',
        skipReason: 'NOT_MARKETABLE',
        bonusId: null,
        createdAt: '2025-06-10T01:00:00.000Z',
      },
    ],
    total: 2,
    totalPages: 1,
    range: { from: '2025-05-11', to: '2025-06-09' },
    totals: { paid: 1, paidAmount: '15.00', skipped: 1 },
  };
  // The tab opens on the merchant's today: 2025-06-10 in Manila.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-10T02:00:00.000Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  const rebatesElement = (canWrite: boolean) =>
    createElement(RebatesTab, { merchantId: 'm-1', canWrite, onNotice: () => undefined });
  const rebatesAnswers = [
    [
      [
        'bo',
        'rebates',
        {
          merchantId: 'm-1',
          from: '2025-05-12',
          to: '2025-06-10',
          account: '',
          mode: '',
          status: '',
          page: 1,
        },
      ],
      payouts,
    ],
  ] as const;
  const rebatesText = (canWrite: boolean) => textOf(rebatesElement(canWrite), rebatesAnswers);

  it("fills the period's fields with the past 30 days the list shows by default", () => {
    const html = renderToString(
      createElement(QueryClientProvider, { client: new QueryClient() }, rebatesElement(false)),
    );
    expect(html).toMatch(/<span>From<\/span><input type="date" max="2025-06-10" value="2025-05-12"/);
    expect(html).toMatch(/<span>To<\/span><input type="date" max="2025-06-10" value="2025-06-10"/);
  });

  it('lists payouts with their lines and status, and the totals over the period', () => {
    const text = rebatesText(false);
    expect(text).toContain('₱15.00 paid in 1 payout from 2025-05-11 to 2025-06-09 · 1 member not paid');
    // React writes a marker between neighbouring texts, which the text keeps as a space.
    expect(text).toMatch(/Live casino ?: 0\.50 % of ₱3,000\.00/);
    expect(text).toContain('Not paid: no promotions');
    expect(text).not.toContain('Run the closed day now');
  });

  it('offers the run of a closed day to an operator who may change the programme', () => {
    expect(rebatesText(true)).toContain('Run the closed day now…');
  });
});
