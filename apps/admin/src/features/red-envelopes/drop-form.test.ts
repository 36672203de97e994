import { describe, expect, it } from 'vitest';
import { emptyDropForm, readDropForm } from './drop-form.ts';

const NOW = new Date('2026-11-27T04:00:00Z');

describe('the drop form', () => {
  const filled = {
    ...emptyDropForm(NOW),
    titleTY: 'Pulang sobre',
    titleEN: 'Red envelopes',
    totalAmount: '500',
    count: '100',
    minimumAmount: '1.00',
  };

  it('reads a complete drop into the body the server takes', () => {
    const read = readDropForm(filled);
    expect(read).toMatchObject({
      body: {
        titles: { TY: 'Pulang sobre', EN: 'Red envelopes' },
        totalAmount: '500',
        count: 100,
        vipRank: null,
      },
    });
    if (!('body' in read)) throw new Error('read');
    expect(Date.parse(read.body.endsAt) - Date.parse(read.body.startsAt)).toBe(3_600_000);
  });

  it('names each field the server would refuse', () => {
    expect(readDropForm({ ...filled, totalAmount: '99.99' })).toEqual({
      errors: { totalAmount: 'At least the number of envelopes times the minimum.' },
    });
    expect(readDropForm({ ...filled, titleTY: ' ', count: '0', minimumAmount: '0' })).toMatchObject({
      errors: { titleTY: expect.any(String), count: expect.any(String), minimumAmount: expect.any(String) },
    });
    expect(readDropForm({ ...filled, endsAt: filled.startsAt })).toEqual({
      errors: { endsAt: 'After it opens.' },
    });
    expect(readDropForm({ ...filled, audience: 'vip', vipRank: 'x' })).toEqual({
      errors: { vipRank: 'A VIP rank from 1.' },
    });
    expect(readDropForm({ ...filled, audience: 'depositors', depositDays: '7' })).toMatchObject({
      body: { audience: 'depositors', depositDays: 7, vipRank: null },
    });
  });
});
