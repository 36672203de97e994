import { describe, expect, it } from 'vitest';
import { BackOfficeError } from '../lib/back-office-api.ts';
import {
  CONFIRM_IDLE,
  type ConfirmRequest,
  type ConfirmState,
  confirmStep,
  moneyFactsOf,
  refusalTextOf,
} from './confirm-steps.ts';

const payout: ConfirmRequest = {
  title: 'Pay out this withdrawal?',
  confirmLabel: 'Pay out',
  tone: 'primary',
  facts: moneyFactsOf({ amount: '1250.00', currency: 'PHP', payee: 'maria', account: 'GCash 09171234567' }),
  run: async () => undefined,
  doneText: 'Paid out ₱1,250.00 to maria.',
};

const asking = confirmStep(CONFIRM_IDLE, { type: 'ask', request: payout });
const sending = confirmStep(asking, { type: 'send' });

describe('confirmStep', () => {
  it('sends an action once: a second yes while it is on its way changes nothing', () => {
    expect(sending).toMatchObject({ kind: 'sending', request: payout });
    expect(confirmStep(sending, { type: 'send' })).toBe(sending);
  });

  it('cannot be cancelled or asked over while an action is on its way', () => {
    expect(confirmStep(sending, { type: 'cancel' })).toBe(sending);
    expect(confirmStep(sending, { type: 'ask', request: { ...payout, title: 'Other' } })).toBe(sending);
    expect(confirmStep(asking, { type: 'ask', request: { ...payout, title: 'Other' } })).toBe(asking);
  });

  it('ends an accepted action with its notice, and a refused one back at the question with the refusal', () => {
    expect(confirmStep(sending, { type: 'succeeded' })).toEqual({
      kind: 'idle',
      notice: { tone: 'success', title: 'Paid out ₱1,250.00 to maria.' },
    });
    const refused = confirmStep(sending, { type: 'failed', error: 'Not enough funds (INSUFFICIENT_FUNDS)' });
    expect(refused).toEqual({
      kind: 'asking',
      request: payout,
      error: 'Not enough funds (INSUFFICIENT_FUNDS)',
      notice: null,
    } satisfies ConfirmState);
    // Asked again, the operator may send it once more.
    expect(confirmStep(refused, { type: 'send' })).toMatchObject({ kind: 'sending' });
  });

  it('leaves the notice to the action itself when it names none (a temporary password to read)', () => {
    const { doneText: _none, ...quiet } = payout;
    const sent = confirmStep(confirmStep(CONFIRM_IDLE, { type: 'ask', request: quiet }), { type: 'send' });
    expect(confirmStep(sent, { type: 'succeeded' })).toEqual({ kind: 'idle', notice: null });
  });

  it('sends nothing when cancelled, and keeps the notice of the action before', () => {
    const done = confirmStep(sending, { type: 'succeeded' });
    const reopened = confirmStep(done, { type: 'ask', request: payout });
    expect(confirmStep(reopened, { type: 'cancel' })).toEqual({ kind: 'idle', notice: null });
    expect(confirmStep(CONFIRM_IDLE, { type: 'send' })).toBe(CONFIRM_IDLE);
  });
});

describe('moneyFactsOf', () => {
  it('restates the amount in pesos and the payee, with the account only where it is known', () => {
    expect(payout.facts).toEqual([
      ['Amount', '₱1,250.00'],
      ['Player', 'maria'],
      ['Account', 'GCash 09171234567'],
    ]);
    expect(moneyFactsOf({ amount: '50.00', currency: 'PHP', payee: 'juan', account: null })).toEqual([
      ['Amount', '₱50.00'],
      ['Player', 'juan'],
    ]);
  });
});

describe('refusalTextOf', () => {
  it("gives the server's words and code, and says when no answer came", () => {
    expect(refusalTextOf(new BackOfficeError('CONFLICT', 'Already decided', {}))).toBe(
      'Already decided (CONFLICT)',
    );
    expect(refusalTextOf(new TypeError('fetch failed'))).toMatch(/request failed/);
  });
});
