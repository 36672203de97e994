import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import type { Promotion } from './promotions-api.ts';
import { drawRefusalOf, type RaffleAdminView } from './raffle-api.ts';
import { drawStandingOf, prizesLineOf, RaffleView } from './raffle-panel.tsx';

const DRAW_AT = '2025-06-30T16:00:00.000Z';
const BEFORE_DRAW_MS = Date.parse('2025-06-30T15:59:00.000Z');
const AFTER_DRAW_MS = Date.parse('2025-06-30T16:00:00.000Z');

const promotion = {
  id: 'p-9',
  merchantId: 'm-1',
  type: 'OTHERS',
  kind: 'raffle',
  title: { TY: 'Malaking bunutan', EN: 'Big raffle' },
  content: {},
  coverImageUrls: {},
  detailImageUrls: {},
  startsAt: '2025-06-01T00:00:00.000Z',
  endsAt: '2025-06-30T15:00:00.000Z',
  audience: 'all',
  audienceAgentIds: [],
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
  },
  bonusTerms: null,
  grantsPerMember: 1,
  budgetPerDay: null,
  sortOrder: 0,
  status: 'published',
  createdBy: null,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
  raffle: { serverSeedHash: 'a3f1', status: 'open', ticketCount: 1234, drawnAt: null },
} satisfies Promotion;

const open: RaffleAdminView = {
  status: 'open',
  serverSeedHash: 'a3f1c2d4e5b60718293a4b5c6d7e8f90a3f1c2d4e5b60718293a4b5c6d7e8f90',
  serverSeed: null,
  clientSeed: null,
  drawAt: DRAW_AT,
  drawnAt: null,
  ticketCount: 1234,
  participants: 56,
  winners: [],
};

const drawn: RaffleAdminView = {
  ...open,
  status: 'drawn',
  serverSeed: '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed',
  clientSeed: 'c11e47c11e47c11e47c11e47c11e47c11e47c11e47c11e47c11e47c11e47c11e',
  drawnAt: '2025-06-30T16:00:30.000Z',
  winners: [
    {
      id: 'w-2',
      rank: 2,
      ticketId: '0000412',
      memberId: 'u-2',
      username: 'maria21',
      amount: '1000.00',
      status: 'won',
      claimBy: '2025-07-07T16:00:30.000Z',
      claimedAt: null,
    },
    {
      id: 'w-1',
      rank: 1,
      ticketId: '0000007',
      memberId: 'u-1',
      username: 'juan88',
      amount: '5000.00',
      status: 'claimed',
      claimBy: '2025-07-07T16:00:30.000Z',
      claimedAt: '2025-07-01T02:00:00.000Z',
    },
    {
      id: 'w-3',
      rank: 3,
      ticketId: '0000999',
      memberId: 'u-3',
      username: 'pedro',
      amount: '1000.00',
      status: 'expired',
      claimBy: '2025-07-07T16:00:30.000Z',
      claimedAt: null,
    },
  ],
};

/** The raffle drawn once, as HTML: what an operator sees when the panel has read it. */
function drawnHtml(
  raffle: RaffleAdminView,
  nowMs: number,
  options: { canWrite?: boolean; status?: Promotion['status'] } = {},
): string {
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(RaffleView, {
        raffle,
        promotion: { ...promotion, status: options.status ?? 'published' },
        canWrite: options.canWrite ?? true,
        nowMs,
        confirm: { ask: () => undefined, isSending: false, element: createElement('span') },
      }),
    ),
  );
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** The "Draw now" button's tag, to see whether it is offered and whether it may be pressed. */
const drawButtonOf = (html: string) => /<button[^>]*>Draw now…<\/button>/.exec(html)?.[0] ?? null;

