import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../../components/render-markup.test-support';
import type { Draw, Drop, RewardCentre, Ticket } from './api/reward';
import { RewardCentrePage, RewardCentreView } from './components/reward-centre-page';
import { DrawRows, OpenedEnvelopeRows, TicketRows } from './components/reward-history';
import { PrizeWheel } from './components/reward-motion';
import { landingRotation } from './wheel';

beforeAll(loadTagalog);

// Rendered as the server would, in Tagalog: what the centre shows from the reward routes' answers.
const centre: RewardCentre = {
  marketable: true,
  tables: [
    {
      id: 't-wheel',
      kind: 'wheel',
      name: 'Gulong ng Premyo',
      version: 3,
      tableHash: 'ab'.repeat(32),
      tickets: 2,
      nextExpiresAt: '2026-11-30T04:00:00.000Z',
      prizes: [
        { index: 0, name: '₱10', kind: 'cash', amount: '10.00', points: null, weight: 30, chance: '30.00' },
        {
          index: 1,
          name: 'Bonus',
          kind: 'bonus',
          amount: '50.00',
          points: null,
          weight: 10,
          chance: '10.00',
        },
        { index: 2, name: 'Puntos', kind: 'points', amount: null, points: 100, weight: 20, chance: '20.00' },
        {
          index: 3,
          name: 'Subukan muli',
          kind: 'none',
          amount: null,
          points: null,
          weight: 40,
          chance: '40.00',
        },
      ],
    },
    {
      id: 't-egg',
      kind: 'egg',
      name: 'Gintong Itlog',
      version: 1,
      tableHash: 'cd'.repeat(32),
      tickets: 0,
      nextExpiresAt: null,
      prizes: [
        { index: 0, name: '₱5', kind: 'cash', amount: '5.00', points: null, weight: 1, chance: '100.00' },
      ],
    },
  ],
  ways: [
    {
      id: 'w1',
      trigger: 'deposit',
      name: 'Tiket sa deposito',
      amount: '500.00',
      vipRank: null,
      tickets: 1,
      tableId: 't-wheel',
      expiresInDays: 7,
    },
  ],
  seed: { serverSeedHash: 'ef'.repeat(32), clientSeed: 'my-seed', nonce: 4 },
};

const drop = (over: Partial<Drop>): Drop => ({
  id: 'd1',
  title: 'Pulang sobre ng Biyernes',
  startsAt: '2026-11-27T00:00:00.000Z',
  endsAt: '2099-11-27T12:00:00.000Z',
  status: 'open',
  count: 100,
  left: 40,
  totalAmount: '1000.00',
  minimumAmount: '1.00',
  serverSeedHash: '12'.repeat(32),
  serverSeed: null,
  mine: null,
  ...over,
});

describe('the reward centre', () => {
  it('shows my tickets per table, every prize’s chance before a ticket is used, and the buttons', () => {
    const html = renderMarkup(<RewardCentreView centre={centre} drops={[]} />);
    expect(html).toContain('Gulong ng Premyo');
    expect(html).toContain('data-testid="reward-ticket-count">2<');
    expect(html).toContain('Mag-e-expire ang susunod na tiket sa');
    expect(html).toContain('₱10.00 na cash');
    expect(html).toContain('₱50.00 na bonus');
    expect(html).toContain('100 puntos');
    expect(html).toContain('40.00%');
    expect(html).toContain('Paikutin ang gulong');
    // The egg has no ticket: its button says so and holds back.
    expect(html).toContain('Wala ka pang tiket');
    expect(html).toMatch(/disabled=""[^>]*data-testid="reward-draw"/);
  });

  it('says how to earn tickets, and shows the seed pair the next draw uses', () => {
    const html = renderMarkup(<RewardCentreView centre={centre} drops={[]} />);
    expect(html).toContain('Mag-deposit ng ₱500.00 o higit pa nang isang beses');
    expect(html).toContain('Makakuha ng 1 tiket para sa Gulong ng Premyo, may bisa nang 7 araw');
    expect(html).toContain('my-seed');
    expect(html).toContain('nonce blg. 4');
  });

  it('lists the red envelopes: open with the button and what is left, upcoming with its countdown, and what I got', () => {
    const html = renderMarkup(
      <RewardCentreView
        centre={centre}
        drops={[
          drop({}),
          drop({ id: 'd2', status: 'upcoming', startsAt: '2099-01-01T00:00:00.000Z' }),
          drop({
            id: 'd3',
            status: 'ended',
            endsAt: '2026-11-26T00:00:00.000Z',
            serverSeed: '34'.repeat(32),
            mine: { index: 3, amount: '12.34', openedAt: '2026-11-25T23:00:00.000Z' },
          }),
        ]}
      />,
    );
    expect(html).toContain('40 sa 100');
    expect(html).toContain('Magbukas ng sobre');
    expect(html).toContain('Magsasara sa loob ng');
    expect(html).toContain('Malapit na');
    expect(html).toContain('Magbubukas sa loob ng');
    expect(html).toContain('Nakakuha ka ng ₱12.34 sa drop na ito.');
    expect(html).toContain('data-testid="envelope-verify"');
    expect(html.match(/data-testid="envelope-open"/g)).toHaveLength(1);
  });

  it('shows a member it may not reach everything, read-only, with a sentence why and no button', () => {
    const html = renderMarkup(
      <RewardCentreView centre={{ ...centre, marketable: false }} drops={[drop({})]} />,
    );
    expect(html).toContain('data-testid="reward-read-only"');
    expect(html).toContain('Puwede kang tumingin');
    expect(html).toContain('40.00%');
    expect(html).not.toContain('data-testid="reward-draw"');
    expect(html).not.toContain('data-testid="envelope-open"');
  });

  it('says when there is no table, no drop and no way to earn tickets', () => {
    const html = renderMarkup(<RewardCentreView centre={{ ...centre, tables: [], ways: [] }} drops={[]} />);
    expect(html).toContain('Walang gulong ng premyo o gintong itlog sa ngayon.');
    expect(html).toContain('Walang pulang sobre sa ngayon.');
    expect(html).toContain('Walang paraan para makakuha ng tiket sa ngayon.');
  });

  it('holds the space with skeletons while the answers load', () => {
    expect(renderMarkup(<RewardCentrePage />)).toContain('data-testid="reward-centre-loading"');
  });
});

