import { drawRaffle } from '@panalo/games/draws/raffle.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../../components/render-markup.test-support';
import type { PromotionDetail } from '../api/promotions';
import type { RafflePrize, RaffleView } from '../api/raffle';
import { verifyRaffleDraw } from '../raffle-verification';
import { RaffleFairness, RaffleVerificationResult } from './raffle-fairness';
import { PrizeRow, RafflePrizes } from './raffle-prizes';
import { RafflePrizeTable, RaffleWinners } from './raffle-results';
import { MyTickets, RaffleDrawTime, RaffleSummary } from './raffle-summary';

// A raffle's pieces rendered as the server would, in Tagalog; the clock is the one each test gives.

beforeAll(loadTagalog);

const SERVER_SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const NOW = new Date('2026-12-29T15:30:00.000Z');

const openRaffle: RaffleView = {
  ticketBy: 'validBet',
  ticketEvery: '500.00',
  maxTickets: 100,
  drawAt: '2026-12-31T17:00:00.000Z',
  withdrawn: false,
  serverSeedHash: hashServerSeed(SERVER_SEED),
  serverSeed: null,
  clientSeed: null,
  drawnAt: null,
  ticketCount: 1234,
  prizes: [
    { rank: 1, count: 1, amount: '5000.00' },
    { rank: 2, count: 3, amount: '1000.00' },
    { rank: 5, count: 20, amount: '100.00' },
  ],
  myTicketCount: 0,
  myTickets: [],
  progress: null,
  winners: [],
  myPrizes: [],
};

const detail: PromotionDetail = {
  id: 'raffle-1',
  type: 'OTHERS',
  kind: 'raffle',
  title: 'Raffle ng Pasko',
  content: '',
  detailImageUrl: null,
  coverImageUrl: null,
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-31T16:00:00.000Z',
  state: 'JOINED',
  reason: null,
  mayApplyAgain: false,
  rules: { ticketBy: 'validBet', ticketEvery: '500.00', maxTickets: 100, payAs: 'cash', claimDays: 7 },
  terms: null,
  entry: null,
  bonus: null,
  raffle: openRaffle,
};

const ticketsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => String(index + 1).padStart(7, '0'));

describe('a raffle before its draw', () => {
  it('counts down to the draw, with its moment in the merchant’s zone and the tickets in it', () => {
    const html = renderMarkup(<RaffleDrawTime raffle={openRaffle} now={NOW} />);
    expect(html).toContain('Bunutan sa loob ng 2 araw 1 oras');
    expect(html).toContain('Sa Ene 1, 2027, 1:00 AM');
    expect(html).toContain('Kasali na sa bunutan ang 1,234 na tiket');
  });

  it('says the draw is being made once its time has passed', () => {
    const html = renderMarkup(<RaffleDrawTime raffle={openRaffle} now={new Date('2026-12-31T17:05:00Z')} />);
    expect(html).toContain('Ginagawa na ang bunutan.');
  });

  it('shows a visitor the prizes and the commitment, and asks them to log in and join', () => {
    const summary = renderMarkup(
      <RaffleSummary detail={{ ...detail, state: 'JOIN' }} raffle={openRaffle} now={NOW} isMember={false} />,
    );
    expect(summary).toContain('Mag-log in at sumali para makakuha ng mga tiket.');
    const table = renderMarkup(<RafflePrizeTable raffle={openRaffle} />);
    expect(table).toContain('2–4');
    expect(table).toContain('₱5,000.00');
    expect(table).toContain('24 na premyong nagkakahalaga ng ₱10,000.00 lahat-lahat');
    const fairness = renderMarkup(<RaffleFairness promotionId="raffle-1" raffle={openRaffle} />);
    expect(fairness).toContain(hashServerSeed(SERVER_SEED));
    expect(fairness).toContain('Kopyahin');
    expect(fairness).toContain('Kapag nabunot na ang mga nanalo, masusuri mo rito ang bunutan.');
    expect(fairness).not.toContain('Suriin ang bunutan');
  });

  it('tells a joined member without tickets yet how the first comes', () => {
    const html = renderMarkup(
      <MyTickets
        detail={{ state: 'JOINED' }}
        raffle={{ ...openRaffle, progress: { counted: '150.00', nextTicketAt: '500.00' } }}
        isMember
      />,
    );
    expect(html).toContain('Wala ka pang tiket. Darating ang una mong tiket sa ₱500.00 na balidong taya.');
    expect(html).toContain('₱350.00 pa para sa susunod mong tiket');
    expect(html).toContain('aria-valuenow="30"');
  });

  it('shows a member’s tickets as chips, says how many more, and the way to the next', () => {
    const myTickets = ticketsOf(200);
    const html = renderMarkup(
      <MyTickets
        detail={{ state: 'JOINED' }}
        raffle={{
          ...openRaffle,
          myTicketCount: 230,
          myTickets,
          progress: { counted: '115350.00', nextTicketAt: '115500.00' },
        }}
        isMember
      />,
    );
    expect(html).toContain('230 tiket');
    expect(html).toContain('>0000001<');
    expect(html).toContain('>0000020<');
    expect(html).not.toContain('>0000021<');
    expect(html).toContain('at 210 pa');
    expect(html).toContain('Mga balidong tayang nabilang na: ₱115,350.00');
  });

  it('says so when the member holds the most tickets a member can', () => {
    const html = renderMarkup(
      <MyTickets
        detail={{ state: 'JOINED' }}
        raffle={{ ...openRaffle, maxTickets: 3, myTicketCount: 3, myTickets: ticketsOf(3) }}
        isMember
      />,
    );
    expect(html).toContain('Hawak mo na ang pinakamaraming tiket na puwede sa isang miyembro: 3.');
    expect(html).not.toContain('role="progressbar"');
  });
});

