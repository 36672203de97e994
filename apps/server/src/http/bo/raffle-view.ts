import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { RaffleDrawRow } from '../../modules/promotion/promotion-admin.service.ts';
import type { RaffleAdminView } from '../../modules/promotion/raffle.service.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';

/** A raffle in the back office (docs/promotions.md "Raffles"): its draw and its winners. */

const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const DRAW_STATUSES = ['open', 'drawn'] as const;

/** What the promotion's answer says of its raffle. */
export const RaffleSummary = Type.Object({
  serverSeedHash: Type.String(),
  status: StringOf(DRAW_STATUSES),
  ticketCount: Type.Integer(),
  drawnAt: Nullable(Type.String()),
});

export const RaffleAdminAnswer = Type.Object({
  status: StringOf(DRAW_STATUSES),
  serverSeedHash: Type.String(),
  /** Revealed once drawn. */
  serverSeed: Nullable(Type.String()),
  clientSeed: Nullable(Type.String()),
  /** The raffle's end plus its draw delay: from then on it may be drawn. */
  drawAt: Type.String(),
  drawnAt: Nullable(Type.String()),
  ticketCount: Type.Integer(),
  /** Members who joined. */
  participants: Type.Integer(),
  winners: Type.Array(
    Type.Object({
      id: Type.String(),
      rank: Type.Integer(),
      ticketId: Type.String(),
      memberId: Type.String(),
      username: Type.String(),
      amount: Money,
      status: StringOf(['won', 'claimed', 'expired'] as const),
      claimBy: Type.String(),
      claimedAt: Nullable(Type.String()),
    }),
  ),
});

export function raffleSummaryOf(draw: RaffleDrawRow | undefined) {
  if (!draw) return null;
  return {
    serverSeedHash: draw.server_seed_hash,
    status: draw.status,
    ticketCount: draw.ticket_count,
    drawnAt: draw.drawn_at?.toISOString() ?? null,
  };
}

export function raffleAdminAnswerOf(view: RaffleAdminView) {
  const { draw } = view;
  return {
    status: draw.status,
    serverSeedHash: draw.server_seed_hash,
    serverSeed: draw.status === 'drawn' ? draw.server_seed : null,
    clientSeed: draw.client_seed,
    drawAt: view.drawAt.toISOString(),
    drawnAt: draw.drawn_at?.toISOString() ?? null,
    ticketCount: draw.ticket_count,
    participants: view.participants,
    winners: view.winners.map((winner) => ({
      id: winner.id,
      rank: winner.rank,
      ticketId: winner.ticket_id,
      memberId: winner.member_id,
      username: winner.account,
      amount: formatAmount(winner.amount_minor),
      status: winner.status,
      claimBy: winner.claim_by.toISOString(),
      claimedAt: winner.claimed_at?.toISOString() ?? null,
    })),
  };
}
