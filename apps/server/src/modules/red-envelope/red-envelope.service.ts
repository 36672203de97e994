import {
  assertRedEnvelopeFigures,
  RED_ENVELOPE_TOTAL_MINOR_MAX,
  splitRedEnvelope,
} from '@panalo/games/draws/red-envelope.ts';
import { createServerSeed, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, MemberStatus, RedEnvelopeAudience } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { createStatementBatches } from '../../platform/db/statement-batches.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import {
  anyOpened,
  closeUnopened,
  countLeft,
  countOpened,
  type DropCounts,
  type EnvelopeClaimAnswer,
  findAmounts,
  findAudienceMembers,
  findDrop,
  findDropMerchant,
  findDropsPage,
  findHolders,
  findMine,
  findOpenedPage,
  findVisibleDrops,
  insertDrop,
  lockDrop,
  markAnnouncements,
  markReleasing,
  type OpenedEnvelopeRow,
  openEnvelopes,
  type RedEnvelopeDropRow,
  readAudienceFacts,
  replaceEnvelopes,
  setReleased,
  sumCostByDay,
  updateDrop,
} from './red-envelope.repository.ts';

export type { OpenedEnvelopeRow, RedEnvelopeDropRow };

/** The most envelopes an operator's drop holds. */
export const DROP_COUNT_MAX = 10_000;
/** The most a drop shares, in minor units (₱10,000,000.00), within what the split can draw. */
export const DROP_TOTAL_MINOR_MAX = 1_000_000_000n;
/** The longest window a drop stays open. */
export const DROP_WINDOW_DAYS_MAX = 31;
/** Members see drops starting within this, and those that ended within it. */
const VISIBLE_MS = 86_400_000;
const DAY_MS = 86_400_000;
/** The most drops a member's list holds. */
const VISIBLE_MAX = 50;
/** Claims of one drop one statement opens at most. */
const CLAIMS_PER_BATCH_MAX = 50;
/** A node's batches of one drop that may be out at once, each on a lane of members of its own. */
const CLAIM_LANES_PER_DROP = 4;
/**
 * How long a node answers claims from a drop it read, rather than reading it for each: the claim's
 * statement checks the drop's status and window again, and this node's own changes forget it at
 * once, so a drop read a moment ago decides only which refusal a claim hears.
 */
const CLAIM_DROP_TRUST_MS = 1_000;
/** Drops a node remembers for claims at most. */
const CLAIM_DROPS_MAX = 1_000;
/** Emptied drops a node remembers the members of at most (a drop holds DROP_COUNT_MAX at most). */
const EMPTIED_DROPS_MAX = 20;
/** The most ended drops one run of the job gives back. */
const RELEASE_MAX = 50;

if (DROP_TOTAL_MINOR_MAX > RED_ENVELOPE_TOTAL_MINOR_MAX)
  throw new Error('a drop shares what the split can draw');

/** What decides whether promotions may reach a member (the bonus engine's marketabilityOf). */
export type MarketabilityFacts = {
  type: number;
  status: MemberStatus;
  promotionsOptOut: boolean;
  exclusionEndsAt: Date | null;
};

/** Who may open a drop's envelopes. */
export type DropAudience =
  | { kind: 'all' }
  | { kind: 'vip'; vipRank: number }
  | { kind: 'depositors'; depositDays: number };

/** What an operator writes of a drop. */
export type DropInput = {
  titles: { TY: string; EN: string };
  totalMinor: bigint;
  count: number;
  minimumMinor: bigint;
  audience: DropAudience;
  startsAt: Date;
  endsAt: Date;
};

/** A drop's state for a member at a moment, from its window. */
export type DropPhase = 'upcoming' | 'open' | 'ended';

/** A drop as the back office sees it: its figures so far. */
export type DropAdminView = RedEnvelopeDropRow & {
  phase: DropPhase | 'cancelled';
  opened: number;
  paidMinor: bigint;
};

/** A drop as a member sees it. */
export type DropMemberView = {
  drop: RedEnvelopeDropRow;
  phase: DropPhase;
  left: number;
  mine: { index: number; amountMinor: bigint; openedAt: Date } | null;
};

export type RedEnvelopeService = ReturnType<typeof createRedEnvelopeService>;