describe('my reward history', () => {
  const draw: Draw = {
    id: 'r1',
    tableId: 't-wheel',
    kind: 'wheel',
    tableName: 'Gulong ng Premyo',
    prizeIndex: 0,
    prize: centre.tables[0]!.prizes[0]!,
    tableVersion: 3,
    tableHash: 'ab'.repeat(32),
    serverSeedHash: 'ef'.repeat(32),
    clientSeed: 'my-seed',
    nonce: 3,
    serverSeed: null,
    createdAt: '2026-11-27T03:00:00.000Z',
  };

  it('offers the verifier for a draw whose seed is out, and says when a seed is still secret', () => {
    const html = renderMarkup(
      <DrawRows
        draws={[draw, { ...draw, id: 'r2', serverSeed: 'ef'.repeat(32) }]}
        onVerify={() => undefined}
      />,
    );
    expect(html).toContain('₱10.00 na cash');
    expect(html).toContain('Mabe-verify kapag napalitan na ang seed pair mo');
    expect(html.match(/data-testid="draw-verify"/g)).toHaveLength(1);
  });

  it('lists tickets with their state, and says when there is none', () => {
    const ticket: Ticket = {
      id: 'k1',
      tableId: 't-wheel',
      kind: 'wheel',
      tableName: 'Gulong ng Premyo',
      source: 'deposit',
      status: 'expired',
      createdAt: '2026-11-20T03:00:00.000Z',
      expiresAt: '2026-11-27T03:00:00.000Z',
      usedAt: null,
    };
    const html = renderMarkup(
      <TicketRows
        tickets={[
          ticket,
          { ...ticket, id: 'k2', status: 'used', source: 'operator', usedAt: '2026-11-21T03:00:00.000Z' },
        ]}
      />,
    );
    expect(html).toContain('Expired na');
    expect(html).toContain('Nag-expire noong');
    expect(html).toContain('Nagamit na');
    expect(html).toContain('Bigay ng team');
    expect(renderMarkup(<TicketRows tickets={[]} />)).toContain('Walang tiket dito.');
    expect(renderMarkup(<DrawRows draws={[]} onVerify={() => undefined} />)).toContain(
      'Hindi ka pa gumagamit ng tiket.',
    );
    expect(renderMarkup(<OpenedEnvelopeRows drops={[drop({})]} />)).toContain('Hindi ka nagbukas ng sobre');
  });
});

describe('the prize wheel', () => {
  it('stands where the landing rotation for the answered prize puts it', () => {
    const rotation = landingRotation(2, 4);
    const html = renderMarkup(
      <PrizeWheel prizes={centre.tables[0]!.prizes} rotation={rotation} isSpinning={false} />,
    );
    expect(html).toContain(`data-rotation="${rotation}"`);
    expect(html).toContain(`rotate(${rotation}deg)`);
    expect(html.match(/<path/g)).toHaveLength(4);
  });
});
