import { describe, expect, it } from 'vitest';
import { accountsOf, emptyMailForm, readMailForm } from './mail-form.ts';

const written = {
  ...emptyMailForm(),
  titles: { TY: 'Paalala', EN: 'Notice' },
  bodies: { TY: '<p>Kumusta</p>', EN: '<p>Hello</p>' },
};

describe('the mail form', () => {
  it('reads pasted accounts one a line or separated by commas, each once', () => {
    expect(accountsOf('juan\nmaria, pedro;juan  \n\n ana')).toEqual(['juan', 'maria', 'pedro', 'ana']);
  });

  it('asks for both languages, the audience it names, and a time when scheduled', () => {
    const reading = readMailForm({ ...emptyMailForm(), audience: 'team', isScheduled: true }, 'm1');
    expect(reading).toEqual({
      errors: {
        'titles.TY': 'Write the title.',
        'titles.EN': 'Write the title.',
        'bodies.TY': 'Write the message.',
        'bodies.EN': 'Write the message.',
        agentAccount: 'Name the agent’s account.',
        sendAt: 'Choose when it goes.',
      },
    });
  });

  it('refuses more accounts than one mail may name', () => {
    const accounts = Array.from({ length: 1001 }, (_, index) => `a${index}`).join('\n');
    const reading = readMailForm({ ...written, audience: 'accounts', accounts }, 'm1');
    expect(reading).toMatchObject({ errors: { accounts: expect.stringContaining('At most 1000') } });
  });

  it('sends the audience it names, now or at the moment chosen', () => {
    expect(readMailForm({ ...written, audience: 'vip', vipRank: '3' }, 'm1')).toEqual({
      body: {
        merchantId: 'm1',
        kind: 'service',
        audience: 'vip',
        vipRank: 3,
        titles: { TY: 'Paalala', EN: 'Notice' },
        bodies: { TY: '<p>Kumusta</p>', EN: '<p>Hello</p>' },
        sendAt: null,
      },
    });
    const scheduled = readMailForm(
      { ...written, isScheduled: true, sendAt: '2026-12-01T09:30', account: 'juan' },
      'm1',
    );
    expect(scheduled).toMatchObject({
      body: { audience: 'member', account: 'juan', sendAt: new Date('2026-12-01T09:30').toISOString() },
    });
  });
});
