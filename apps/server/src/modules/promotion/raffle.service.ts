import { drawRaffle } from '@panalo/games/draws/raffle.ts';
import { createServerSeed, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { v7 as uuidv7 } from 'uuid';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import {
  findEntriesOf,
  findPromotion,
  insertEntry,
  type PromotionRow,
  updateEntry,
} from './promotion.repository.ts';
import type { PromotionGrants } from './promotion-grants.ts';
import {
  bonusTermsOf,
  prizeCountOf,
  prizeOfRank,
  type RaffleRules,
  raffleRulesOf,
  rulesOf,
  termsInMinor,
} from './promotion-rules.ts';
import type { RaffleFacts } from './promotion-state.ts';
import {
  claimWinner,
  countedOf,
  countParticipants,
  expireWinners,
  findDraw,
  findDraws,
  findMemberPrizes,
  findMemberTickets,
  findOpenRaffles,
  findTicketIds,
  findTickets,
  findWinner,
  findWinners,
  insertDrawIfMissing,
  insertWinners,
  issueMissingTickets,
  lockDraw,
  markDrawn,
  type RaffleDrawRow,
  type RaffleWindow,
  type RaffleWinnerListRow,
  type RaffleWinnerRow,
  setWinnerPayment,
} from './raffle.repository.ts';

export type { RaffleDrawRow, RaffleWinnerListRow, RaffleWinnerRow };

/** The member's own tickets the detail lists at most; the tickets endpoint lists every ticket. */
export const MY_TICKETS_MAX = 200;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A raffle as the player's detail shows it, in minor units; the wire formats it. */
export type RaffleDetail = {
  draw: RaffleDrawRow;
  rules: RaffleRules;
  drawAt: Date;
  myTicketCount: number;
  myTickets: string[];
  /** The member joined and the raffle still counts: what counted and where the next ticket comes. */
  progress: { countedMinor: bigint; nextTicketAtMinor: bigint } | null;
  winners: RaffleWinnerListRow[];
  myPrizes: RaffleWinnerRow[];
};

/** A raffle as the back office follows it. */
export type RaffleAdminView = {
  draw: RaffleDrawRow;
  drawAt: Date;
  participants: number;
  winners: RaffleWinnerListRow[];
};

/** What one run of the raffles job did. */
export type RaffleRunSummary = { issued: number; drawn: string[]; expired: number };

/** A prize's entry: one per prize, so that the unique (promotion, member, cycle) holds it once. */
export function prizeCycleOf(rank: number): string {
  return `prize-${rank}`;
}

/** The ledger key of a prize paid as cash. */
export function prizeKeyOf(winnerId: string): string {
  return `raffle:${winnerId}`;
}

/** When a raffle is drawn: its end plus the rules' delay. */
export function drawAtOf(promotion: PromotionRow, rules: RaffleRules): Date {
  const endsAt = present(promotion.ends_at, `raffle ${promotion.id} has an end`);
  return new Date(endsAt.getTime() + rules.drawDelayMinutes * MINUTE_MS);
}

function windowOf(promotion: PromotionRow): RaffleWindow {
  return {
    promotionId: promotion.id,
    startsAt: promotion.starts_at,
    endsAt: present(promotion.ends_at, `raffle ${promotion.id} has an end`),
    rules: raffleRulesOf(rulesOf(promotion.rules)),
  };
}

/** The draw row a new raffle is created with: a fresh server seed, its hash shown from the start. */
export async function createDrawIn(
  executor: Executor,
  input: { promotionId: string; merchantId: string; now: Date },
): Promise<void> {
  const serverSeed = createServerSeed();
  await insertDrawIfMissing(executor, {
    promotion_id: input.promotionId,
    merchant_id: input.merchantId,
    server_seed: serverSeed,
    server_seed_hash: hashServerSeed(serverSeed),
    created_at: input.now,
  });
}

export type RaffleService = ReturnType<typeof createRaffleService>;

/**
 * Raffles (docs/promotions.md "Raffles"): tickets issued to joined members by what they deposit
 * or bet, under the draw row's lock so that numbers are unique and contiguous however many issue
 * at once; the draw by GAMES.md "Draws for rewards" in one transaction with the final tickets and
 * the winners; prizes claimed by one guarded statement and paid as cash or as a bonus with the
 * promotion's terms in the claim's transaction; unclaimed prizes expiring.
 */
export function createRaffleService(
  deps: ServiceDeps<{
    grants: PromotionGrants;
    recordChange: RecordChange;
    /** Tells the winners of their prizes (the inbox), once the draw has committed. */
    tellWinners?: (promotion: PromotionRow, winners: readonly RaffleWinnerRow[]) => Promise<void>;
  }>,
) {
  const { db, grants, recordChange } = deps;
  const now = clockOf(deps);

  /** Issues missing tickets of one raffle (all its members, or one) in a transaction of its own. */
  async function issue(promotion: PromotionRow, memberId: string | null): Promise<number> {
    const window = windowOf(promotion);
    return db.transaction().execute(async (trx) => {
      const draw = await lockDraw(trx, promotion.id);
      if (draw?.status !== 'open') return 0;
      return issueMissingTickets(trx, { window, draw, memberId, now: now() });
    });
  }

  /**
   * Draws a raffle in one transaction: the draw row locked and still open, the final tickets
   * issued, every ticket read, the winners drawn from the server seed and written with their
   * prizes, the draw marked. Answers null when another draw came first.
   */
  async function drawOne(promotion: PromotionRow, actor: ChangeActor | null) {
    const window = windowOf(promotion);
    const { rules } = window;
    const drawn = await db.transaction().execute(async (trx) => {
      const draw = await lockDraw(trx, promotion.id);
      if (draw?.status !== 'open') return null;
      const at = now();
      const issued = await issueMissingTickets(trx, { window, draw, memberId: null, now: at });
      const tickets = await findTickets(trx, promotion.id);
      assertInvariant(
        tickets.length === draw.ticket_count + issued,
        'raffle: ticket_count counts every ticket',
      );
      const ownerOf = new Map(tickets.map((ticket) => [ticket.id, ticket.member_id]));
      const result = drawRaffle(
        draw.server_seed,
        tickets.map((ticket) => ticket.id),
        prizeCountOf(rules),
      );
      const claimBy = new Date(at.getTime() + rules.claimDays * DAY_MS);
      const winners = result.winners.map((ticketId, index) => ({
        id: uuidv7(),
        merchant_id: promotion.merchant_id,
        promotion_id: promotion.id,
        rank: index + 1,
        ticket_id: ticketId,
        member_id: present(ownerOf.get(ticketId), 'a drawn ticket has its owner'),
        amount_minor: prizeOfRank(rules, index + 1),
        claim_by: claimBy,
      }));
      await insertWinners(trx, winners);
      const after = await markDrawn(trx, promotion.id, {
        clientSeed: result.clientSeed,
        winnerCount: winners.length,
        at,
      });
      if (actor) {
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: promotion.merchant_id,
          action: 'promotion.raffle.draw',
          target: { type: 'promotion', id: promotion.id },
          before: { status: draw.status, ticketCount: draw.ticket_count },
          after: {
            status: after.status,
            ticketCount: after.ticket_count,
            clientSeed: after.client_seed,
            winnerCount: after.winner_count,
          },
        });
      }
      return { draw: after, winners };
    });
    if (drawn && drawn.winners.length > 0)
      await deps.tellWinners?.(promotion, await findWinners(db, promotion.id));
    return drawn;
  }

  async function requireRaffle(promotionId: string): Promise<PromotionRow> {
    const promotion = await findPromotion(db, promotionId);
    if (promotion?.kind !== 'raffle') throw new AppError('NOT_FOUND');
    return promotion;
  }

  /** A raffle as the back office follows it: the draw, its participants and the winners. */
  async function adminView(promotionId: string): Promise<RaffleAdminView> {
    const promotion = await requireRaffle(promotionId);
    const rules = raffleRulesOf(rulesOf(promotion.rules));
    const [draw, participants, winners] = await Promise.all([
      findDraw(db, promotion.id),
      countParticipants(db, promotion.id),
      findWinners(db, promotion.id),
    ]);
    return {
      draw: present(draw, `raffle ${promotion.id} has its draw`),
      drawAt: drawAtOf(promotion, rules),
      participants,
      winners,
    };
  }

  return {
    adminView,

    /**
     * Issues the member's missing tickets when they read an open raffle they joined, so that they
     * see their tickets at once rather than at the job's next run.
     */
    async issueForMember(promotion: PromotionRow, memberId: string): Promise<void> {
      if (promotion.kind !== 'raffle' || promotion.status !== 'published') return;
      if (promotion.starts_at > now()) return;
      const entries = await findEntriesOf(db, memberId, [promotion.id]);
      if (!entries.some((entry) => entry.cycle === '' && entry.status === 'joined')) return;
      await issue(promotion, memberId);
    },

    /** The draws and the member's prizes of the raffles among these promotions, for their states. */
    async factsOf(
      promotions: readonly PromotionRow[],
      memberId: string | null,
    ): Promise<Map<string, RaffleFacts>> {
      const ids = promotions
        .filter((promotion) => promotion.kind === 'raffle')
        .map((promotion) => promotion.id);
      if (ids.length === 0) return new Map();
      const [draws, prizes] = await Promise.all([
        findDraws(db, ids),
        memberId ? findMemberPrizes(db, memberId, ids) : Promise.resolve([]),
      ]);
      return new Map(
        draws.map((draw) => [
          draw.promotion_id,
          {
            drawn: draw.status === 'drawn',
            prizes: prizes
              .filter((prize) => prize.promotion_id === draw.promotion_id)
              .map((prize) => ({ status: prize.status, claimBy: prize.claim_by, bonusId: prize.bonus_id })),
          },
        ]),
      );
    },

    /** A raffle's detail for a viewer (null: a visitor); null for a promotion of another kind. */
    async detailOf(promotion: PromotionRow, memberId: string | null): Promise<RaffleDetail | null> {
      if (promotion.kind !== 'raffle') return null;
      const draw = present(await findDraw(db, promotion.id), `raffle ${promotion.id} has its draw`);
      const window = windowOf(promotion);
      const { rules } = window;
      const drawn = draw.status === 'drawn';
      const [mine, winners, myPrizes, entries] = await Promise.all([
        memberId
          ? findMemberTickets(db, promotion.id, memberId, MY_TICKETS_MAX)
          : Promise.resolve({ ids: [], count: 0 }),
        drawn ? findWinners(db, promotion.id) : Promise.resolve([]),
        memberId && drawn ? findMemberPrizes(db, memberId, [promotion.id]) : Promise.resolve([]),
        memberId ? findEntriesOf(db, memberId, [promotion.id]) : Promise.resolve([]),
      ]);
      const joined = entries.some((entry) => entry.cycle === '' && entry.status === 'joined');
      let progress: RaffleDetail['progress'] = null;
      const counting = !drawn && promotion.status === 'published' && promotion.starts_at <= now();
      if (memberId && joined && counting) {
        const countedMinor = await countedOf(db, window, memberId);
        const earned = countedMinor / rules.ticketEveryMinor;
        if (earned < BigInt(rules.maxTickets)) {
          progress = { countedMinor, nextTicketAtMinor: (earned + 1n) * rules.ticketEveryMinor };
        }
      }
      return {
        draw,
        rules,
        drawAt: drawAtOf(promotion, rules),
        myTicketCount: mine.count,
        myTickets: mine.ids,
        progress,
        winners,
        myPrizes,
      };
    },

    /** Every ticket id of a readable raffle, ascending: the verifier's input. */
    async ticketIds(promotion: PromotionRow): Promise<string[]> {
      if (promotion.kind !== 'raffle') throw new AppError('NOT_FOUND');
      return findTicketIds(db, promotion.id);
    },

    /**
     * Claims one of the member's prizes: the guarded update decides (another claim first:
     * CONFLICT PRIZE_CLAIMED; past its time: PRIZE_EXPIRED; not the member's: NOT_FOUND), the
     * prize's entry is recorded and the prize paid in the same transaction, as cash or as a bonus
     * with the promotion's terms. A payment refused (a budget, a member promotions may not reach)
     * undoes the claim. Answers the raffle's promotion id.
     */
    async claim(input: {
      merchant: { id: string; currency: string };
      memberId: string;
      winnerId: string;
      acceptTerms: boolean;
      language: string;
    }): Promise<string> {
      const { merchant, memberId } = input;
      const winner = await findWinner(db, input.winnerId);
      if (!winner || winner.member_id !== memberId || winner.merchant_id !== merchant.id) {
        throw new AppError('NOT_FOUND');
      }
      const promotion = await requireRaffle(winner.promotion_id);
      const rules = raffleRulesOf(rulesOf(promotion.rules));
      if (rules.payAs === 'bonus' && !input.acceptTerms) {
        throw new AppError('VALIDATION', { value: { fields: { acceptTerms: 'required' } } });
      }
      const marketable = await grants.isMarketable(memberId);
      if (!marketable.ok) {
        if (marketable.reason === 'TRIAL_ACCOUNT') throw new AppError('TRIAL_ACCOUNT');
        throw new AppError('FORBIDDEN', { value: { reason: 'NOT_MARKETABLE' } });
      }
      const announce = await db.transaction().execute(async (trx) => {
        const at = now();
        const claimed = await claimWinner(trx, { id: winner.id, memberId, now: at });
        if (!claimed) {
          const current = await findWinner(trx, winner.id);
          const reason = current?.status === 'claimed' ? 'PRIZE_CLAIMED' : 'PRIZE_EXPIRED';
          throw new AppError('CONFLICT', { value: { reason } });
        }
        const entry = await insertEntry(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          promotion_id: promotion.id,
          member_id: memberId,
          cycle: prizeCycleOf(claimed.rank),
          status: 'issued',
          amount_minor: claimed.amount_minor,
          terms_accepted_at: at,
          created_at: at,
          updated_at: at,
        });
        if (rules.payAs === 'cash') {
          const paid = await grants.payCashIn(trx, {
            merchantId: merchant.id,
            memberId,
            currency: merchant.currency,
            code: 'raffle_prize',
            key: prizeKeyOf(claimed.id),
            reference: `promotion:${promotion.id}`,
            amountMinor: claimed.amount_minor,
            promotionId: promotion.id,
            promotionBudgetDayMinor: promotion.budget_day_minor,
          });
          await setWinnerPayment(trx, claimed.id, { entryId: entry.id, bonusId: null });
          return paid.announce;
        }
        const terms = present(
          bonusTermsOf(promotion.bonus_terms),
          `raffle ${promotion.id} paid as bonus has terms`,
        );
        const grant = await grants.grantIn(trx, {
          merchantId: merchant.id,
          memberId,
          currency: merchant.currency,
          source: 'promotion',
          amountMinor: claimed.amount_minor,
          terms: termsInMinor(terms),
          language: input.language,
          promotionId: promotion.id,
          entryId: entry.id,
          promotionBudgetDayMinor: promotion.budget_day_minor,
        });
        await updateEntry(trx, entry.id, { bonus_id: grant.bonusId, updated_at: at });
        await setWinnerPayment(trx, claimed.id, { entryId: entry.id, bonusId: grant.bonusId });
        return grant.announce;
      });
      announce();
      return promotion.id;
    },

    /**
     * The job's run: issues the tickets of every open raffle that has started, draws those that are
     * due, and expires prizes not claimed in time. One raffle's failure does not stop the others:
     * the run finishes them, then fails so that the job logs it and runs again.
     */
    async runDue(): Promise<RaffleRunSummary> {
      const summary: RaffleRunSummary = { issued: 0, drawn: [], expired: 0 };
      const failures: unknown[] = [];
      for (const open of await findOpenRaffles(db, now())) {
        try {
          const promotion = present(await findPromotion(db, open.promotionId), 'an open raffle exists');
          if (open.due) {
            if (await drawOne(promotion, null)) summary.drawn.push(promotion.id);
          } else {
            summary.issued += await issue(promotion, null);
          }
        } catch (error) {
          failures.push(error);
        }
      }
      summary.expired = await expireWinners(db, now());
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, 'raffles: several raffles failed');
      return summary;
    },

    /**
     * Draws a raffle now, for an operator: it must be published and due (CONFLICT NOT_DUE before
     * `ends_at` + drawDelayMinutes), and not drawn (CONFLICT DRAWN). Audited in the draw's
     * transaction.
     */
    async drawNow(actor: ChangeActor, promotionId: string): Promise<RaffleAdminView> {
      const promotion = await requireRaffle(promotionId);
      const rules = raffleRulesOf(rulesOf(promotion.rules));
      const draw = present(await findDraw(db, promotion.id), `raffle ${promotion.id} has its draw`);
      if (draw.status === 'drawn') throw new AppError('CONFLICT', { value: { reason: 'DRAWN' } });
      if (promotion.status !== 'published') {
        throw new AppError('CONFLICT', { value: { status: promotion.status } });
      }
      if (drawAtOf(promotion, rules) > now())
        throw new AppError('CONFLICT', { value: { reason: 'NOT_DUE' } });
      if (!(await drawOne(promotion, actor))) throw new AppError('CONFLICT', { value: { reason: 'DRAWN' } });
      return adminView(promotion.id);
    },
  };
}
