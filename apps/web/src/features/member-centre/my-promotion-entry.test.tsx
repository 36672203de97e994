import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../components/render-markup.test-support';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import type { MyPromotion } from './api/my-promotions';
import { EntryRow } from './components/my-promotions-page';
import { entryWordsOf, raffleHoldingOf } from './my-promotion-entry';

beforeAll(loadTagalog);

const NOW = new Date('2027-01-02T00:00:00.000Z');

const join: MyPromotion = {
  promotionId: 'raffle-1',
  title: 'Raffle ng Pasko',
  type: 'OTHERS',
  kind: 'raffle',
  state: 'CLAIM',
  entryStatus: 'joined',
  amount: null,
  createdAt: '2026-12-03T02:00:00.000Z',
  bonus: null,
};
const prize: MyPromotion = {
  ...join,
  entryStatus: 'issued',
  amount: '1000.00',
  createdAt: '2027-01-01T04:00:00.000Z',
};

describe('an entry of My promotions', () => {
  it('reads a raffle’s claimed prize as received, apart from the raffle’s own state', () => {
    expect(entryWordsOf(prize)).toEqual({
      badgeState: 'ISSUED',
      dateKey: 'promotions.mine.receivedAt',
      amountKey: 'promotions.mine.rafflePrize',
      isRaffleJoin: false,
    });
    const html = renderMarkup(<EntryRow entry={prize} now={NOW} />);
    expect(html).toContain('Natanggap noong Ene 1, 2027, 12:00 PM · Premyo sa raffle: ₱1,000.00');
    expect(html).toContain('Natanggap na');
    expect(html).toContain('href="/promotions#raffle-1"');
  });

  it('shows a prize paid as a bonus in progress while the bonus plays', () => {
    const bonus = {
      id: 'bonus-1',
      source: 'promotion',
      promotionId: 'raffle-1',
      promotionTitle: 'Raffle ng Pasko',
      status: 'active',
      amount: '1000.00',
      depositAmount: null,
      wageringRequired: '1000.00',
      wagered: '250.00',
      progressPercent: 25,
      contributions: [],
      maxStake: null,
      maxConversion: null,
      expiresAt: '2027-01-08T04:00:00.000Z',
      grantedAt: '2027-01-01T04:00:00.000Z',
      activatedAt: '2027-01-01T04:00:00.000Z',
      endedAt: null,
      converted: '0.00',
      forfeited: '0.00',
      forfeitIfCancelled: '1000.00',
      minSpinStake: null,
      minSpinLines: null,
    } satisfies NonNullable<MyPromotion['bonus']>;
    expect(entryWordsOf({ ...prize, bonus }).badgeState).toBe('PROCESS');
    expect(entryWordsOf({ ...prize, bonus: { ...bonus, status: 'converted' } }).badgeState).toBe('ISSUED');
  });

  it('reads a raffle joined with the raffle’s state, its tickets read from the raffle and a way to it', () => {
    expect(entryWordsOf(join)).toEqual({
      badgeState: 'CLAIM',
      dateKey: 'promotions.mine.takenAt',
      amountKey: null,
      isRaffleJoin: true,
    });
    const html = renderMarkup(<EntryRow entry={join} now={NOW} />);
    expect(html).toContain('May premyong i-claim');
    expect(html).toContain('data-testid="my-raffle"');
    expect(html).toContain('Tingnan ang raffle');
  });

  it('reads other kinds as before', () => {
    const cashback: MyPromotion = { ...prize, kind: 'cashback', state: 'JOINED' };
    expect(entryWordsOf(cashback)).toEqual({
      badgeState: 'JOINED',
      dateKey: 'promotions.mine.takenAt',
      amountKey: 'promotions.mine.amount',
      isRaffleJoin: false,
    });
  });

  it('counts a joined raffle’s tickets and the prizes still to claim, in time', () => {
    const raffle = {
      myTicketCount: 12,
      myPrizes: [
        { status: 'won' as const, claimBy: '2027-01-08T00:00:00.000Z' },
        { status: 'won' as const, claimBy: '2027-01-01T00:00:00.000Z' },
        { status: 'claimed' as const, claimBy: '2027-01-08T00:00:00.000Z' },
      ].map((each, index) => ({
        ...each,
        id: `w${index}`,
        rank: index + 1,
        ticketId: '0000001',
        amount: '1.00',
        claimedAt: null,
      })),
    };
    expect(raffleHoldingOf(raffle, NOW)).toEqual({ ticketCount: 12, prizesToClaim: 1 });
  });

  it('has the words in both languages', () => {
    for (const locale of [en, ty]) {
      expect(locale.promotions.mine.receivedAt).toContain('{{date}}');
      expect(locale.promotions.mine.rafflePrize).toContain('{{amount}}');
      expect(locale.promotions.mine.rafflePrizeToClaim_other).toContain('{{count}}');
    }
  });
});
