import { describe, expect, it } from 'vitest';
import { chancesOf, draftOfTable, newPrizeDraft, newTableDraft, readTableDraft } from './prize-table-form.ts';
import type { OperatorPrizeTable } from './rewards-api.ts';
import { newRuleDraft, readRuleDraft } from './ticket-rule-form.ts';

const TABLE: OperatorPrizeTable = {
  id: 't-1',
  merchantId: 'm-1',
  kind: 'wheel',
  names: { TY: 'Gulong', EN: 'Wheel' },
  version: 3,
  tableHash: 'a'.repeat(64),
  prizes: [
    {
      index: 0,
      names: { TY: '₱10', EN: '₱10' },
      kind: 'cash',
      amount: '10.00',
      points: null,
      wageringMultiplier: null,
      weight: 1,
      chance: '12.50',
    },
    {
      index: 1,
      names: { TY: 'Bonus', EN: 'Bonus' },
      kind: 'bonus',
      amount: '50.00',
      points: null,
      wageringMultiplier: 3,
      weight: 2,
      chance: '25.00',
    },
    {
      index: 2,
      names: { TY: 'Puntos', EN: 'Points' },
      kind: 'points',
      amount: null,
      points: 100,
      wageringMultiplier: null,
      weight: 1,
      chance: '12.50',
    },
    {
      index: 3,
      names: { TY: 'Subukan muli', EN: 'Try again' },
      kind: 'none',
      amount: null,
      points: null,
      wageringMultiplier: null,
      weight: 4,
      chance: '50.00',
    },
  ],
  dailyBudget: '5000.00',
  active: true,
  sort: 2,
  expectedCost: { money: '15.00', points: 0, pointsValued: true },
  updatedAt: '2026-11-20T00:00:00.000Z',
};

describe('the prize table form', () => {
  it('shows each prize’s chance as the server rounds it, and 0.00 while nothing weighs', () => {
    expect(chancesOf(['1', '2', '1', '4'])).toEqual(['12.50', '25.00', '12.50', '50.00']);
    expect(chancesOf(['1', '2'])).toEqual(['33.33', '66.67']);
    expect(chancesOf(['0', 'x'])).toEqual(['0.00', '0.00']);
  });

  it('reads a table back into the body it was saved from', () => {
    const reading = readTableDraft(draftOfTable(TABLE));
    expect(reading).toEqual({
      ok: true,
      body: {
        kind: 'wheel',
        names: { TY: 'Gulong', EN: 'Wheel' },
        prizes: TABLE.prizes.map(({ names, kind, amount, points, wageringMultiplier, weight }) => ({
          names,
          kind,
          amount,
          points,
          wageringMultiplier,
          weight,
        })),
        dailyBudget: '5000.00',
        active: true,
        sort: 2,
      },
    });
  });

  it('names the fields to fix as the server names them', () => {
    const draft = newTableDraft();
    draft.prizes = [
      { ...newPrizeDraft(), kind: 'cash', amount: 'abc', weight: '0' },
      { ...newPrizeDraft(), kind: 'bonus', amount: '5', multiplier: '' },
    ];
    draft.dailyBudget = '0';
    const reading = readTableDraft(draft);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(Object.keys(reading.errors).sort()).toEqual(
      [
        'dailyBudget',
        'names.EN',
        'names.TY',
        'prizes.0.amount',
        'prizes.0.names.EN',
        'prizes.0.names.TY',
        'prizes.1.names.EN',
        'prizes.1.names.TY',
        'prizes.1.wageringMultiplier',
      ].sort(),
    );
  });

  it('asks for some weight above 0', () => {
    const draft = draftOfTable(TABLE);
    draft.prizes = draft.prizes.map((prize) => ({ ...prize, weight: '0' }));
    const reading = readTableDraft(draft);
    expect(reading.ok ? null : reading.errors.prizes).toBe('At least one prize weighs more than 0.');
  });
});

describe('the ticket rule form', () => {
  it('asks for the amount of a deposit rule and the rank of a VIP rule', () => {
    const deposit = { ...newRuleDraft('t-1'), names: { TY: 'Deposito', EN: 'Deposit' }, amount: '500' };
    expect(readRuleDraft(deposit)).toMatchObject({
      ok: true,
      body: { trigger: 'deposit', amount: '500.00', vipRank: null },
    });
    const vip = { ...deposit, trigger: 'vip_level' as const, vipRank: '' };
    expect(readRuleDraft(vip)).toMatchObject({ ok: false, errors: { vipRank: 'A rank from 1.' } });
    expect(readRuleDraft({ ...vip, vipRank: '2' })).toMatchObject({
      ok: true,
      body: { amount: null, vipRank: 2 },
    });
  });
});