export function phaseOf(drop: Pick<RedEnvelopeDropRow, 'starts_at' | 'ends_at'>, now: Date): DropPhase {
  if (now < drop.starts_at) return 'upcoming';
  return now < drop.ends_at ? 'open' : 'ended';
}

function audienceOf(drop: RedEnvelopeDropRow): DropAudience {
  if (drop.audience === 'vip') return { kind: 'vip', vipRank: drop.vip_rank ?? 1 };
  if (drop.audience === 'depositors') return { kind: 'depositors', depositDays: drop.deposit_days ?? 1 };
  return { kind: 'all' };
}

function audienceColumns(audience: DropAudience): {
  audience: RedEnvelopeAudience;
  vip_rank: number | null;
  deposit_days: number | null;
} {
  return {
    audience: audience.kind,
    vip_rank: audience.kind === 'vip' ? audience.vipRank : null,
    deposit_days: audience.kind === 'depositors' ? audience.depositDays : null,
  };
}

/** A drop's fields as the audit log records them (never its seed). */
function auditedOf(drop: RedEnvelopeDropRow) {
  return {
    titles: drop.titles,
    totalMinor: String(drop.total_minor),
    count: drop.envelope_count,
    minimumMinor: String(drop.minimum_minor),
    audience: audienceOf(drop),
    startsAt: drop.starts_at.toISOString(),
    endsAt: drop.ends_at.toISOString(),
    status: drop.status,
    serverSeedHash: drop.server_seed_hash,
  };
}

/**
 * Red envelopes (docs/red-envelopes.md): drops an operator schedules, each split when it is saved
 * from a server seed whose hash is shown at once, so that the amounts are fixed before the drop
 * opens; members of its audience open one envelope each while they last, in claim order, paid as
 * cash through the bonus engine; the seed revealed once the drop has ended; the socket event
 * `reward` when a drop opens and ends.
 */
