import { formatRate } from '@panalo/money/rate.ts';
import { v7 as uuidv7 } from 'uuid';
import type {
  AgentContractEndReason,
  AgentContractKind,
  AgentContractOfferStatus,
  AgentContractPeriod,
  AgentDividendPeriod,
  MemberMessageKind,
} from '../../db/schema.ts';
import {
  actorOf,
  type ChangeActor,
  type ChangeEntry,
  type RecordChange,
} from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import { wallClockIn } from '../../platform/time/zoned-day.ts';
import {
  type ContractParty,
  type ContractWithAccounts,
  cancelPendingOffersOf,
  cancelPendingOffersOn,
  decideOffer,
  endContracts,
  expireOffers,
  findActiveContract,
  findActiveContractsOf,
  findContract,
  findContractMerchantId,
  findContractsByIds,
  findContractsPage,
  findDownlineContracts,
  findEndedContracts,
  findGivenContracts,
  findGivenContractsPage,
  findLatestVersion,
  findOffer,
  findOfferMerchantId,
  findOffersAwaiting,
  findOffersByIds,
  findOffersPage,
  findParty,
  findPendingOffersOfParty,
  findTemplate,
  findTemplates,
  findVersions,
  insertContract,
  insertOffer,
  isKindOpenToMember,
  lockOffer,
  lockParties,
  lockTemplate,
  type OfferWithAccounts,
  type TemplateRow,
  updateTemplate,
} from './contract.repository.ts';
import type { ContractTier } from './contract-formulas.ts';
import {
  CONTRACT_KINDS,
  capProblemOf,
  contractsOutgrown,
  isPeriodOf,
  nextCycleStart,
  periodsOf,
  rateOf,
  readTiers,
  storedTierOf,
  type TermsCap,
  type WireTier,
} from './contract-terms.ts';

export type { ContractWithAccounts, OfferWithAccounts, TemplateRow };

/** An agent's ended contracts of a kind the agent centre shows. */
export const CONTRACT_HISTORY_MAX = 20;
/** The pending offers of a kind an agent centre's page lists (one per downline at most). */
export const PARTY_OFFERS_MAX = 50;
/** The offers waiting for an agent's answer that the offers modal lists, across kinds. */
export const WAITING_OFFERS_MAX = 20;
export const CONTRACT_PAGE_SIZE_MAX = 100;
export const END_REASON_LENGTH_MAX = 500;
/** The versions a contract's detail lists (an agent signs a kind's terms again and again). */
export const CONTRACT_VERSIONS_MAX = 100;
/** The active contracts a contract's detail lists below its agent; the count says how many in all. */
export const CONTRACTS_BELOW_MAX = 500;
/** Offers the expiry job marks in one transaction; it runs again until none is left. */
const EXPIRE_BATCH = 500;
const EXPIRE_BATCHES_MAX = 100;
const DAY_MS = 86_400_000;

/**
 * What a merchant allows, read for each change: contracts at all (AGENTPOLICY3), each kind's
 * switch (dividend BONUS, daily DAILYSALARY, hourly HOURLYSALARY, real-time REALTIMESALARY), how
 * long offers wait, and the merchant's time zone (cycles start in it).
 */
export type ContractPolicy = {
  contractsOn: boolean;
  kindsOn: Record<AgentContractKind, boolean>;
  offerExpiryDays: number;
  timeZone: string;
};

/** An inbox message a change sends once committed (the inbox module words and stores it). */
export type ContractNotice = {
  merchantId: string;
  memberId: string;
  kind: MemberMessageKind;
  params: Record<string, string>;
  dedupeKey: string;
};

/** An agent acting in the agent centre. */
export type AgentCaller = { id: string; merchantId: string; account: string; ip: string | null };

export type OfferInput =
  | { kind: AgentContractKind; downlineId: string; type: 'new'; tiers: readonly WireTier[]; period?: string }
  | { kind: AgentContractKind; downlineId: string; type: 'terminate' };

export type ContractService = ReturnType<typeof createContractService>;

type Side = 'upline' | 'downline';
type OfferParties = { upline_id: string | null; downline_id: string; from_side: string };

/** Which side must answer an offer: the other one than its sender (an operator's: the downline). */
function answeringSide(offer: OfferParties): Side {
  return offer.from_side === 'upline' || offer.from_side === 'operator' ? 'downline' : 'upline';
}

function memberOnSide(offer: OfferParties, side: Side): string | null {
  return side === 'downline' ? offer.downline_id : offer.upline_id;
}

/** The kinds of a policy that are switched on, contracts being on at all. */
function isKindOn(policy: ContractPolicy, kind: AgentContractKind): boolean {
  return policy.contractsOn && policy.kindsOn[kind];
}