/** A raffle drawn by the draw's own code, as the detail shows it after. */
function drawnRaffle(myTickets: string[]): RaffleView {
  const ticketIds = ticketsOf(40);
  const draw = drawRaffle(SERVER_SEED, ticketIds, 24);
  const amounts = ['5000.00', '1000.00', '1000.00', '1000.00', ...Array<string>(20).fill('100.00')];
  return {
    ...openRaffle,
    serverSeed: SERVER_SEED,
    clientSeed: draw.clientSeed,
    drawnAt: '2026-12-31T17:00:30.000Z',
    ticketCount: ticketIds.length,
    myTicketCount: myTickets.length,
    myTickets,
    winners: draw.winners.map((ticketId, index) => ({
      rank: index + 1,
      ticketId,
      name: `pl***${index}`,
      amount: amounts[index]!,
      mine: myTickets.includes(ticketId),
    })),
  };
}

describe('a raffle after its draw', () => {
  it('lists the winners by place, the member’s own marked even below the first shown', () => {
    const probe = drawnRaffle([]);
    const mine = probe.winners[22]!.ticketId;
    const raffle = drawnRaffle([mine]);
    const html = renderMarkup(<RaffleWinners raffle={raffle} />);
    expect(html.match(/data-testid="raffle-winner"/g)).toHaveLength(21);
    expect(html.match(/data-mine="true"/g)).toHaveLength(1);
    expect(html).toContain('>Ikaw<');
    expect(html).toContain('Ipakita ang lahat ng 24 na nanalo');
  });

  it('says there are no winners when no tickets were earned', () => {
    const html = renderMarkup(
      <RaffleWinners raffle={{ ...openRaffle, drawnAt: '2026-12-31T17:00:30.000Z' }} />,
    );
    expect(html).toContain('Walang nakakuha ng tiket, kaya walang premyong nabunot.');
  });

  it('offers to verify the draw once its seed is revealed', () => {
    const html = renderMarkup(<RaffleFairness promotionId="raffle-1" raffle={drawnRaffle([])} />);
    expect(html).toContain('Suriin ang bunutan');
  });

  it('shows each check of a draw made as published passed, and the seeds', () => {
    const raffle = drawnRaffle(['0000007']);
    const verification = verifyRaffleDraw(raffle, ticketsOf(40))!;
    const html = renderMarkup(<RaffleVerificationResult verification={verification} hasOwnTickets />);
    expect(html).toContain('data-passed="true"');
    expect(html).toContain('Tama ang bunutan');
    expect(html.match(/data-testid="raffle-check"/g)).toHaveLength(4);
    expect(html).not.toContain('bagsak');
    expect(html).toContain('Nasa listahan ang lahat ng 40 tiket na ibinigay, kasama ang sa iyo.');
    expect(html).toContain(SERVER_SEED);
    expect(html).toContain(raffle.clientSeed!);
  });

  it('shows which check a tampered draw fails', () => {
    const raffle = drawnRaffle([]);
    const tampered = {
      ...raffle,
      winners: raffle.winners.map((winner) =>
        winner.rank === 1 ? { ...winner, ticketId: raffle.winners[1]!.ticketId } : winner,
      ),
    };
    const verification = verifyRaffleDraw(tampered, ticketsOf(40))!;
    const html = renderMarkup(<RaffleVerificationResult verification={verification} hasOwnTickets={false} />);
    expect(html).toContain('Hindi tugma ang bunutan sa inilathala.');
    expect(html).toContain('data-check="winners" data-passed="false"');
    expect(html).toContain('data-check="commitment" data-passed="true"');
    expect(html).toContain('Nasa listahan ang lahat ng 40 tiket na ibinigay.');
  });
});