export function createRedEnvelopeService(
  deps: ServiceDeps<{
    engine: {
      cashInAccounts(input: {
        merchantId: string;
        currency: string;
        shardKey: string;
        memberIds: readonly string[];
      }): Promise<{ houseAccountId: string; cashAccountIds: string[] }>;
      announceCashIn(input: {
        merchantId: string;
        memberId: string;
        currency: string;
        balanceMinor: bigint;
      }): void;
      reserveBudgetIn(
        trx: Transaction<Database>,
        input: { merchantId: string; at: Date; amountMinor: bigint },
      ): Promise<{ ok: boolean; day: string }>;
      releaseBudgetIn(
        trx: Transaction<Database>,
        input: { merchantId: string; day: string; amountMinor: bigint },
      ): Promise<void>;
      isMarketable(
        memberId: string,
      ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
      marketabilityOf(
        facts: MarketabilityFacts,
      ): { ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' };
    };
    recordChange: RecordChange;
    realtime?: Pick<Realtime, 'emitToUser' | 'emitToMerchant'>;
  }>,
) {
  const { db, engine, recordChange } = deps;
  const now = clockOf(deps);

  // Read with the process's monotonic timer: how fresh a copy is, not what time it is for members.
  // A read still out is shared: the storm's first claims, arriving together, read the drop once.
  const claimDrops = new Map<string, { drop: Promise<RedEnvelopeDropRow | undefined>; readAt: number }>();

  function dropForClaim(id: string): Promise<RedEnvelopeDropRow | undefined> {
    const at = performance.now();
    const known = claimDrops.get(id);
    if (known && at - known.readAt < CLAIM_DROP_TRUST_MS) return known.drop;
    if (claimDrops.size >= CLAIM_DROPS_MAX) claimDrops.clear();
    const read = { drop: findDrop(db, id), readAt: at };
    claimDrops.set(id, read);
    // A drop not found, or a read that failed, is not remembered.
    const forget = () => {
      if (claimDrops.get(id) === read) claimDrops.delete(id);
    };
    read.drop.then((drop) => {
      if (!drop) forget();
    }, forget);
    return read.drop;
  }

  /**
   * Drops this node has seen with no envelope left, each with the members who hold one. That never
   * changes back (a drop is edited or cancelled only before it opens, and an opened or closed
   * envelope stays so), so the holders are read once, when the drop is seen emptied, and a later
   * claim needs neither a turn in the drop's batches nor a read: the storm's second half is
   * answered ALREADY_OPENED or ALL_TAKEN from memory. A read that fails is forgotten, and the next
   * claim reads the member's own envelope instead.
   */
  const emptiedDrops = new Map<string, Promise<ReadonlySet<string> | null>>();

  function rememberEmptied(dropId: string): void {
    if (emptiedDrops.has(dropId)) return;
    if (emptiedDrops.size >= EMPTIED_DROPS_MAX) {
      const oldest = emptiedDrops.keys().next().value;
      if (oldest !== undefined) emptiedDrops.delete(oldest);
    }
    emptiedDrops.set(
      dropId,
      findHolders(db, dropId).then(
        (holders) => new Set(holders),
        () => {
          emptiedDrops.delete(dropId);
          return null;
        },
      ),
    );
  }

  /** A claim with its lane: the drop and one of its CLAIM_LANES_PER_DROP, which is also the house shard's key. */
  type Claim = { merchant: { id: string; currency: string }; memberId: string; dropId: string; lane: string };

  /**
   * A member's lane of a drop, always the same one for the member, so that their taps wait in one
   * queue. Each lane pays from the house shard its key names, so that two lanes' batches (most
   * often on two shards) run side by side rather than wait on one house row.
   */
  function laneOf(dropId: string, memberId: string): string {
    let hash = 0;
    for (let index = 0; index < memberId.length; index += 1) {
      hash = (hash * 31 + memberId.charCodeAt(index)) >>> 0;
    }
    return `${dropId}:${hash % CLAIM_LANES_PER_DROP}`;
  }

  /**
   * Claims of one lane of a drop in one statement (red_envelopes_open, migrations 0168 and 0172),
   * paid from the house's bonus funding of the lane's own shard. A member's claims always take the
   * same lane, so batches of two lanes hold no member in common and, on two shards, wait on nothing
   * of each other's (an envelope is taken with skip locked); batches of one lane on two nodes take
   * their members' turns first, so a member's second claim waits for their first and hears
   * ALREADY_OPENED, and then queue on the lane's house row, the first row a transfer waits for,
   * rather than lock members' rows and the house's in different orders. Each opened claim hears
   * what was left as it was opened.
   */
  async function playClaims(batch: readonly Claim[]): Promise<EnvelopeClaimAnswer[]> {
    const [first] = batch;
    if (!first) return [];
    const { merchant, dropId, lane } = first;
    // The members' cash accounts are found by the statement itself (one with none is answered
    // no_account, and open makes it); the house's is resolved once and remembered by the wallet.
    const accounts = await engine.cashInAccounts({
      merchantId: merchant.id,
      currency: merchant.currency,
      shardKey: lane,
      memberIds: [],
    });
    const answers = await openEnvelopes(db, {
      dropId,
      now: now(),
      merchantId: merchant.id,
      currency: merchant.currency,
      reference: `red_envelope:${dropId}`,
      houseAccountId: accounts.houseAccountId,
      claims: batch.map((claim) => ({ memberId: claim.memberId, transferId: uuidv7() })),
    });
    // Every answer carries what was left once the batch was done.
    if (answers[0]?.left_after === 0) rememberEmptied(dropId);
    let openedAfter = 0;
    for (let index = answers.length - 1; index >= 0; index -= 1) {
      const answer = answers[index] as EnvelopeClaimAnswer;
      if (answer.status !== 'opened') continue;
      answer.left_after += openedAfter;
      openedAfter += 1;
    }
    return answers;
  }

  // A node's claims of one drop wait for its batch out and go together in the next
  // (platform/db/statement-batches.ts): under a storm, one statement opens many envelopes.
  const claims = createStatementBatches<Claim, EnvelopeClaimAnswer>({
    batchMax: CLAIMS_PER_BATCH_MAX,
    playOne: async (claim) => present((await playClaims([claim]))[0], 'red envelope: a claim is answered'),
    playMany: (batch) => playClaims(batch),
  });

  function validate(input: DropInput, at: Date): void {
    const fields: Record<string, string> = {};
    if (!input.titles.TY.trim()) fields['titles.TY'] = 'required';
    if (!input.titles.EN.trim()) fields['titles.EN'] = 'required';
    if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > DROP_COUNT_MAX) {
      fields.count = 'range';
    }
    if (input.minimumMinor < 1n) fields.minimum = 'range';
    if (input.totalMinor < 1n || input.totalMinor > DROP_TOTAL_MINOR_MAX) fields.total = 'range';
    else if (input.totalMinor < BigInt(input.count) * input.minimumMinor) fields.total = 'belowMinimums';
    if (input.endsAt <= input.startsAt) fields.endsAt = 'order';
    else if (input.endsAt.getTime() - input.startsAt.getTime() > DROP_WINDOW_DAYS_MAX * DAY_MS) {
      fields.endsAt = 'range';
    } else if (input.endsAt <= at) fields.endsAt = 'past';
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
    assertRedEnvelopeFigures({
      totalMinor: input.totalMinor,
      count: input.count,
      minimumMinor: input.minimumMinor,
    });
  }

  function splitOf(id: string, serverSeed: string, input: DropInput): bigint[] {
    return splitRedEnvelope({
      serverSeed,
      dropId: id,
      totalMinor: input.totalMinor,
      count: input.count,
      minimumMinor: input.minimumMinor,
    });
  }

  async function adminViewsOf(drops: readonly RedEnvelopeDropRow[]): Promise<DropAdminView[]> {
    const counts = await countOpened(
      db,
      drops.map((drop) => drop.id),
    );
    const at = now();
    return drops.map((drop) => {
      const figures: DropCounts = counts.get(drop.id) ?? { opened: 0, paidMinor: 0n };
      return {
        ...drop,
        phase: drop.status === 'cancelled' ? 'cancelled' : phaseOf(drop, at),
        opened: figures.opened,
        paidMinor: figures.paidMinor,
      };
    });
  }

  /**
   * Reserves a drop's total against the merchant's promotions budget of the day it opens (its
   * time zone), once for all its envelopes; a total the day's budget cannot hold is refused
   * (VALIDATION, `totalAmount` `overBudget`: the field the back office's form shows it at) and the
   * drop is not saved.
   */
  async function reserveTotal(
    trx: Transaction<Database>,
    merchantId: string,
    input: DropInput,
  ): Promise<string> {
    const budget = await engine.reserveBudgetIn(trx, {
      merchantId,
      at: input.startsAt,
      amountMinor: input.totalMinor,
    });
    if (!budget.ok) throw new AppError('VALIDATION', { value: { fields: { totalAmount: 'overBudget' } } });
    return budget.day;
  }

  /** Gives a drop's whole total back to its day's budget (a drop changed or cancelled unopened). */
  function releaseTotal(trx: Transaction<Database>, drop: RedEnvelopeDropRow): Promise<void> {
    return engine.releaseBudgetIn(trx, {
      merchantId: drop.merchant_id,
      day: drop.budget_day,
      amountMinor: drop.total_minor,
    });
  }

  /** Locks a drop an operator changes: theirs, scheduled, not open yet (CONFLICT OPENED). */
  async function lockChangeable(trx: Transaction<Database>, id: string, at: Date) {
    const drop = await lockDrop(trx, id);
    if (!drop) throw new AppError('NOT_FOUND');
    if (drop.status === 'cancelled') throw new AppError('CONFLICT', { value: { reason: 'CANCELLED' } });
    if (drop.starts_at <= at || (await anyOpened(trx, id))) {
      throw new AppError('CONFLICT', { value: { reason: 'OPENED' } });
    }
    return drop;
  }

  /** Whether the drop's audience includes the member now. */
  async function inAudience(drop: RedEnvelopeDropRow, memberId: string, at: Date): Promise<boolean> {
    if (drop.audience === 'all') return true;
    const facts = await readAudienceFacts(db, memberId);
    return includes(drop, facts, at);
  }

  function includes(
    drop: RedEnvelopeDropRow,
    facts: { vipRank: number; lastDepositAt: Date | null },
    at: Date,
  ): boolean {
    if (drop.audience === 'vip') return facts.vipRank >= (drop.vip_rank ?? 1);
    if (drop.audience === 'depositors') {
      const since = at.getTime() - (drop.deposit_days ?? 1) * DAY_MS;
      return facts.lastDepositAt !== null && facts.lastDepositAt.getTime() >= since;
    }
    return true;
  }

  /** Tells a drop's audience that it opened or ended: the merchant's sockets, or each member's. */
  async function tell(drop: RedEnvelopeDropRow, status: 'open' | 'ended', left: number, at: Date) {
    const { realtime } = deps;
    if (!realtime) return;
    const payload = { kind: 'envelope' as const, dropId: drop.id, status, left };
    if (drop.audience === 'all') {
      realtime.emitToMerchant(drop.merchant_id, 'reward', payload);
      return;
    }
    for (const memberId of await findAudienceMembers(db, drop, at)) {
      realtime.emitToUser(memberId, 'reward', payload);
    }
  }

  return {
    findMerchantOfDrop: (id: string) => findDropMerchant(db, id),

    /** Whether the member may open envelopes at all (the bonus engine's isMarketable). */
    isMarketable: (memberId: string) => engine.isMarketable(memberId),

    /**
     * Schedules a drop: its total reserved against the budget of its opening day, its seed drawn,
     * its envelopes split and written, audited, in one transaction.
     */
    async create(actor: ChangeActor, merchantId: string, input: DropInput): Promise<DropAdminView> {
      const at = now();
      validate(input, at);
      const id = uuidv7();
      const serverSeed = createServerSeed();
      const amounts = splitOf(id, serverSeed, input);
      const drop = await db.transaction().execute(async (trx) => {
        const budgetDay = await reserveTotal(trx, merchantId, input);
        const row = await insertDrop(trx, {
          id,
          merchant_id: merchantId,
          titles: JSON.stringify({ TY: input.titles.TY.trim(), EN: input.titles.EN.trim() }),
          total_minor: input.totalMinor,
          envelope_count: input.count,
          minimum_minor: input.minimumMinor,
          ...audienceColumns(input.audience),
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          server_seed: serverSeed,
          server_seed_hash: hashServerSeed(serverSeed),
          budget_day: budgetDay,
          created_by: actor.id,
          created_at: at,
          updated_at: at,
        });
        await replaceEnvelopes(trx, id, amounts);
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'red_envelope.create',
          target: { type: 'red_envelope_drop', id },
          before: null,
          after: auditedOf(row),
        });
        return row;
      });
      return (await adminViewsOf([drop]))[0] as DropAdminView;
    },

    /**
     * Changes a drop before it opens (CONFLICT OPENED from its start): the envelopes split again
     * from the same seed, whose hash members may already have seen; the total reserved before is
     * given back and the new one reserved on the day of the new opening.
     */
    async update(actor: ChangeActor, id: string, input: DropInput): Promise<DropAdminView> {
      const at = now();
      validate(input, at);
      const drop = await db.transaction().execute(async (trx) => {
        const before = await lockChangeable(trx, id, at);
        await releaseTotal(trx, before);
        const budgetDay = await reserveTotal(trx, before.merchant_id, input);
        const after = await updateDrop(trx, id, {
          titles: JSON.stringify({ TY: input.titles.TY.trim(), EN: input.titles.EN.trim() }),
          total_minor: input.totalMinor,
          envelope_count: input.count,
          minimum_minor: input.minimumMinor,
          ...audienceColumns(input.audience),
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          budget_day: budgetDay,
          updated_at: at,
        });
        await replaceEnvelopes(trx, id, splitOf(id, before.server_seed, input));
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchant_id,
          action: 'red_envelope.update',
          target: { type: 'red_envelope_drop', id },
          before: auditedOf(before),
          after: auditedOf(after),
        });
        return after;
      });
      claimDrops.delete(id);
      return (await adminViewsOf([drop]))[0] as DropAdminView;
    },

    /**
     * Cancels a drop before it opens (CONFLICT OPENED from its start): its total goes back to the
     * budget, and members no longer see it.
     */
    async cancel(actor: ChangeActor, id: string): Promise<DropAdminView> {
      const at = now();
      const drop = await db.transaction().execute(async (trx) => {
        const before = await lockChangeable(trx, id, at);
        await releaseTotal(trx, before);
        const after = await updateDrop(trx, id, {
          status: 'cancelled',
          released_at: at,
          released_minor: before.total_minor,
          updated_at: at,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchant_id,
          action: 'red_envelope.cancel',
          target: { type: 'red_envelope_drop', id },
          before: auditedOf(before),
          after: auditedOf(after),
        });
        return after;
      });
      claimDrops.delete(id);
      return (await adminViewsOf([drop]))[0] as DropAdminView;
    },

    async get(id: string): Promise<DropAdminView> {
      const drop = await findDrop(db, id);
      if (!drop) throw new AppError('NOT_FOUND');
      return (await adminViewsOf([drop]))[0] as DropAdminView;
    },

    async list(input: { scope: readonly string[] | null; page: number; pageSize: number }) {
      const page = await findDropsPage(db, input);
      return { rows: await adminViewsOf(page.rows), total: page.total };
    },

    /** A drop's opened envelopes, in handing-out order. */
    listOpened(input: { dropId: string; page: number; pageSize: number }) {
      return findOpenedPage(db, input);
    },

    /** Drops by their start in [from, to): what each paid, to how many members. */
    async costReport(input: { scope: readonly string[] | null; from: Date; to: Date }) {
      const rows = await sumCostByDay(db, input);
      return rows.map((row) => ({
        id: row.id,
        merchantId: row.merchant_id,
        titles: row.titles,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        totalMinor: BigInt(row.total_minor),
        count: row.envelope_count,
        opened: Number(row.opened),
        paidMinor: BigInt(row.paid ?? 0),
        members: Number(row.members),
      }));
    },

    /**
     * The drops a member's audience includes: starting within a day, open, or ended within a day,
     * with what is left and the member's own envelope.
     */
    async listForMember(merchantId: string, memberId: string): Promise<DropMemberView[]> {
      const at = now();
      const drops = await findVisibleDrops(db, {
        merchantId,
        now: at,
        aheadMs: VISIBLE_MS,
        behindMs: VISIBLE_MS,
        limit: VISIBLE_MAX,
      });
      if (drops.length === 0) return [];
      const facts = drops.some((drop) => drop.audience !== 'all')
        ? await readAudienceFacts(db, memberId)
        : { vipRank: 0, lastDepositAt: null };
      const ids = drops.map((drop) => drop.id);
      const [left, mine] = await Promise.all([countLeft(db, ids), findMine(db, memberId, ids)]);
      const mineOf = new Map(mine.map((row) => [row.drop_id, row]));
      return drops
        .filter((drop) => mineOf.has(drop.id) || includes(drop, facts, at))
        .map((drop) => {
          const own = mineOf.get(drop.id);
          return {
            drop,
            phase: phaseOf(drop, at),
            left: left.get(drop.id) ?? 0,
            mine: own
              ? {
                  index: own.envelope_index,
                  amountMinor: BigInt(own.amount_minor),
                  openedAt: own.opened_at as Date,
                }
              : null,
          };
        });
    },

    /**
     * Opens the member's envelope of a drop: NOT_FOUND for another merchant's or a cancelled drop,
     * 403 FORBIDDEN outside its audience, TRIAL_ACCOUNT / FORBIDDEN NOT_MARKETABLE for members
     * promotions may not reach, 409 CONFLICT NOT_OPEN outside its window, ALREADY_OPENED for a
     * second envelope, ALL_TAKEN when none is left. The lowest envelope left is taken, the claim
     * recorded on it and paid out of the total the drop reserved when it was saved, in one
     * statement with the other claims of the drop that reached this node meanwhile (playClaims).
     */
    async open(input: {
      merchant: { id: string; currency: string };
      memberId: string;
      dropId: string;
      /** The member's facts isMarketable reads, when the caller has them (the session carries them). */
      facts?: MarketabilityFacts;
    }): Promise<{ index: number; amountMinor: bigint; left: number }> {
      const { merchant, memberId, dropId, facts } = input;
      // Read at once when both are read: a claim's wait is one round trip, not two.
      const [drop, marketable] = await Promise.all([
        dropForClaim(dropId),
        facts ? engine.marketabilityOf(facts) : engine.isMarketable(memberId),
      ]);
      if (!drop || drop.merchant_id !== merchant.id || drop.status === 'cancelled') {
        throw new AppError('NOT_FOUND');
      }
      const at = now();
      if (phaseOf(drop, at) !== 'open') throw new AppError('CONFLICT', { value: { reason: 'NOT_OPEN' } });
      if (!marketable.ok) {
        if (marketable.reason === 'TRIAL_ACCOUNT') throw new AppError('TRIAL_ACCOUNT');
        throw new AppError('FORBIDDEN', { value: { reason: 'NOT_MARKETABLE' } });
      }
      if (!(await inAudience(drop, memberId, at))) {
        throw new AppError('FORBIDDEN', { value: { reason: 'NOT_IN_AUDIENCE' } });
      }
      const already = () => new AppError('CONFLICT', { value: { reason: 'ALREADY_OPENED' } });
      const taken = () =>
        // An open drop's window and status no longer change: the row read above still holds.
        new AppError('CONFLICT', {
          value: { reason: phaseOf(drop, now()) === 'open' ? 'ALL_TAKEN' : 'NOT_OPEN' },
        });
      const emptied = emptiedDrops.get(dropId);
      if (emptied) {
        const holders = await emptied;
        const holds = holders ? holders.has(memberId) : (await findMine(db, memberId, [dropId])).length > 0;
        throw holds ? already() : taken();
      }
      const claim = () => {
        const lane = laneOf(dropId, memberId);
        return claims.play(lane, { merchant, memberId, dropId, lane });
      };
      let answer = await claim();
      if (answer.status === 'no_account') {
        // The member's first money: their accounts are made, as for any first transfer.
        await engine.cashInAccounts({
          merchantId: merchant.id,
          currency: merchant.currency,
          shardKey: dropId,
          memberIds: [memberId],
        });
        answer = await claim();
        assertInvariant(
          answer.status !== 'no_account',
          'red envelope: a member has a cash account once made',
        );
      }
      if (answer.status === 'already') throw already();
      if (answer.status === 'taken') throw taken();
      const index = present(answer.envelope_index, 'red envelope: an opened envelope has its index');
      const amountMinor = BigInt(
        present(answer.amount_minor, 'red envelope: an opened envelope has its amount'),
      );
      const balanceMinor = BigInt(
        present(answer.balance_after_minor, 'red envelope: a payment has its balance'),
      );
      engine.announceCashIn({ merchantId: merchant.id, memberId, currency: merchant.currency, balanceMinor });
      return { index, amountMinor, left: answer.left_after };
    },

    /** A drop's split for the verifier, once it has ended (CONFLICT NOT_ENDED before). */
    async splitOf(merchantId: string, dropId: string) {
      const drop = await findDrop(db, dropId);
      if (!drop || drop.merchant_id !== merchantId || drop.status === 'cancelled') {
        throw new AppError('NOT_FOUND');
      }
      if (phaseOf(drop, now()) !== 'ended')
        throw new AppError('CONFLICT', { value: { reason: 'NOT_ENDED' } });
      return { drop, amounts: await findAmounts(db, dropId) };
    },

    /**
     * The job's run: each drop whose opening or end has come and not been told is marked, once
     * across nodes, and its audience told by the socket event `reward`.
     */
    async announceDue(): Promise<{ opened: number; ended: number }> {
      const at = now();
      const due = await markAnnouncements(db, at);
      const left = await countLeft(
        db,
        due.map((drop) => drop.id),
      );
      let opened = 0;
      let ended = 0;
      for (const drop of due) {
        const status = drop.announced === 'ended' ? 'ended' : 'open';
        if (status === 'ended') ended += 1;
        else opened += 1;
        await tell(drop, status, left.get(drop.id) ?? 0, at);
      }
      return { opened, ended };
    },

    /**
     * The job's run, after announceDue: each drop that has ended gives what no one opened back to
     * the budget of its day, once across nodes (a claim still paying is waited for and kept).
     */
    async releaseEnded(): Promise<{ released: number; releasedMinor: bigint }> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        let releasedMinor = 0n;
        const due = await markReleasing(trx, { now: at, limit: RELEASE_MAX });
        for (const drop of due) {
          const unopened = await closeUnopened(trx, drop.id);
          await setReleased(trx, drop.id, unopened);
          if (unopened > 0n) {
            await engine.releaseBudgetIn(trx, {
              merchantId: drop.merchant_id,
              day: drop.budget_day,
              amountMinor: unopened,
            });
          }
          releasedMinor += unopened;
        }
        return { released: due.length, releasedMinor };
      });
    },
  };
}
