import { v7 as uuidv7 } from 'uuid';
import type { AgentContractKind, MemberType } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type AgentTypeRow,
  type ChainRow,
  type DownlineRow,
  findAgents,
  findAgentType,
  findAgentTypes,
  findChainBetween,
  findDepthBelow,
  findDownlines,
  findMemberMerchantId,
  findMerchantTimeZone,
  findTreeMember,
  findUplineChain,
  findUplineMoves,
  insertUplineMove,
  isAffiliateCodeTaken,
  isInSubtree,
  lockAgentType,
  lockTreeMembers,
  setMemberAgentColumns,
  sumTeamFigures,
  sumTeamFiguresByGameType,
  type TreeMember,
  updateAgentType,
} from './agent.repository.ts';

export type { ChainRow, DownlineRow };

/** The agent types (spec §6, §9 name them; what each may do is the merchant's, see docs/agents.md). */
export const AGENT_TYPE_CODES = [1, 2, 41, 42] as const;
export type AgentTypeCode = (typeof AGENT_TYPE_CODES)[number];
export const isAgentTypeCode = (type: number): type is AgentTypeCode =>
  (AGENT_TYPE_CODES as readonly number[]).includes(type);

export const CONTRACT_KINDS = [
  'dividend',
  'daily',
  'hourly',
  'realtime',
] as const satisfies AgentContractKind[];

/** The longest page of downlines or agents one call answers. */
export const DOWNLINE_PAGE_SIZE_MAX = 100;
/** An invitation code: what an agent hands out (it travels as `affiliateCode` in links). */
export const INVITATION_CODE_PATTERN = '^[A-Za-z0-9]{4,16}$';
export const MOVE_REASON_LENGTH_MAX = 500;
/** How many of a member's past upline moves the back office shows. */
export const UPLINE_MOVES_SHOWN_MAX = 20;

export type AgentType = {
  type: AgentTypeCode;
  names: Record<string, string>;
  mayRegisterSubagents: boolean;
  contractKinds: AgentContractKind[];
};

export type TeamFigures = {
  betCount: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
};

export type AgentService = ReturnType<typeof createAgentService>;

function agentTypeOf(row: AgentTypeRow): AgentType {
  return {
    type: row.type,
    names: row.names,
    mayRegisterSubagents: row.may_register_subagents,
    contractKinds: row.contract_kinds,
  };
}

export type UplineMoveHook = (
  trx: Executor,
  move: { memberId: string; actor: ChangeActor; at: Date },
) => Promise<() => Promise<void>>;

export type MakeAgentInput = {
  memberId: string;
  type: AgentTypeCode;
  uplineId: string | null;
  invitationCode: string;
};

/**
 * What a failed make-agent transaction answers: two operators giving one code at once are decided
 * by the unique index, and the one that lost hears that the code is taken.
 */
export function invitationCodeTakenOr(error: unknown): unknown {
  return isUniqueViolation(error, 'members_affiliate_code_uq')
    ? new AppError('VALIDATION', { value: { fields: { invitationCode: 'taken' } } })
    : error;
}

const ZERO_FIGURES: TeamFigures = { betCount: 0, stakeMinor: 0n, validBetMinor: 0n, winMinor: 0n };

/**
 * The team: who is below whom (the closure table member_tree, kept in step by the members
 * triggers of migration 0132), the agent types' capabilities, making an agent and moving a member
 * to another upline (operator actions, audited), and the team figures the rollup job rebuilds.
 */
