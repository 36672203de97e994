import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PromotionBuilder } from './promotion-builder.tsx';
import type { PromotionKind } from './promotion-labels.ts';
import type { Promotion } from './promotions-api.ts';

const NOW_MS = Date.parse('2025-06-10T00:00:00.000Z');

function stored(kind: PromotionKind, change: Partial<Promotion> = {}): Promotion {
  return {
    id: 'p-1',
    merchantId: 'm-1',
    type: 'DEPOSIT',
    kind,
    title: { TY: 'Bonus sa unang deposito', EN: 'First deposit bonus' },
    content: { TY: '<p>Sali na!</p>' },
    coverImageUrls: {},
    detailImageUrls: {},
    startsAt: '2025-06-01T00:00:00.000Z',
    endsAt: null,
    audience: 'all',
    audienceAgentIds: [],
    rules: {},
    bonusTerms: null,
    grantsPerMember: 1,
    budgetPerDay: null,
    sortOrder: 0,
    status: 'draft',
    createdBy: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    raffle: null,
    ...change,
  };
}

const TERMS = {
  multiplier: 5,
  includeDeposit: false,
  contributions: { RNG: 10_000, LIVE: 1_000 },
  maxStake: '50.00',
  expiryDays: 7,
  maxConversion: null,
};

/** The builder drawn once, as text: what an operator reads on first opening it. */
function textOf(promotion: Promotion | null, canWrite = true): string {
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(PromotionBuilder, {
        merchantId: 'm-1',
        promotion,
        audienceAgents: [{ id: 'a-1', account: 'leader' }],
        canWrite,
        maxMultiplier: 10,
        nowMs: NOW_MS,
        confirm: { ask: () => undefined, isSending: false, element: createElement('span') },
        onNotice: () => undefined,
        onSaved: () => undefined,
        onClose: () => undefined,
      }),
    ),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the promotion builder', () => {
  it('draws a deposit bonus with its rules and terms, and its preview in Tagalog first, with the offer to join', () => {
    const text = textOf(
      stored('deposit_bonus', {
        rules: { percent: '100.00', cap: '1000.00', minDeposit: '100.00', which: 'first' },
        bonusTerms: TERMS,
      }),
    );
    for (const field of [
      'Bonus (% of the deposit)',
      'Cap per grant',
      'Minimum deposit',
      'Which deposit',
      'Wagering multiplier',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toContain('Makakuha ng 100% ng iyong unang deposito bilang bonus, hanggang ₱1,000.00.');
    expect(text).toContain(
      'Halimbawa, ang depositong ₱100.00 ay may bonus na ₱100.00 at ₱500.00 na kailangang itaya.',
    );
    expect(text).toContain('Sumali');
    expect(text).not.toContain('Get 100%');
  });

  it('asks no bonus terms of an information-only promotion, and draws no action in its preview', () => {
    const text = textOf(stored('info'));
    expect(text).not.toContain('Wagering multiplier');
    expect(text).not.toContain('Grants per member');
    expect(text).toContain('Tingnan ang detalye');
    expect(text).not.toContain('Sumali');
  });

  it('draws cashback paid as cash without terms, and an application with its most and terms', () => {
    const cashback = textOf(
      stored('cashback', {
        rules: { percent: '10.00', period: 'week', minNetLoss: '100.00', cap: '2000.00', payAs: 'cash' },
      }),
    );
    expect(cashback).toContain('Paid as');
    expect(cashback).not.toContain('Wagering multiplier');
    expect(cashback).toContain('Ibinibigay bilang cash sa iyong wallet, walang kailangang itaya.');

    const application = textOf(stored('application', { rules: { maxAmount: '500.00' }, bonusTerms: TERMS }));
    expect(application).toContain('Most an operator may approve');
    expect(application).toContain('Wagering multiplier');
    expect(application).toContain('Hanggang ₱500.00 ang maaaring igawad.');
  });

  it('draws an app-download bonus with its amount, terms and the sum to wager, and its preview’s offer to claim', () => {
    const text = textOf(stored('app_download', { rules: { amount: '50.00' }, bonusTerms: TERMS }));
    expect(text).toContain('Rules: App download bonus');
    expect(text).toContain('Bonus amount');
    expect(text).toContain('Wagering multiplier');
    // A member claims it once, as a newbie bonus.
    expect(text).not.toContain('Grants per member');
    expect(text).not.toContain('Claimable within');
    expect(text).toContain('Mag-claim ng ₱50.00 na bonus pagkatapos mag-log in mula sa naka-install na app.');
    expect(text).toContain('Kailangang itaya: ₱250.00.');
    expect(text).toContain('I-claim');
  });

  it('draws a raffle with its prize tiers, what counts of a valid bet, and its preview’s prize table and draw', () => {
    const text = textOf(
      stored('raffle', {
        type: 'OTHERS',
        endsAt: '2025-06-30T15:00:00.000Z',
        rules: {
          ticketBy: 'validBet',
          ticketEvery: '500.00',
          maxTickets: 100,
          prizes: [
            { amount: '5000.00', count: 1 },
            { amount: '1000.00', count: 3 },
          ],
          payAs: 'cash',
          claimDays: 7,
          drawDelayMinutes: 60,
          minSpinLines: 25,
        },
        raffle: { serverSeedHash: 'c0ffee', status: 'open', ticketCount: 1200, drawnAt: null },
      }),
    );
    expect(text).toContain(
      'Raffle: Open, not drawn · 1,200 tickets so far · commitment (SHA-256 of the server seed, shown to players) c0ffee',
    );
    for (const field of [
      'Tickets by',
      'One ticket per valid bet of',
      'Most tickets per member',
      'Bets that count',
      'Slot spins: minimum stake per spin',
      'Slot spins: minimum lines',
      'Prizes, in rank order',
      'Add a tier',
      '4 prizes; at most 20 tiers and 1000 prizes in all.',
      'Prizes paid as',
      'Claim within (days of the draw)',
      'Draw after the end (minutes)',
      'Required: the draw comes after it',
    ]) {
      expect(text).toContain(field);
    }
    // Paid as cash: no bonus terms to ask.
    expect(text).not.toContain('Wagering multiplier');
    expect(text).toContain('Mga premyo');
    expect(text).toContain('2–4');
    expect(text).toContain('4 na premyong nagkakahalaga ng ₱8,000.00 lahat-lahat');
    expect(text).toContain('Makakuha ng 1 tiket sa bawat ₱500.00 na balidong taya.');
    expect(text).toContain('Binibilang lang ang mga spin sa slot na may 25 linya o higit pa.');
    // The page opened on 10 June; the draw is at midnight of 1 July in Manila.
    expect(text).toContain('Bunutan sa loob ng 20 araw 16 na oras');
  });

  it('asks a raffle by deposits nothing of games or spins, and terms of one paid as a bonus', () => {
    const text = textOf(
      stored('raffle', {
        endsAt: '2025-06-30T15:00:00.000Z',
        rules: {
          ticketBy: 'deposit',
          ticketEvery: '1000.00',
          maxTickets: 10,
          prizes: [{ amount: '500.00', count: 1 }],
          payAs: 'bonus',
          claimDays: 7,
          drawDelayMinutes: 60,
        },
        bonusTerms: TERMS,
      }),
    );
    expect(text).toContain('One ticket per deposits of');
    expect(text).not.toContain('Bets that count');
    expect(text).not.toContain('Slot spins: minimum lines');
    expect(text).toContain('Wagering multiplier');
    expect(text).toContain('Slot spins: minimum stake per spin, minimum lines');
  });

  it('offers publishing a saved draft and withdrawing a published promotion, and keeps a published one’s kind', () => {
    expect(textOf(stored('info'))).toContain('Publish…');
    const published = textOf(stored('info', { status: 'published' }));
    expect(published).toContain('Withdraw…');
    expect(published).not.toContain('Publish…');
    expect(published).toContain('A published promotion keeps its kind.');
  });

  it('shows a withdrawn promotion to read only, and a new one as a draft to save', () => {
    const withdrawn = textOf(stored('info', { status: 'withdrawn' }));
    expect(withdrawn).toContain('It can be read here, not changed.');
    expect(withdrawn).not.toContain('Save promotion');
    const fresh = textOf(null);
    expect(fresh).toContain('New promotion');
    expect(fresh).toContain('Save draft');
    expect(fresh).not.toContain('Publish…');
  });

  it('lists the agents of an agents’ teams promotion by account', () => {
    const text = textOf(stored('info', { audience: 'agent_teams', audienceAgentIds: ['a-1'] }));
    expect(text).toContain('Agents whose teams may take part');
    expect(text).toContain('leader');
  });
});
