import { describe, expect, it } from 'vitest';
import { actionsOf } from './settlement-actions.ts';
import { inputLinesOf, wordsOfName } from './settlement-inputs.ts';

describe('inputLinesOf', () => {
  it('labels the inputs a settlement writes, in the order it wrote them', () => {
    expect(inputLinesOf({ activeMembers: 12, validBet: '150000.00', rewards: '300.00' })).toEqual([
      ['Active members', '12'],
      ['Team valid bet', '150000.00'],
      ['Rewards to the team', '300.00'],
    ]);
  });

  it('spells out a name it has no label for, so that no input is hidden', () => {
    expect(wordsOfName('lateValidBet')).toBe('Late valid bet');
    expect(inputLinesOf({ houseTopUp: '5.00' })).toEqual([['House top up', '5.00']]);
  });

  it('gives each field of an object inside its own line, named after the object', () => {
    expect(inputLinesOf({ late: { validBet: '-20.00', win: '0.00' }, carryIn: null })).toEqual([
      ['Late: team valid bet', '-20.00'],
      ['Late: team payout', '0.00'],
      ['Carried in', '—'],
    ]);
  });
});

describe('actionsOf', () => {
  it('offers every action to a settlement above the approval amount', () => {
    expect(actionsOf('approval')).toEqual(['approve', 'pay-from-house', 'defer', 'cancel']);
  });

  it("offers the house's payment to a settlement whose upline's cash was short", () => {
    expect(actionsOf('processing')).toEqual(['pay-from-house', 'defer', 'cancel']);
  });

  it('lets a deferred settlement be paid or cancelled later, but not deferred again', () => {
    expect(actionsOf('deferred')).toEqual(['approve', 'pay-from-house', 'cancel']);
  });

  it('offers nothing once a settlement is paid or cancelled', () => {
    for (const status of ['paid', 'cancelled', 'unknown']) expect(actionsOf(status)).toEqual([]);
  });
});