export function createAgentService(
  deps: ServiceDeps<{
    recordChange: RecordChange;
    /**
     * What other areas do when a member changes upline, in the move's transaction (agent
     * contracts from the old upline end); what it answers runs once the move has committed.
     */
    onUplineMove?: UplineMoveHook;
  }>,
) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  /** The upline a member may be hung under: an agent of the same merchant whose type allows it. */
  async function requireUplineFor(
    trx: Executor,
    member: TreeMember,
    upline: TreeMember | undefined,
    isAgent: boolean,
  ) {
    if (!upline || upline.merchant_id !== member.merchant_id) {
      throw new AppError('VALIDATION', { value: { fields: { uplineId: 'unknown' } } });
    }
    if (!isAgentTypeCode(upline.type)) {
      throw new AppError('VALIDATION', { value: { fields: { uplineId: 'notAgent' } } });
    }
    if (upline.id === member.id || (await isInSubtree(trx, member.id, upline.id))) {
      throw new AppError('VALIDATION', { value: { fields: { uplineId: 'ownDownline' } } });
    }
    if (isAgent) {
      const uplineType = await findAgentType(trx, member.merchant_id, upline.type);
      if (!uplineType?.may_register_subagents) {
        throw new AppError('VALIDATION', { value: { fields: { uplineId: 'noSubagents' } } });
      }
    }
  }

  /** Keeps a change of upline in member_upline_moves, the history the back office shows. */
  function keepMove(
    trx: Executor,
    actor: ChangeActor,
    member: TreeMember,
    move: { uplineId: string | null; reason: string; at: Date },
  ) {
    return insertUplineMove(trx, {
      id: uuidv7(),
      merchant_id: member.merchant_id,
      member_id: member.id,
      from_upline_id: member.upline_id,
      to_upline_id: move.uplineId,
      operator_id: actor.id,
      reason: move.reason,
      moved_at: move.at,
    });
  }

  async function makeAgentIn(trx: Executor, actor: ChangeActor, input: MakeAgentInput): Promise<TreeMember> {
    const merchantId = await findMemberMerchantId(trx, input.memberId);
    if (!merchantId) throw new AppError('NOT_FOUND');
    const locked = await lockTreeMembers(trx, merchantId, [
      input.memberId,
      ...(input.uplineId ? [input.uplineId] : []),
    ]);
    const member = locked.find((row) => row.id === input.memberId);
    if (!member) throw new AppError('NOT_FOUND');
    if (member.type !== 0) throw new AppError('CONFLICT', { value: { type: member.type } });
    if (member.status !== 'active') throw new AppError('CONFLICT', { value: { status: member.status } });
    if (input.uplineId) {
      await requireUplineFor(
        trx,
        member,
        locked.find((row) => row.id === input.uplineId),
        true,
      );
    }
    if (await isAffiliateCodeTaken(trx, merchantId, input.invitationCode, member.id)) {
      throw new AppError('VALIDATION', { value: { fields: { invitationCode: 'taken' } } });
    }
    const at = now();
    // A player holds no agent contract, so none ends with this change of upline (moveUpline's
    // onUplineMove hook does that for agents).
    await setMemberAgentColumns(trx, member.id, {
      type: input.type,
      upline_id: input.uplineId,
      affiliate_code: input.invitationCode,
      updated_at: at,
    });
    if (member.upline_id !== input.uplineId) {
      await keepMove(trx, actor, member, { uplineId: input.uplineId, reason: 'Made an agent', at });
    }
    await recordChange(trx, {
      ...actorOf(actor),
      merchantId,
      action: 'agent.make',
      target: { type: 'member', id: member.id },
      before: { type: member.type, uplineId: member.upline_id, invitationCode: member.affiliate_code },
      after: { type: input.type, uplineId: input.uplineId, invitationCode: input.invitationCode },
    });
    return { ...member, type: input.type, upline_id: input.uplineId, affiliate_code: input.invitationCode };
  }

  return {
    findMerchantOf: (memberId: string) => findMemberMerchantId(db, memberId),
    findMember: (memberId: string) => findTreeMember(db, memberId),
    /** The merchant's time zone, whose days the team figures are kept in. */
    timeZoneOf: (merchantId: string) => findMerchantTimeZone(db, merchantId),

    /** Whether `memberId` is `agentId` itself or anywhere below it: one indexed lookup. */
    isInSubtree: (agentId: string, memberId: string) => isInSubtree(db, agentId, memberId),

    /**
     * A page of the downlines of `parentId` (direct or at any depth), as seen by `viewerId`, who
     * must be `parentId` or above it: `level` counts from the viewer. FORBIDDEN when the parent is
     * not in the viewer's subtree.
     */
    async listDownlines(input: {
      viewerId: string;
      parentId: string;
      scope: 'direct' | 'all';
      search: string;
      searchMode: 'exact' | 'contains';
      page: number;
      pageSize: number;
    }): Promise<{ list: (DownlineRow & { level: number })[]; total: number }> {
      assertInvariant(input.pageSize <= DOWNLINE_PAGE_SIZE_MAX, 'downline page size within its limit');
      const parentDepth = await findDepthBelow(db, input.viewerId, input.parentId);
      if (parentDepth === undefined) throw new AppError('FORBIDDEN');
      const { rows, total } = await findDownlines(db, {
        parentId: input.parentId,
        scope: input.scope,
        search: input.search.trim(),
        searchMode: input.searchMode,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      return { list: rows.map((row) => ({ ...row, level: parentDepth + row.depth })), total };
    },

    /** The members from `viewerId` down to `memberId`, both included; FORBIDDEN when not below. */
    async uplineChain(viewerId: string, memberId: string): Promise<ChainRow[]> {
      const chain = await findChainBetween(db, viewerId, memberId);
      if (chain.length === 0) throw new AppError('FORBIDDEN');
      return chain;
    },

    /** A member's latest changes of upline (UPLINE_MOVES_SHOWN_MAX), newest first. */
    listUplineMoves: (memberId: string) => findUplineMoves(db, memberId, UPLINE_MOVES_SHOWN_MAX),

    /** A member's whole upline chain, the top-most agent first and the member itself last. */
    uplineChainFromTop: (memberId: string) => findUplineChain(db, memberId),

    async listAgentTypes(merchantId: string): Promise<AgentType[]> {
      return (await findAgentTypes(db, merchantId)).map(agentTypeOf);
    },

    /** What a member of this type may do; undefined for a type that is not an agent type. */
    async capabilitiesOf(merchantId: string, type: MemberType): Promise<AgentType | undefined> {
      if (!isAgentTypeCode(type)) return undefined;
      const row = await findAgentType(db, merchantId, type);
      return row ? agentTypeOf(row) : undefined;
    },

    /** Changes what an agent type is called and may do, with its audit row. */
    async updateAgentType(actor: ChangeActor, merchantId: string, change: AgentType): Promise<AgentType> {
      return db.transaction().execute(async (trx) => {
        const before = await lockAgentType(trx, merchantId, change.type);
        if (!before) throw new AppError('NOT_FOUND');
        const contractKinds = CONTRACT_KINDS.filter((kind) => change.contractKinds.includes(kind));
        await updateAgentType(trx, merchantId, change.type, {
          names: change.names,
          may_register_subagents: change.mayRegisterSubagents,
          contract_kinds: contractKinds,
          updated_at: now(),
        });
        const after = { ...change, contractKinds };
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'agent.type.update',
          target: { type: 'agent_type', id: String(change.type) },
          before: agentTypeOf(before),
          after,
        });
        return after;
      });
    },

    /**
     * Makes a player an agent of `type` under `uplineId` (null: a top agent with no upline), with
     * the invitation code its links carry. In one transaction under the merchant's tree lock: the
     * member's type, code and upline change, member_tree follows (its trigger), a change of upline
     * is kept in member_upline_moves, and the audit log records it.
     */
    async makeAgent(actor: ChangeActor, input: MakeAgentInput): Promise<TreeMember> {
      try {
        return await db.transaction().execute((trx) => makeAgentIn(trx, actor, input));
      } catch (error) {
        throw invitationCodeTakenOr(error);
      }
    },

    /**
     * makeAgent inside the caller's transaction (an approved affiliate application becomes an agent
     * in the same transaction as its review). A code another member took at the same moment fails
     * the transaction with a unique violation: pass what it throws through invitationCodeTakenOr.
     */
    makeAgentIn,

    /**
     * Moves a member (a player, or an agent with its whole team) under another agent. Refuses
     * another merchant's upline, a non-agent upline, the member itself or its own downline (a
     * cycle), and an upline whose type may not hold sub-agents when the member is an agent. The
     * merchant's tree lock and the two member rows are held for the transaction, so simultaneous
     * moves happen one after the other and each checks the tree the previous one left.
     */
    async moveUpline(
      actor: ChangeActor,
      input: { memberId: string; uplineId: string; reason: string },
    ): Promise<{ fromUplineId: string | null; toUplineId: string }> {
      const merchantId = await findMemberMerchantId(db, input.memberId);
      if (!merchantId) throw new AppError('NOT_FOUND');
      let afterMove: (() => Promise<void>) | undefined;
      const moved = await db.transaction().execute(async (trx) => {
        const locked = await lockTreeMembers(trx, merchantId, [input.memberId, input.uplineId]);
        const member = locked.find((row) => row.id === input.memberId);
        if (!member) throw new AppError('NOT_FOUND');
        if (member.upline_id === input.uplineId) {
          throw new AppError('CONFLICT', { value: { uplineId: input.uplineId } });
        }
        await requireUplineFor(
          trx,
          member,
          locked.find((row) => row.id === input.uplineId),
          isAgentTypeCode(member.type),
        );
        const at = now();
        await setMemberAgentColumns(trx, member.id, { upline_id: input.uplineId, updated_at: at });
        await keepMove(trx, actor, member, { uplineId: input.uplineId, reason: input.reason, at });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'agent.move',
          target: { type: 'member', id: member.id },
          before: { uplineId: member.upline_id },
          after: { uplineId: input.uplineId, reason: input.reason },
        });
        afterMove = await deps.onUplineMove?.(trx, { memberId: member.id, actor, at });
        return { fromUplineId: member.upline_id, toUplineId: input.uplineId };
      });
      await afterMove?.();
      return moved;
    },

    /** A page of agents, by account (the back office's agent list). */
    listAgents(input: {
      merchantIds: readonly string[] | null;
      search: string;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(input.pageSize <= DOWNLINE_PAGE_SIZE_MAX, 'agent page size within its limit');
      return findAgents(
        db,
        {
          merchantIds: input.merchantIds,
          search: input.search.trim(),
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        },
        AGENT_TYPE_CODES,
      );
    },

    /**
     * Team figures of these members over a range of days (zeros for a member with no team rows),
     * and how old the oldest figure read is.
     */
    async teamFigures(
      memberIds: readonly string[],
      range: { from: string; to: string },
    ): Promise<{ byMember: Map<string, TeamFigures>; oldestRebuiltAt: Date | null }> {
      const rows = await sumTeamFigures(db, memberIds, range);
      const byMember = new Map<string, TeamFigures>(memberIds.map((id) => [id, ZERO_FIGURES]));
      let oldest: Date | null = null;
      for (const row of rows) {
        byMember.set(row.agent_id, {
          betCount: row.bet_count,
          stakeMinor: BigInt(row.stake_minor),
          validBetMinor: BigInt(row.valid_bet_minor),
          winMinor: BigInt(row.win_minor),
        });
        const rebuiltAt = row.oldest_rebuilt_at ? new Date(row.oldest_rebuilt_at) : null;
        if (rebuiltAt && (oldest === null || rebuiltAt < oldest)) oldest = rebuiltAt;
      }
      return { byMember, oldestRebuiltAt: oldest };
    },

    /** An agent's team figures per game type over a range of days. */
    async teamFiguresByGameType(agentId: string, range: { from: string; to: string }) {
      return (await sumTeamFiguresByGameType(db, agentId, range)).map((row) => ({
        gameType: row.game_type,
        betCount: row.bet_count,
        stakeMinor: BigInt(row.stake_minor),
        validBetMinor: BigInt(row.valid_bet_minor),
        winMinor: BigInt(row.win_minor),
      }));
    },
  };
}