describe('the raffle panel', () => {
  it('shows an open raffle’s commitment, tickets and members, and no winners before the draw', () => {
    const html = drawnHtml(open, BEFORE_DRAW_MS);
    const text = textOf(html);
    expect(text).toContain('Open, not drawn');
    expect(text).toContain(open.serverSeedHash);
    expect(text).toContain('Revealed by the draw');
    expect(text).toContain('1,234');
    expect(text).toContain('56');
    expect(text).toContain('₱5,000.00 × 1, ₱1,000.00 × 3');
    expect(text).toContain('No winners yet.');
    expect(text).toMatch(/The winners are drawn Jul 1, 2025.*, from every ticket issued by then\./);
  });

  it('offers "Draw now" once the draw is due, and holds it back before', () => {
    const waiting = drawButtonOf(drawnHtml(open, BEFORE_DRAW_MS));
    expect(waiting).toContain('disabled');
    const due = drawButtonOf(drawnHtml(open, AFTER_DRAW_MS));
    expect(due).not.toBeNull();
    expect(due).not.toContain('disabled');
    expect(textOf(drawnHtml(open, AFTER_DRAW_MS))).toContain('Due: the draw job draws it within the minute');
  });

  it('offers no draw to an operator who may only read, nor for a draft or a withdrawn raffle', () => {
    expect(drawButtonOf(drawnHtml(open, AFTER_DRAW_MS, { canWrite: false }))).toBeNull();
    const draft = drawnHtml(open, AFTER_DRAW_MS, { status: 'draft' });
    expect(drawButtonOf(draft)).toBeNull();
    expect(textOf(draft)).toMatch(/A draft: published, it is drawn Jul 1, 2025/);
    const withdrawn = drawnHtml(open, AFTER_DRAW_MS, { status: 'withdrawn' });
    expect(drawButtonOf(withdrawn)).toBeNull();
    expect(textOf(withdrawn)).toContain('Withdrawn: the raffle is not drawn.');
  });

  it('lists a drawn raffle’s winners by rank with their claims, and reveals both seeds', () => {
    const html = drawnHtml(drawn, AFTER_DRAW_MS);
    const text = textOf(html);
    expect(drawButtonOf(html)).toBeNull();
    expect(text).toContain('Drawn');
    expect(text).toContain(drawn.serverSeed);
    expect(text).toContain(drawn.clientSeed);
    const ranks = [...html.matchAll(/<td class="number">(\d+)<\/td><td class="mono">(\d{7})<\/td>/g)].map(
      (match) => [match[1], match[2]],
    );
    expect(ranks).toEqual([
      ['1', '0000007'],
      ['2', '0000412'],
      ['3', '0000999'],
    ]);
    expect(text).toContain('juan88');
    expect(text).toContain('₱5,000.00');
    expect(text).toContain('Claimed');
    expect(text).toContain('Won, not claimed');
    expect(text).toContain('Expired unclaimed');
    expect(text).not.toContain('No winners yet.');
  });

  it('says a raffle drawn without tickets has no winners', () => {
    const text = textOf(drawnHtml({ ...drawn, ticketCount: 0, winners: [] }, AFTER_DRAW_MS));
    expect(text).toContain('No winners: the raffle was drawn without tickets.');
  });
});

describe('drawStandingOf', () => {
  it('is due from the draw’s moment, drawn once drawn, and never due unpublished', () => {
    expect(drawStandingOf(open, 'published', BEFORE_DRAW_MS)).toBe('waiting');
    expect(drawStandingOf(open, 'published', AFTER_DRAW_MS)).toBe('due');
    expect(drawStandingOf(open, 'withdrawn', AFTER_DRAW_MS)).toBe('withdrawn');
    expect(drawStandingOf(open, 'draft', AFTER_DRAW_MS)).toBe('draft');
    expect(drawStandingOf(drawn, 'withdrawn', AFTER_DRAW_MS)).toBe('drawn');
  });
});

describe('prizesLineOf', () => {
  it('lists the tiers as amount × count, and says when none are set', () => {
    expect(prizesLineOf(promotion.rules)).toBe('₱5,000.00 × 1, ₱1,000.00 × 3');
    expect(prizesLineOf({})).toBe('None set');
  });
});

describe('drawRefusalOf', () => {
  it('says a draw not due when it is due, and one already drawn that its winners are final', () => {
    const notDue = drawRefusalOf(
      new BackOfficeError('CONFLICT', 'Conflict.', { reason: 'NOT_DUE' }),
      DRAW_AT,
    ) as BackOfficeError;
    expect(notDue.code).toBe('CONFLICT');
    expect(notDue.message).toMatch(/^Not due yet: the draw is due Jul 1, 2025.*, once the raffle has ended/);
    const drawnAlready = drawRefusalOf(
      new BackOfficeError('CONFLICT', 'Conflict.', { reason: 'DRAWN' }),
      DRAW_AT,
    ) as BackOfficeError;
    expect(drawnAlready.message).toBe(
      'Already drawn (by the draw job or another operator): its winners are final and listed below.',
    );
  });

  it('says only a published raffle is drawn when the server refuses one by its status', () => {
    const withdrawn = drawRefusalOf(
      new BackOfficeError('CONFLICT', 'Conflict.', { status: 'withdrawn' }),
      DRAW_AT,
    ) as BackOfficeError;
    expect(withdrawn.message).toBe('Only a published raffle is drawn, and this one is withdrawn.');
    const draft = drawRefusalOf(new BackOfficeError('CONFLICT', 'Conflict.', { status: 'draft' }), DRAW_AT);
    expect((draft as BackOfficeError).message).toBe(
      'Only a published raffle is drawn, and this one is a draft.',
    );
  });

  it('leaves any other refusal as the server said it', () => {
    const forbidden = new BackOfficeError('FORBIDDEN', 'Not allowed.');
    expect(drawRefusalOf(forbidden, DRAW_AT)).toBe(forbidden);
    const otherConflict = new BackOfficeError('CONFLICT', 'Conflict.', { reason: 'SOMETHING_ELSE' });
    expect(drawRefusalOf(otherConflict, DRAW_AT)).toBe(otherConflict);
  });
});
