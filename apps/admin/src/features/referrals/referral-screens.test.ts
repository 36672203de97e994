import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReferralRewardRow, ReferralRuleRow } from './referrals-api.ts';
import { ReferralRewardsTab, ReferralRulesTab } from './referrals-tabs.tsx';

const JOINS: ReferralRuleRow = {
  id: 'r-1',
  merchantId: 'm-1',
  nameTy: 'Sumali ang kaibigan',
  nameEn: 'A friend joins',
  trigger: 'register',
  threshold: '0.00',
  kind: 'cash',
  referrerAmount: '20.00',
  friendAmount: '0.00',
  multiplier: 0,
  expiryDays: 7,
  withinDays: 30,
  enabled: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const DEPOSITS: ReferralRuleRow = {
  ...JOINS,
  id: 'r-2',
  nameTy: 'Nagdeposito ng 500',
  nameEn: 'Deposits 500',
  trigger: 'deposit',
  threshold: '500.00',
  kind: 'bonus',
  referrerAmount: '100.00',
  friendAmount: '50.00',
  multiplier: 3,
  enabled: false,
};
const HELD: ReferralRewardRow = {
  id: 'w-1',
  merchantId: 'm-1',
  beneficiary: 'referrer',
  account: 'juan01',
  referrer: 'juan01',
  friend: 'pedro02',
  rule: 'A friend joins',
  kind: 'cash',
  amount: '20.00',
  status: 'held',
  holdReason: 'SAME_IP_AND_DEVICE',
  skipReason: null,
  sameIp: true,
  sameDevice: true,
  bonusId: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-20T04:00:00.000Z',
};

/** A screen drawn once with its queries already answered, as its text. */
function textOf(element: ReactElement, answers: readonly (readonly [readonly unknown[], unknown])[]): string {
  const client = new QueryClient();
  for (const [key, value] of answers) client.setQueryData(key, value);
  const html = renderToString(createElement(QueryClientProvider, { client }, element));
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the referral rules', () => {
  const rulesText = (canWrite: boolean) =>
    textOf(createElement(ReferralRulesTab, { merchantId: 'm-1', canWrite, onNotice: () => undefined }), [
      [['bo', 'referrals', 'rules', 'm-1'], { list: [JOINS, DEPOSITS] }],
    ]);

  it('says what each rule pays to whom, and whether it is on', () => {
    const text = rulesText(true);
    expect(text).toContain('A friend joins Sumali ang kaibigan');
    expect(text).toContain('Friend registers within 30 days → referrer ₱20.00 cash');
    expect(text).toContain(
      'Friend deposits at least ₱500.00 within 30 days → referrer ₱100.00 bonus, wagered 3×; friend ₱50.00',
    );
    expect(text).toContain(' On ');
    expect(text).toContain(' Off ');
    expect(text).toContain('New rule');
  });

  it('offers no changes to an operator who may only read', () => {
    const text = rulesText(false);
    expect(text).not.toContain('New rule');
    expect(text).not.toContain(' Change ');
  });
});

describe('the rewards', () => {
  const answers = [
    [
      ['bo', 'referrals', 'rewards', { merchantId: 'm-1', status: 'held', page: 1 }],
      { list: [HELD], total: 1, totalPages: 1 },
    ],
  ] as const;

  it('lists held rewards with why they are held, and the review for operators who may', () => {
    const text = textOf(createElement(ReferralRewardsTab, { merchantId: 'm-1', canWrite: true }), answers);
    expect(text).toContain('juan01 → pedro02');
    expect(text).toContain('Held for review');
    expect(text).toContain('Same address and device as the referrer');
    expect(text).toContain('Approve');
    expect(text).toContain('Reject');
  });

  it('shows no review to an operator who may only read', () => {
    const text = textOf(createElement(ReferralRewardsTab, { merchantId: 'm-1', canWrite: false }), answers);
    expect(text).toContain('Held for review');
    expect(text).not.toContain('Approve');
  });
});
