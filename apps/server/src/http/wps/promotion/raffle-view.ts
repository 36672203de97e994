import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { PromotionStatus } from '../../../db/schema.ts';
import type { RaffleDetail } from '../../../modules/promotion/promotion.service.ts';
import { TICKET_BY } from '../../../modules/promotion/promotion-rules.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';

/**
 * A raffle on the player's detail (docs/promotions.md "Raffles"): how tickets are earned, the
 * draw's commitment (and once drawn, its seeds), the prizes, the member's tickets and progress, the
 * winners with masked names and the member's own prizes to claim.
 */

const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
const Moment = Type.String({ format: 'date-time' });

export const RaffleView = Type.Object({
  ticketBy: StringOf(TICKET_BY),
  /** Each full amount counted earns one ticket. */
  ticketEvery: Money,
  maxTickets: Type.Integer(),
  /** The raffle's end plus its draw delay. */
  drawAt: Moment,
  /** SHA-256 of the server seed, shown from the start. */
  serverSeedHash: Type.String(),
  /** Revealed once drawn. */
  serverSeed: Nullable(Type.String()),
  /** SHA-256 hex of the sorted ticket ids, once drawn. */
  clientSeed: Nullable(Type.String()),
  drawnAt: Nullable(Moment),
  /** Withdrawn before its draw: no draw will be made (its tickets stay as they were). */
  withdrawn: Type.Boolean(),
  /** Every ticket issued so far. */
  ticketCount: Type.Integer(),
  /** The tiers in rank order; rank is the tier's first rank. */
  prizes: Type.Array(Type.Object({ rank: Type.Integer(), count: Type.Integer(), amount: Money })),
  /** 0 for visitors. */
  myTicketCount: Type.Integer(),
  /** The member's ticket ids, ascending, at most 200. */
  myTickets: Type.Array(Type.String()),
  /** The member joined and the raffle is open: the amount counted and where the next ticket comes. */
  progress: Type.Union([Type.Object({ counted: Money, nextTicketAt: Money }), Type.Null()]),
  /** After the draw, by rank; names masked. */
  winners: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      ticketId: Type.String(),
      name: Type.String(),
      amount: Money,
      mine: Type.Boolean(),
    }),
  ),
  myPrizes: Type.Array(
    Type.Object({
      /** The id to claim with. */
      id: Type.String(),
      rank: Type.Integer(),
      ticketId: Type.String(),
      amount: Money,
      status: StringOf(['won', 'claimed', 'expired'] as const),
      claimBy: Moment,
      claimedAt: Nullable(Moment),
    }),
  ),
});

export const ClaimPrizeBody = Type.Object({
  /** The prize (a myPrizes id). */
  id: Id,
  /** Required true when the prize is paid as a bonus; ignored for cash. */
  acceptTerms: Type.Boolean(),
});

export const TicketsView = Type.Object({ ticketIds: Type.Array(Type.String()) });

/** A winner's account as others see it: "ju***an". */
export function maskName(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

export function raffleViewOf(
  detail: RaffleDetail,
  memberId: string | null,
  promotionStatus: PromotionStatus,
) {
  const { draw, rules } = detail;
  const drawn = draw.status === 'drawn';
  let rank = 1;
  const prizes = rules.tiers.map((tier) => {
    const first = rank;
    rank += tier.count;
    return { rank: first, count: tier.count, amount: formatAmount(tier.amountMinor) };
  });
  return {
    ticketBy: rules.ticketBy,
    ticketEvery: formatAmount(rules.ticketEveryMinor),
    maxTickets: rules.maxTickets,
    drawAt: detail.drawAt.toISOString(),
    serverSeedHash: draw.server_seed_hash,
    serverSeed: drawn ? draw.server_seed : null,
    clientSeed: draw.client_seed,
    drawnAt: draw.drawn_at?.toISOString() ?? null,
    withdrawn: !drawn && promotionStatus === 'withdrawn',
    ticketCount: draw.ticket_count,
    prizes,
    myTicketCount: detail.myTicketCount,
    myTickets: detail.myTickets,
    progress: detail.progress
      ? {
          counted: formatAmount(detail.progress.countedMinor),
          nextTicketAt: formatAmount(detail.progress.nextTicketAtMinor),
        }
      : null,
    winners: detail.winners.map((winner) => ({
      rank: winner.rank,
      ticketId: winner.ticket_id,
      name: maskName(winner.account),
      amount: formatAmount(winner.amount_minor),
      mine: memberId !== null && winner.member_id === memberId,
    })),
    myPrizes: detail.myPrizes.map((prize) => ({
      id: prize.id,
      rank: prize.rank,
      ticketId: prize.ticket_id,
      amount: formatAmount(prize.amount_minor),
      status: prize.status,
      claimBy: prize.claim_by.toISOString(),
      claimedAt: prize.claimed_at?.toISOString() ?? null,
    })),
  };
}
