import { describe, expect, it } from 'vitest';
import { wordMessage } from './message-texts.ts';

describe('contract messages', () => {
  it('word the codes they keep in the reader language', () => {
    const params = { contract: 'daily', endReason: 'rate_cap', party: 'ju**an' };
    expect(wordMessage('EN', 'contract_ended', params)).toEqual({
      title: 'Contract ended: daily salary',
      body: "Your daily salary contract with ju**an has ended: its terms no longer fit under the upline's new contract.",
    });
    expect(wordMessage('TY', 'contract_ended', params)).toEqual({
      title: 'Natapos ang kontrata: arawang sahod',
      body: 'Natapos ang kontratang arawang sahod ninyo ni ju**an: hindi na ito akma sa bagong kontrata ng upline.',
    });
  });

  it('name the platform as the operator, with the Tagalog marker of its place', () => {
    const params = { contract: 'dividend', offer: 'new', party: '', days: '7' };
    expect(wordMessage('EN', 'contract_offer', params).body).toBe(
      'You have new contract terms for the dividend contract from the operator. Open Contracts in the agent centre to accept or reject it within 7 days.',
    );
    expect(wordMessage('TY', 'contract_offer', params).body).toBe(
      'Nagpadala ang operator ng bagong kondisyon ng kontrata para sa kontratang dibidendo. Buksan ang Mga Kontrata sa agent centre para tanggapin o tanggihan ito sa loob ng 7 araw.',
    );
    expect(wordMessage('TY', 'contract_rejected', { ...params, party: 'ju**an' }).body).toBe(
      'Tinanggihan ni ju**an ang bagong kondisyon ng kontrata para sa kontratang dibidendo.',
    );
  });

  it('leave free-text reasons of other messages as they are', () => {
    expect(
      wordMessage('EN', 'withdrawal_rejected', { amount: '₱100.00', reason: 'operator', site: 'Panalo' })
        .body,
    ).toBe('Your withdrawal of ₱100.00 was rejected: operator The amount is back in your Panalo balance.');
  });
});