/**
 * Agent contracts (issue #17, docs/contracts.md): the merchant's templates, offers between an
 * upline and its direct downline (or from the platform to a top-level agent), and signed contracts
 * in versions. Every change runs in one transaction that first locks the downline and its upline
 * (`lockParties`), is audited in it, and tells both sides through the inbox once committed.
 */
export function createContractService(
  deps: ServiceDeps<{
    recordChange: RecordChange;
    /** The merchant's switches and contract settings, read afresh for each change. */
    readPolicy: (merchantId: string) => Promise<ContractPolicy>;
    /** Sends the inbox messages of a committed change. */
    tell: (notices: readonly ContractNotice[]) => Promise<void>;
    /** How an agent sees another member's account (masked). */
    maskAccount: (account: string) => string;
  }>,
) {
  const { db, recordChange, readPolicy, tell, maskAccount } = deps;
  const now = clockOf(deps);

  function memberActor(caller: AgentCaller): Pick<ChangeEntry, 'actor' | 'ip'> {
    return { actor: { id: caller.id, name: caller.account }, ip: caller.ip };
  }

  /** A moment as the merchant's clock shows it, for messages: "2026-11-25 00:00". */
  function wallText(timeZone: string, at: Date): string {
    const wall = wallClockIn(timeZone, at);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
  }

  /**
   * A message to each member side of a contract or an offer, naming the other side: its masked
   * account, or empty for the platform (the inbox words it "the operator").
   */
  function noticesToSides(
    row: { merchant_id: string; kind: AgentContractKind; upline_id: string | null; downline_id: string } & {
      upline_account: string | null;
      downline_account: string;
    },
    message: { kind: MemberMessageKind; params: Record<string, string>; dedupeKey: string },
    sides: readonly Side[] = ['downline', 'upline'],
  ): ContractNotice[] {
    const notices: ContractNotice[] = [];
    for (const side of sides) {
      const memberId = side === 'downline' ? row.downline_id : row.upline_id;
      if (memberId === null) continue;
      const otherAccount = side === 'downline' ? row.upline_account : row.downline_account;
      notices.push({
        merchantId: row.merchant_id,
        memberId,
        kind: message.kind,
        params: {
          contract: row.kind,
          party: otherAccount === null ? '' : maskAccount(otherAccount),
          ...message.params,
        },
        dedupeKey: `${message.dedupeKey}:${side}`,
      });
    }
    return notices;
  }

  function endedNotices(contracts: readonly ContractWithAccounts[], reason: AgentContractEndReason) {
    return contracts.flatMap((contract) =>
      noticesToSides(contract, {
        kind: 'contract_ended',
        params: { endReason: reason },
        dedupeKey: `contract:${contract.id}:ended`,
      }),
    );
  }

  async function requireTemplate(
    executor: Executor,
    merchantId: string,
    kind: AgentContractKind,
  ): Promise<TemplateRow> {
    const template = await findTemplate(executor, merchantId, kind);
    assertInvariant(template !== undefined, 'every merchant has a template per contract kind');
    return template;
  }

  /**
   * What the downline's terms are held to: the upline's active contract of the kind, or, for the
   * platform (upline null), the template's highest rate and any dividend period.
   */
  async function capOf(
    executor: Executor,
    merchantId: string,
    uplineId: string | null,
    kind: AgentContractKind,
  ): Promise<TermsCap> {
    if (uplineId === null) {
      const template = await findTemplate(executor, merchantId, kind);
      assertInvariant(template !== undefined, 'every merchant has a template per contract kind');
      return { maxRateBp: template.max_rate_bp, period: null };
    }
    const own = await findActiveContract(executor, uplineId, kind);
    return own ? { maxRateBp: own.rate_bp, period: own.period } : null;
  }

  /** Checks an offer of new terms: tiers by field, period, and the cap. */
  function readNewTerms(input: {
    kind: AgentContractKind;
    tiers: readonly WireTier[];
    period: string | undefined;
    cap: TermsCap;
    template: TemplateRow;
  }): { tiers: ContractTier[]; period: AgentContractPeriod; rateBp: number } {
    if (input.cap === null) throw new AppError('CONFLICT', { value: { reason: 'noUplineContract' } });
    const read = readTiers(input.tiers, {
      maxTiers: input.template.max_tiers,
      maxRateBp: input.cap.maxRateBp,
    });
    const fields: Record<string, string> = { ...(read.errors ?? {}) };
    // A dividend's period is its upline's; the platform's offer chooses one (the template's default).
    const period =
      input.period ?? input.cap.period ?? input.template.default_period ?? periodsOf(input.kind)[0];
    if (period === undefined || !isPeriodOf(input.kind, period)) fields.period = 'notPeriodOfKind';
    else if (input.cap.period !== null && period !== input.cap.period) fields.period = 'periodDiffers';
    if (Object.keys(fields).length > 0 || read.tiers === null) {
      throw new AppError('VALIDATION', { value: { fields, maxRateBp: input.cap.maxRateBp } });
    }
    return { tiers: read.tiers, period: period as AgentContractPeriod, rateBp: rateOf(read.tiers) };
  }

  async function requirePolicyFor(merchantId: string, kind: AgentContractKind): Promise<ContractPolicy> {
    const policy = await readPolicy(merchantId);
    if (!isKindOn(policy, kind)) throw new AppError('FEATURE_DISABLED');
    return policy;
  }

  /** Inserts a pending offer; a second pending offer for the downline and kind is CONFLICT. */
  async function placeOffer(trx: Executor, row: Parameters<typeof insertOffer>[1]): Promise<void> {
    try {
      await insertOffer(trx, row);
    } catch (error) {
      if (isUniqueViolation(error, 'agent_contract_offers_pending_uq')) {
        throw new AppError('CONFLICT', { value: { reason: 'pendingOffer' } });
      }
      throw error;
    }
  }

  async function offerNotices(offerId: string, policy: ContractPolicy): Promise<ContractNotice[]> {
    const offer = await findOffer(db, offerId);
    assertInvariant(offer !== undefined, 'a placed offer is read back');
    return noticesToSides(
      offer,
      {
        kind: 'contract_offer',
        params: { offer: offer.type, days: String(policy.offerExpiryDays) },
        dedupeKey: `contract-offer:${offer.id}:placed`,
      },
      [answeringSide(offer)],
    );
  }

  /**
   * Signs the new terms of an accepted offer, in the accepting transaction with the downline and
   * its upline locked: the cap is checked again against the upline's contract as it is now, the
   * previous version ends (`superseded`), version n+1 starts with the next cycle, and every
   * contract the downline has given below that no longer fits under its new terms ends
   * (`rate_cap`). Answers the contracts it ended below, for their messages.
   */
  async function signIn(
    trx: Executor,
    offer: NonNullable<Awaited<ReturnType<typeof lockOffer>>>,
    policy: ContractPolicy,
    at: Date,
  ): Promise<{ contractId: string; endedBelow: ContractWithAccounts[] }> {
    assertInvariant(
      offer.tiers !== null && offer.rate_bp !== null && offer.period !== null,
      'a new-terms offer has terms',
    );
    const terms = { rateBp: offer.rate_bp, period: offer.period };
    const problem = capProblemOf(terms, await capOf(trx, offer.merchant_id, offer.upline_id, offer.kind));
    if (problem !== null) throw new AppError('CONFLICT', { value: { reason: problem } });
    const previous = await findActiveContract(trx, offer.downline_id, offer.kind);
    if (previous) await endContracts(trx, [previous.id], { reason: 'superseded', at });
    const contractId = uuidv7();
    try {
      await insertContract(trx, {
        id: contractId,
        merchant_id: offer.merchant_id,
        kind: offer.kind,
        period: offer.period,
        upline_id: offer.upline_id,
        downline_id: offer.downline_id,
        version: (await findLatestVersion(trx, offer.downline_id, offer.kind)) + 1,
        tiers: JSON.stringify(offer.tiers),
        rate_bp: offer.rate_bp,
        status: 'active',
        signed_at: at,
        starts_at: nextCycleStart(offer.period, policy.timeZone, at),
        offer_id: offer.id,
      });
    } catch (error) {
      // The locks make this unreachable; the index still has the last word.
      if (isUniqueViolation(error, 'agent_contracts_active_uq')) {
        throw new AppError('CONFLICT', { value: { reason: 'activeContract' } });
      }
      throw error;
    }
    const given = await findGivenContracts(trx, offer.downline_id, offer.kind);
    const outgrown = contractsOutgrown(
      terms,
      given.map((contract) => ({ ...contract, rateBp: contract.rate_bp })),
    );
    const endedIds = await endContracts(
      trx,
      outgrown.map((contract) => contract.id),
      { reason: 'rate_cap', at },
    );
    assertInvariant(endedIds.length === outgrown.length, 'contracts given below are ended under the lock');
    await cancelPendingOffersOn(trx, endedIds, at);
    return { contractId, endedBelow: outgrown };
  }

  /**
   * Runs a decision on a pending offer: its downline and upline locked first (the order every
   * contract change takes them in), then the offer, still pending and not past its expiry.
   */
  async function decide<T>(
    offerId: string,
    work: (
      trx: Executor,
      offer: NonNullable<Awaited<ReturnType<typeof lockOffer>>>,
      parties: ContractParty[],
    ) => Promise<T>,
  ): Promise<T> {
    const seen = await findOffer(db, offerId);
    if (!seen) throw new AppError('NOT_FOUND');
    return db.transaction().execute(async (trx) => {
      const parties = await lockParties(trx, [seen.downline_id, ...(seen.upline_id ? [seen.upline_id] : [])]);
      const offer = await lockOffer(trx, offerId);
      assertInvariant(offer !== undefined, 'an offer is never deleted');
      if (offer.status !== 'pending') throw new AppError('CONFLICT', { value: { status: offer.status } });
      return work(trx, offer, parties);
    });
  }

  /** The offer as its party may touch it: NOT_FOUND for anyone else, so ids tell nothing. */
  async function requireOfferOfParty(caller: AgentCaller, offerId: string): Promise<OfferWithAccounts> {
    const offer = await findOffer(db, offerId);
    if (!offer || (offer.downline_id !== caller.id && offer.upline_id !== caller.id)) {
      throw new AppError('NOT_FOUND');
    }
    return offer;
  }

  function sideOf(caller: AgentCaller, offer: OfferParties): Side {
    return offer.downline_id === caller.id ? 'downline' : 'upline';
  }

  return {
    findContractMerchantOf: (id: string) => findContractMerchantId(db, id),
    findMemberMerchantOf: async (memberId: string) => (await findParty(db, memberId))?.merchant_id,
    findOfferMerchantOf: (id: string) => findOfferMerchantId(db, id),
    findContract: (id: string) => findContract(db, id),

    /**
     * A contract for the back office's detail: every version of its downline's terms of the kind
     * (newest first, at most CONTRACT_VERSIONS_MAX) and the active contracts of the kind its
     * downline pays its own downlines (by account, at most CONTRACTS_BELOW_MAX, with their number).
     */
    async contractDetail(id: string) {
      const contract = await findContract(db, id);
      if (!contract) return undefined;
      const [versions, below] = await Promise.all([
        findVersions(db, contract.downline_id, contract.kind, CONTRACT_VERSIONS_MAX),
        findGivenContractsPage(db, {
          uplineId: contract.downline_id,
          kind: contract.kind,
          limit: CONTRACTS_BELOW_MAX,
        }),
      ]);
      return { contract, versions, below: below.rows, belowTotal: below.total };
    },
    findOffer: (id: string) => findOffer(db, id),

    /** What the agent may do with offers of its own: accept, reject or cancel. */
    offerActionsOf(callerId: string, offer: OfferParties & { status: string }) {
      const isPending = offer.status === 'pending';
      const answering = memberOnSide(offer, answeringSide(offer));
      const sending = offer.from_side === 'operator' ? null : memberOnSide(offer, offer.from_side as Side);
      return {
        canAccept: isPending && answering === callerId,
        canReject: isPending && answering === callerId,
        canCancel: isPending && sending === callerId,
      };
    },

    /**
     * The agent centre's page of one kind: whether the kind is open to the agent, the highest rate
     * it may offer below (its own, null without a contract), the period its offers have, its
     * active contract and past ones, and the pending offers it is party to.
     */
    async overviewOf(caller: AgentCaller, kind: AgentContractKind) {
      const [policy, isOpen, mine, history, offers] = await Promise.all([
        readPolicy(caller.merchantId),
        isKindOpenToMember(db, caller.id, kind),
        findActiveContract(db, caller.id, kind),
        findEndedContracts(db, caller.id, kind, CONTRACT_HISTORY_MAX),
        findPendingOffersOfParty(db, caller.id, kind, PARTY_OFFERS_MAX),
      ]);
      const fixedPeriods = periodsOf(kind);
      return {
        enabled: isKindOn(policy, kind) && isOpen,
        maxRateBp: mine?.rate_bp ?? null,
        period: mine?.period ?? (fixedPeriods.length === 1 ? (fixedPeriods[0] ?? null) : null),
        mine: mine ?? null,
        history,
        offers,
      };
    },

    /**
     * The pending offers waiting for the agent's answer across the kinds the merchant has on
     * (newest first, at most WAITING_OFFERS_MAX), each with the agent's own active contract of its
     * kind, against which accepting new terms is compared (what it would end below).
     */
    async waitingOffersOf(caller: AgentCaller) {
      const policy = await readPolicy(caller.merchantId);
      const kinds = CONTRACT_KINDS.filter((kind) => isKindOn(policy, kind));
      const [offers, mine] = await Promise.all([
        findOffersAwaiting(db, caller.id, { kinds, now: now(), limit: WAITING_OFFERS_MAX }),
        kinds.length === 0 ? Promise.resolve([]) : findActiveContractsOf(db, caller.id),
      ]);
      const mineByKind = new Map(mine.map((contract) => [contract.kind, contract]));
      return offers.map((offer) => ({ offer, current: mineByKind.get(offer.kind) ?? null }));
    },

    /** A page of the agent's direct downline agents whose type may hold the kind, with their state. */
    async listDownlines(
      caller: AgentCaller,
      kind: AgentContractKind,
      page: { page: number; pageSize: number },
    ) {
      assertInvariant(page.pageSize <= CONTRACT_PAGE_SIZE_MAX, 'contract page size within its limit');
      const { rows, total } = await findDownlineContracts(db, {
        uplineId: caller.id,
        kind,
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
      const [contracts, offers] = await Promise.all([
        findContractsByIds(
          db,
          rows.flatMap((row) => (row.contract_id ? [row.contract_id] : [])),
        ),
        findOffersByIds(
          db,
          rows.flatMap((row) => (row.offer_id ? [row.offer_id] : [])),
        ),
      ]);
      const contractById = new Map(contracts.map((contract) => [contract.id, contract]));
      const offerById = new Map(offers.map((offer) => [offer.id, offer]));
      return {
        list: rows.map((row) => ({
          memberId: row.id,
          account: row.account,
          type: row.type,
          contract: row.contract_id ? (contractById.get(row.contract_id) ?? null) : null,
          pendingOffer: row.offer_id ? (offerById.get(row.offer_id) ?? null) : null,
        })),
        total,
      };
    },

    /**
     * An agent's offer: new terms to a direct downline (rate within its own, a dividend of its own
     * period), or a request to end a contract — the downline's (from the upline) or its own (from
     * the downline). One pending offer per downline and kind: the partial unique index decides
     * between simultaneous offers, and the others hear CONFLICT.
     */
    async createOffer(caller: AgentCaller, input: OfferInput): Promise<OfferWithAccounts> {
      const policy = await requirePolicyFor(caller.merchantId, input.kind);
      const isOwn = input.downlineId === caller.id;
      const downline = isOwn ? await findParty(db, caller.id) : await findParty(db, input.downlineId);
      if (!downline || downline.merchant_id !== caller.merchantId) throw new AppError('FORBIDDEN');
      if (!isOwn && downline.upline_id !== caller.id) throw new AppError('FORBIDDEN');
      if (isOwn && input.type === 'new') {
        throw new AppError('VALIDATION', { value: { fields: { downlineId: 'self' } } });
      }
      // Ending a contract is always open; new terms only to a type that may hold the kind.
      if (input.type === 'new' && !(await isKindOpenToMember(db, downline.id, input.kind))) {
        throw new AppError('VALIDATION', { value: { fields: { kind: 'notOpenToMember' } } });
      }
      const at = now();
      const offerId = uuidv7();
      const base = {
        id: offerId,
        merchant_id: caller.merchantId,
        kind: input.kind,
        downline_id: downline.id,
        expires_at: new Date(at.getTime() + policy.offerExpiryDays * DAY_MS),
        created_at: at,
        status: 'pending' as const,
        created_by_operator: null,
      };
      await db.transaction().execute(async (trx) => {
        if (input.type === 'new') {
          const terms = readNewTerms({
            kind: input.kind,
            tiers: input.tiers,
            period: input.period,
            cap: await capOf(trx, caller.merchantId, caller.id, input.kind),
            template: await requireTemplate(trx, caller.merchantId, input.kind),
          });
          await placeOffer(trx, {
            ...base,
            type: 'new',
            from_side: 'upline',
            upline_id: caller.id,
            contract_id: null,
            period: terms.period,
            tiers: JSON.stringify(terms.tiers.map(storedTierOf)),
            rate_bp: terms.rateBp,
          });
        } else {
          const contract = await findActiveContract(trx, downline.id, input.kind);
          // The upline may ask to end only a contract it gave; the downline its own, whoever gave it.
          if (!contract || (!isOwn && contract.upline_id !== caller.id)) {
            throw new AppError('CONFLICT', { value: { reason: 'noContract' } });
          }
          await placeOffer(trx, {
            ...base,
            type: 'terminate',
            from_side: isOwn ? 'downline' : 'upline',
            upline_id: contract.upline_id,
            contract_id: contract.id,
            period: null,
            tiers: null,
            rate_bp: null,
          });
        }
        await recordChange(trx, {
          ...memberActor(caller),
          merchantId: caller.merchantId,
          action: 'contract.offer',
          target: { type: 'agent_contract_offer', id: offerId },
          before: null,
          after: { ...input },
        });
      });
      await tell(await offerNotices(offerId, policy));
      const placed = await findOffer(db, offerId);
      assertInvariant(placed !== undefined, 'a placed offer is read back');
      return placed;
    },

    /**
     * The platform's offer of new terms to a top-level agent (no upline), within the template's
     * highest rate; an operator's action, audited.
     */
    async offerFromPlatform(
      actor: ChangeActor,
      input: { downlineId: string; kind: AgentContractKind; tiers: readonly WireTier[]; period?: string },
    ): Promise<OfferWithAccounts> {
      const downline = await findParty(db, input.downlineId);
      if (!downline) throw new AppError('NOT_FOUND');
      const policy = await requirePolicyFor(downline.merchant_id, input.kind);
      if (downline.upline_id !== null) {
        throw new AppError('VALIDATION', { value: { fields: { downlineId: 'notTopLevel' } } });
      }
      if (!(await isKindOpenToMember(db, downline.id, input.kind))) {
        throw new AppError('VALIDATION', { value: { fields: { kind: 'notOpenToMember' } } });
      }
      const template = await requireTemplate(db, downline.merchant_id, input.kind);
      const terms = readNewTerms({
        kind: input.kind,
        tiers: input.tiers,
        period: input.period,
        cap: { maxRateBp: template.max_rate_bp, period: null },
        template,
      });
      const at = now();
      const offerId = uuidv7();
      await db.transaction().execute(async (trx) => {
        await placeOffer(trx, {
          id: offerId,
          merchant_id: downline.merchant_id,
          kind: input.kind,
          type: 'new',
          from_side: 'operator',
          upline_id: null,
          downline_id: downline.id,
          contract_id: null,
          period: terms.period,
          tiers: JSON.stringify(terms.tiers.map(storedTierOf)),
          rate_bp: terms.rateBp,
          status: 'pending',
          created_by_operator: actor.id,
          expires_at: new Date(at.getTime() + policy.offerExpiryDays * DAY_MS),
          created_at: at,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: downline.merchant_id,
          action: 'contract.offer',
          target: { type: 'agent_contract_offer', id: offerId },
          before: null,
          after: { ...input, period: terms.period, rateBp: terms.rateBp },
        });
      });
      await tell(await offerNotices(offerId, policy));
      const placed = await findOffer(db, offerId);
      assertInvariant(placed !== undefined, 'a placed offer is read back');
      return placed;
    },

    /**
     * The answering side accepts: new terms are signed (see signIn), a termination ends the
     * contract. Of two accepts at once, one signs and the other hears CONFLICT (the offer is locked).
     */
    async acceptOffer(caller: AgentCaller, offerId: string): Promise<OfferWithAccounts> {
      const seen = await requireOfferOfParty(caller, offerId);
      if (sideOf(caller, seen) !== answeringSide(seen)) throw new AppError('FORBIDDEN');
      const policy = await requirePolicyFor(seen.merchant_id, seen.kind);
      const at = now();
      const outcome = await decide(offerId, async (trx, offer, parties) => {
        if (offer.expires_at.getTime() <= at.getTime()) {
          throw new AppError('CONFLICT', { value: { status: 'expired' } });
        }
        const downline = parties.find((party) => party.id === offer.downline_id);
        // The move hook withdraws an offer when its downline changes upline; this is the backstop.
        if (!downline || downline.upline_id !== offer.upline_id) {
          throw new AppError('CONFLICT', { value: { reason: 'uplineChanged' } });
        }
        let ended: ContractWithAccounts[] = [];
        let endReason: AgentContractEndReason = 'rate_cap';
        let contractId: string | null = offer.contract_id;
        if (offer.type === 'new') {
          const signed = await signIn(trx, offer, policy, at);
          ended = signed.endedBelow;
          contractId = signed.contractId;
        } else {
          assertInvariant(offer.contract_id !== null, 'a termination names its contract');
          const endedIds = await endContracts(trx, [offer.contract_id], { reason: 'terminated', at });
          if (endedIds.length === 0) throw new AppError('CONFLICT', { value: { reason: 'noContract' } });
          ended = await findContractsByIds(trx, endedIds);
          endReason = 'terminated';
        }
        await decideOffer(trx, offer.id, { status: 'accepted', at });
        await recordChange(trx, {
          ...memberActor(caller),
          merchantId: offer.merchant_id,
          action: 'contract.accept',
          target: { type: 'agent_contract_offer', id: offer.id },
          before: { status: offer.status },
          after: {
            status: 'accepted',
            contractId,
            ended: ended.map((contract) => ({ id: contract.id, reason: endReason })),
          },
        });
        return { ended, endReason, contractId };
      });
      const notices = endedNotices(outcome.ended, outcome.endReason);
      if (seen.type === 'new' && outcome.contractId) {
        const signed = await findContract(db, outcome.contractId);
        assertInvariant(signed !== undefined, 'a signed contract is read back');
        notices.push(
          ...noticesToSides(signed, {
            kind: 'contract_accepted',
            params: {
              version: String(signed.version),
              rate: formatRate(BigInt(signed.rate_bp)),
              startsAt: wallText(policy.timeZone, signed.starts_at),
            },
            dedupeKey: `contract:${signed.id}:signed`,
          }),
        );
      }
      await tell(notices);
      return (await findOffer(db, offerId)) ?? seen;
    },

    /** The answering side rejects the offer; its sender is told. */
    async rejectOffer(caller: AgentCaller, offerId: string): Promise<OfferWithAccounts> {
      const seen = await requireOfferOfParty(caller, offerId);
      if (sideOf(caller, seen) !== answeringSide(seen)) throw new AppError('FORBIDDEN');
      return closeOffer(seen, 'rejected', memberActor(caller), 'contract.reject');
    },

    /** The sender withdraws its offer; the answering side is told. */
    async cancelOffer(caller: AgentCaller, offerId: string): Promise<OfferWithAccounts> {
      const seen = await requireOfferOfParty(caller, offerId);
      if (seen.from_side === 'operator' || sideOf(caller, seen) !== seen.from_side) {
        throw new AppError('FORBIDDEN');
      }
      return closeOffer(seen, 'cancelled', memberActor(caller), 'contract.cancel');
    },

    /** An operator withdraws a pending offer (the platform's own, or any other). */
    async cancelOfferAsOperator(actor: ChangeActor, offerId: string): Promise<OfferWithAccounts> {
      const seen = await findOffer(db, offerId);
      if (!seen) throw new AppError('NOT_FOUND');
      return closeOffer(seen, 'cancelled', actorOf(actor), 'contract.cancel');
    },

    /**
     * Marks pending offers past their expiry as expired, in batches, and tells both sides; the
     * scheduled job `contracts.offers-expire` runs it. Answers how many expired.
     */
    async expireDueOffers(): Promise<number> {
      let total = 0;
      for (let batch = 0; batch < EXPIRE_BATCHES_MAX; batch += 1) {
        const at = now();
        const expired = await db.transaction().execute(async (trx) => {
          const rows = await expireOffers(trx, at, EXPIRE_BATCH);
          for (const offer of rows) {
            await recordChange(trx, {
              actor: { id: null, name: 'system' },
              ip: null,
              merchantId: offer.merchant_id,
              action: 'contract.expire',
              target: { type: 'agent_contract_offer', id: offer.id },
              before: { status: 'pending' },
              after: { status: 'expired' },
            });
          }
          return rows;
        });
        await tell(
          expired.flatMap((offer) =>
            noticesToSides(offer, {
              kind: 'contract_offer_expired',
              params: { offer: offer.type },
              dedupeKey: `contract-offer:${offer.id}:expired`,
            }),
          ),
        );
        total += expired.length;
        if (expired.length < EXPIRE_BATCH) break;
      }
      return total;
    },

    /** An operator ends a contract (`operator`), with a reason; both sides are told. */
    async endContractAsOperator(actor: ChangeActor, contractId: string, reason: string) {
      assertInvariant(reason.length <= END_REASON_LENGTH_MAX, 'end reason within its limit');
      const seen = await findContract(db, contractId);
      if (!seen) throw new AppError('NOT_FOUND');
      const at = now();
      await db.transaction().execute(async (trx) => {
        await lockParties(trx, [seen.downline_id, ...(seen.upline_id ? [seen.upline_id] : [])]);
        const endedIds = await endContracts(trx, [contractId], { reason: 'operator', at });
        if (endedIds.length === 0) throw new AppError('CONFLICT', { value: { status: 'ended' } });
        await cancelPendingOffersOn(trx, endedIds, at);
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: seen.merchant_id,
          action: 'contract.end',
          target: { type: 'agent_contract', id: contractId },
          before: { status: 'active' },
          after: { status: 'ended', endReason: 'operator', reason },
        });
      });
      await tell(endedNotices([seen], 'operator'));
      const ended = await findContract(db, contractId);
      assertInvariant(ended !== undefined, 'an ended contract is read back');
      return ended;
    },

    /**
     * In the transaction of an upline move (the agent module's hook): the member's contracts from
     * its old upline end (`upline_moved`) and its pending offers are withdrawn. Answers what to run
     * once the move has committed: the messages to both sides.
     */
    async endOnUplineMoveIn(
      trx: Executor,
      move: { memberId: string; actor: ChangeActor; at: Date },
    ): Promise<() => Promise<void>> {
      const contracts = await findActiveContractsOf(trx, move.memberId);
      await endContracts(
        trx,
        contracts.map((contract) => contract.id),
        { reason: 'upline_moved', at: move.at },
      );
      const cancelled = await cancelPendingOffersOf(trx, move.memberId, move.at);
      for (const contract of contracts) {
        await recordChange(trx, {
          ...actorOf(move.actor),
          merchantId: contract.merchant_id,
          action: 'contract.end',
          target: { type: 'agent_contract', id: contract.id },
          before: { status: 'active' },
          after: { status: 'ended', endReason: 'upline_moved' },
        });
      }
      const cancelledOffers = await findOffersByIds(
        trx,
        cancelled.map((offer) => offer.id),
      );
      return () =>
        tell([
          ...endedNotices(contracts, 'upline_moved'),
          ...cancelledOffers.flatMap((offer) =>
            noticesToSides(offer, {
              kind: 'contract_offer_cancelled',
              params: { offer: offer.type },
              dedupeKey: `contract-offer:${offer.id}:cancelled`,
            }),
          ),
        ]);
    },

    listTemplates: (merchantId: string) => findTemplates(db, merchantId),

    /**
     * Changes a kind's template: the highest rate a top-level agent may be given, the most tiers a
     * contract of the kind has, default terms and period. Contracts already signed keep theirs.
     */
    async updateTemplate(
      actor: ChangeActor,
      merchantId: string,
      kind: AgentContractKind,
      change: {
        maxRateBp: number;
        maxTiers: number;
        defaultTiers: readonly WireTier[];
        defaultPeriod: AgentDividendPeriod | null;
      },
    ): Promise<TemplateRow> {
      const fields: Record<string, string> = {};
      let defaultTiers: ContractTier[] = [];
      if (change.defaultTiers.length > 0) {
        const read = readTiers(change.defaultTiers, {
          maxTiers: change.maxTiers,
          maxRateBp: change.maxRateBp,
        });
        if (read.errors) Object.assign(fields, read.errors);
        else defaultTiers = read.tiers;
      }
      if (kind === 'dividend' ? change.defaultPeriod === null : change.defaultPeriod !== null) {
        fields.defaultPeriod = kind === 'dividend' ? 'required' : 'notPeriodOfKind';
      }
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
      return db.transaction().execute(async (trx) => {
        const before = await lockTemplate(trx, merchantId, kind);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await updateTemplate(trx, merchantId, kind, {
          max_rate_bp: change.maxRateBp,
          max_tiers: change.maxTiers,
          default_tiers: JSON.stringify(defaultTiers.map(storedTierOf)),
          default_period: change.defaultPeriod,
          updated_at: now(),
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'contract.template.update',
          target: { type: 'agent_contract_template', id: kind },
          before: {
            maxRateBp: before.max_rate_bp,
            maxTiers: before.max_tiers,
            defaultTiers: before.default_tiers,
            defaultPeriod: before.default_period,
          },
          after: {
            maxRateBp: after.max_rate_bp,
            maxTiers: after.max_tiers,
            defaultTiers: after.default_tiers,
            defaultPeriod: after.default_period,
          },
        });
        return after;
      });
    },

    listContracts(filter: {
      merchantIds: readonly string[] | null;
      kind: AgentContractKind | null;
      status: 'active' | 'ended' | null;
      account: string;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(filter.pageSize <= CONTRACT_PAGE_SIZE_MAX, 'contract page size within its limit');
      const account = filter.account.trim().toLowerCase();
      return findContractsPage(db, {
        merchantIds: filter.merchantIds,
        kind: filter.kind,
        status: filter.status,
        accountKey: account === '' ? null : account,
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
      });
    },

    listOffers(filter: {
      merchantIds: readonly string[] | null;
      status: AgentContractOfferStatus | null;
      kind: AgentContractKind | null;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(filter.pageSize <= CONTRACT_PAGE_SIZE_MAX, 'offer page size within its limit');
      return findOffersPage(db, {
        merchantIds: filter.merchantIds,
        status: filter.status,
        kind: filter.kind,
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
      });
    },
  };

  /** Rejects or withdraws a pending offer, audited, and tells the other side. */
  async function closeOffer(
    seen: OfferWithAccounts,
    status: 'rejected' | 'cancelled',
    who: Pick<ChangeEntry, 'actor' | 'ip'>,
    action: string,
  ): Promise<OfferWithAccounts> {
    const at = now();
    await decide(seen.id, async (trx, offer) => {
      await decideOffer(trx, offer.id, { status, at });
      await recordChange(trx, {
        ...who,
        merchantId: offer.merchant_id,
        action,
        target: { type: 'agent_contract_offer', id: offer.id },
        before: { status: offer.status },
        after: { status },
      });
    });
    // A rejection tells the sender; a withdrawal tells the side that was to answer.
    const toldSide: Side =
      status === 'rejected' ? (seen.from_side === 'downline' ? 'downline' : 'upline') : answeringSide(seen);
    await tell(
      noticesToSides(
        seen,
        {
          kind: status === 'rejected' ? 'contract_rejected' : 'contract_offer_cancelled',
          params: { offer: seen.type },
          dedupeKey: `contract-offer:${seen.id}:${status}`,
        },
        [toldSide],
      ),
    );
    const closed = await findOffer(db, seen.id);
    assertInvariant(closed !== undefined, 'a closed offer is read back');
    return closed;
  }
}