describe('the member’s prizes', () => {
  const prize: RafflePrize = {
    id: 'winner-1',
    rank: 2,
    ticketId: '0000017',
    amount: '1000.00',
    status: 'won',
    claimBy: '2027-01-07T17:00:00.000Z',
    claimedAt: null,
  };
  const row = (each: RafflePrize, now = NOW) =>
    renderMarkup(
      <PrizeRow prize={each} now={now} isClaiming={false} answer={null} onClaim={() => undefined} />,
    );

  it('offers Claim with the time to claim by while it may be claimed', () => {
    const html = row(prize);
    expect(html).toContain('data-claim="claimable"');
    expect(html).toContain('₱1,000.00');
    expect(html).toContain('Puwesto 2 · tiket 0000017');
    expect(html).toContain('I-claim hanggang Ene 8, 2027, 1:00 AM');
    expect(html).toContain('>I-claim<');
  });

  it('shows a claimed prize as claimed, and one past its time as expired, with no Claim', () => {
    const claimed = row({ ...prize, status: 'claimed', claimedAt: '2027-01-02T02:00:00.000Z' });
    expect(claimed).toContain('Na-claim noong Ene 2, 2027, 10:00 AM');
    expect(claimed).toContain('>Na-claim na<');
    expect(claimed).not.toContain('>I-claim<');
    const late = row(prize, new Date('2027-01-07T17:00:00.000Z'));
    expect(late).toContain('data-claim="expired"');
    expect(late).toContain('>Nag-expire<');
    expect(late).not.toContain('>I-claim<');
  });

  it('says why a claim was refused under the prize it was for', () => {
    const html = renderMarkup(
      <PrizeRow
        prize={prize}
        now={NOW}
        isClaiming={false}
        answer={{ message: 'Na-claim na ang premyong ito.', code: 'CONFLICT' }}
        onClaim={() => undefined}
      />,
    );
    expect(html).toContain('data-code="CONFLICT"');
    expect(html).toContain('Na-claim na ang premyong ito.');
  });

  it('asks for the terms to be accepted before a prize paid as a bonus is claimed, and not for cash', () => {
    const raffle = { ...drawnRaffle([]), myPrizes: [prize] };
    const bonusDetail: PromotionDetail = {
      ...detail,
      state: 'CLAIM',
      rules: { ...detail.rules, payAs: 'bonus' },
      terms: {
        multiplier: 1,
        includeDeposit: false,
        contributions: [{ gameType: 'RNG', percent: '100.00' }],
        maxStake: null,
        expiryDays: 7,
        maxConversion: null,
        minSpinStake: null,
        minSpinLines: null,
      },
    };
    const asBonus = renderMarkup(<RafflePrizes detail={bonusDetail} raffle={raffle} now={NOW} />);
    expect(asBonus).toContain('data-testid="raffle-accept-terms"');
    const asCash = renderMarkup(
      <RafflePrizes detail={{ ...detail, state: 'CLAIM' }} raffle={raffle} now={NOW} />,
    );
    expect(asCash).not.toContain('data-testid="raffle-accept-terms"');
    expect(asCash).toContain('Aking mga premyo');
  });

  it('marks a winning ticket among the member’s chips, and lists their prizes in the summary', () => {
    const raffle = { ...drawnRaffle(['0000017']), myPrizes: [prize] };
    const html = renderMarkup(
      <RaffleSummary detail={{ ...detail, state: 'CLAIM' }} raffle={raffle} now={NOW} isMember />,
    );
    expect(html).toContain('data-winning="true"');
    expect(html).toContain('nanalong tiket');
    expect(html).toContain('data-testid="raffle-my-prizes"');
    expect(html).toContain('Binunot noong Ene 1, 2027, 1:00 AM');
  });
});
