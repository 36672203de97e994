import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import {
  AGENT_TYPE_CODES,
  type AgentService,
  type AgentTypeCode,
  CONTRACT_KINDS,
  DOWNLINE_PAGE_SIZE_MAX,
  INVITATION_CODE_PATTERN,
  MOVE_REASON_LENGTH_MAX,
  type TeamFigures,
} from '../../modules/agent/agent.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { ReportRangeFields, reportRangeOf } from '../team-report-views.ts';
import { IntegerOf, Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantIdField,
  MerchantScopeQuery,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type AgentsRoutesDeps = { agents: AgentService; now: () => Date };

const TAGS = ['back office: agents'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;

const AgentTypeCodeSchema = IntegerOf(AGENT_TYPE_CODES);

const AgentTypeNames = Type.Object({
  TY: Type.String({ minLength: 1, maxLength: 40 }),
  EN: Type.String({ minLength: 1, maxLength: 40 }),
});

const AgentTypeView = Type.Object({
  type: AgentTypeCodeSchema,
  names: Type.Record(Type.String(), Type.String()),
  mayRegisterSubagents: Type.Boolean(),
  contractKinds: Type.Array(StringOf(CONTRACT_KINDS)),
});

const AgentTypeBody = Type.Object({
  merchantId: MerchantIdField,
  names: AgentTypeNames,
  mayRegisterSubagents: Type.Boolean(),
  contractKinds: Type.Array(StringOf(CONTRACT_KINDS), { maxItems: CONTRACT_KINDS.length, uniqueItems: true }),
});

const AgentListQuery = Type.Object({
  merchantId: MerchantIdField,
  search: Type.Optional(Type.String({ maxLength: 64 })),
  ...PageQueryFields(DOWNLINE_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const AgentRow = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  account: Type.String(),
  type: Type.Integer(),
  status: Type.String(),
  invitationCode: Nullable(Type.String()),
  uplineAccount: Nullable(Type.String()),
  teamSize: Type.Integer(),
  createdAt: Type.String(),
});

const MakeAgentBody = Type.Object({
  type: AgentTypeCodeSchema,
  /** The agent above; null makes a top agent. */
  uplineId: Type.Union([Id, Type.Null()]),
  invitationCode: Type.String({ pattern: INVITATION_CODE_PATTERN, maxLength: 16, examples: ['TEAM2026'] }),
});

const MoveBody = Type.Object({
  uplineId: Id,
  reason: Type.String({ minLength: 1, maxLength: MOVE_REASON_LENGTH_MAX }),
});

const TreeQuery = Type.Object({
  scope: Type.Optional(StringOf(['direct', 'all'])),
  search: Type.Optional(Type.String({ maxLength: 64 })),
  ...ReportRangeFields,
  ...PageQueryFields(DOWNLINE_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

/** Team figures as amounts: bets, stake, valid bet, payout, and the house's GGR (stake - payout). */
const Figures = Type.Object({
  betCount: Type.Integer(),
  stake: Type.String(),
  validBet: Type.String(),
  payout: Type.String(),
  ggr: Type.String(),
});

const TreeRow = Type.Object({
  id: Type.String(),
  account: Type.String(),
  type: Type.Integer(),
  status: Type.String(),
  /** How far below the agent whose tree this is (1 for a direct downline). */
  level: Type.Integer(),
  teamSize: Type.Integer(),
  lastLoginAt: Nullable(Type.String()),
  registeredAt: Type.String(),
  /** The downline's team figures over the range; null for a player (no team). */
  figures: Type.Union([Figures, Type.Null()]),
});

const ChainRow = Type.Object({ id: Type.String(), account: Type.String(), type: Type.Integer() });

const AgentSummary = Type.Object({
  member: Type.Object({
    id: Type.String(),
    merchantId: Type.String(),
    account: Type.String(),
    type: Type.Integer(),
    status: Type.String(),
    uplineId: Nullable(Type.String()),
    invitationCode: Nullable(Type.String()),
  }),
  /** From the top-most agent down to this member. */
  chain: Type.Array(ChainRow),
  figures: Figures,
  byGameType: Type.Array(Type.Object({ gameType: Type.String(), ...Figures.properties })),
  /** When the oldest figure shown was rebuilt; null when there are none. */
  rebuiltAt: Nullable(Type.String()),
  /** The member's latest changes of upline, newest first. */
  moves: Type.Array(
    Type.Object({
      id: Type.String(),
      fromAccount: Nullable(Type.String()),
      toAccount: Nullable(Type.String()),
      operator: Nullable(Type.String()),
      reason: Type.String(),
      movedAt: Type.String(),
    }),
  ),
});

function figuresOf(figures: TeamFigures) {
  return {
    betCount: figures.betCount,
    stake: formatAmount(figures.stakeMinor),
    validBet: formatAmount(figures.validBetMinor),
    payout: formatAmount(figures.winMinor),
    // A team's GGR is negative on a day its players won more than they staked.
    ggr: formatAmount(figures.stakeMinor - figures.winMinor),
  };
}

/**
 * Agents in the back office: the agent list, making a player an agent, moving a member to another
 * upline (audited, with a reason), an agent's tree with its team figures, and the agent types.
 */
export function registerAgentsRoutes(app: TypedApp, deps: AgentsRoutesDeps): void {
  const { agents } = deps;
  const findMerchant = agents.findMerchantOf;

  app.get(
    '/bo/agent-types',
    {
      // Whoever sees agents reads their types' names; changing them is a setting (settings.write).
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: "The merchant's agent types: names, whether they may hold sub-agents, contract kinds",
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(AgentTypeView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok({ list: await agents.listAgentTypes(await targetMerchantOf(request)) }),
  );

  app.put(
    '/bo/agent-types/:type',
    {
      ...merchantScopedRoute('settings.write'),
      schema: {
        tags: TAGS,
        summary: 'Change what an agent type is called and what it may do',
        params: Type.Object({ type: AgentTypeCodeSchema }),
        body: AgentTypeBody,
        response: { 200: Envelope(AgentTypeView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const merchantId = await targetMerchantOf(request);
      const updated = await agents.updateAgentType((await readOperator(request)).actor, merchantId, {
        type: request.params.type as AgentTypeCode,
        names: body.names,
        mayRegisterSubagents: body.mayRegisterSubagents,
        contractKinds: body.contractKinds,
      });
      return ok(updated);
    },
  );

  app.get(
    '/bo/agents',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Agents (members of an agent type), by account',
        querystring: AgentListQuery,
        response: { 200: Envelope(CountedPageOf(AgentRow)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await agents.listAgents({
        merchantIds: await readMerchantScope(request),
        search: query.search ?? '',
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          merchantId: row.merchant_id,
          account: row.account,
          type: row.type,
          status: row.status,
          invitationCode: row.affiliate_code,
          uplineAccount: row.upline_account,
          teamSize: row.team_size,
          createdAt: row.created_at.toISOString(),
        })),
        total,
        totalPages: Math.ceil(total / pageSize),
      });
    },
  );

  app.post(
    '/bo/agents/:id/make',
    {
      ...resourceRoute('players.write', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          'Make a player an agent of a type, under an upline agent (or at the top), with an invitation code',
        params: IdParams,
        body: MakeAgentBody,
        response: {
          200: Envelope(
            Type.Object({ id: Type.String(), type: Type.Integer(), uplineId: Nullable(Type.String()) }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const made = await agents.makeAgent((await readOperator(request)).actor, {
        memberId: request.params.id,
        type: body.type as AgentTypeCode,
        uplineId: body.uplineId,
        invitationCode: body.invitationCode,
      });
      return ok({ id: made.id, type: made.type, uplineId: made.upline_id });
    },
  );

  app.post(
    '/bo/agents/:id/move',
    {
      ...resourceRoute('players.write', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          'Move a member (a player, or an agent with its whole team) under another agent, with a reason',
        params: IdParams,
        body: MoveBody,
        response: {
          200: Envelope(Type.Object({ fromUplineId: Nullable(Type.String()), toUplineId: Type.String() })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { body } = request;
      return ok(
        await agents.moveUpline((await readOperator(request)).actor, {
          memberId: request.params.id,
          uplineId: body.uplineId,
          reason: body.reason.trim(),
        }),
      );
    },
  );

  app.get(
    '/bo/agents/:id/summary',
    {
      ...resourceRoute('players.read', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          "A member's place in the tree, its team figures over a range of days by game type, and its past upline moves",
        params: IdParams,
        querystring: Type.Object(ReportRangeFields),
        response: { 200: Envelope(AgentSummary), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const member = await agents.findMember(id);
      if (!member) throw new AppError('NOT_FOUND');
      const range = reportRangeOf(request.query, await agents.timeZoneOf(member.merchant_id), deps.now());
      const [chain, totals, byGameType, moves] = await Promise.all([
        agents.uplineChainFromTop(id),
        agents.teamFigures([id], range),
        agents.teamFiguresByGameType(id, range),
        agents.listUplineMoves(id),
      ]);
      return ok({
        member: {
          id: member.id,
          merchantId: member.merchant_id,
          account: member.account,
          type: member.type,
          status: member.status,
          uplineId: member.upline_id,
          invitationCode: member.affiliate_code,
        },
        chain: chain.map((row) => ({ id: row.id, account: row.account, type: row.type })),
        figures: figuresOf(totals.byMember.get(id) as TeamFigures),
        byGameType: byGameType.map((row) => ({ gameType: row.gameType, ...figuresOf(row) })),
        rebuiltAt: totals.oldestRebuiltAt?.toISOString() ?? null,
        moves: moves.map((move) => ({
          id: move.id,
          fromAccount: move.from_account,
          toAccount: move.to_account,
          operator: move.operator_name,
          reason: move.reason,
          movedAt: new Date(move.moved_at).toISOString(),
        })),
      });
    },
  );

  app.get(
    '/bo/agents/:id/tree',
    {
      ...resourceRoute('players.read', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          "A page of a member's downlines (direct or all) with each one's team figures over a range of days",
        params: IdParams,
        querystring: TreeQuery,
        response: {
          200: Envelope(
            Type.Object({ ...CountedPageOf(TreeRow).properties, rebuiltAt: Nullable(Type.String()) }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { query } = request;
      const merchantId = present(await agents.findMerchantOf(id), 'the checked member has a merchant');
      const range = reportRangeOf(query, await agents.timeZoneOf(merchantId), deps.now());
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await agents.listDownlines({
        viewerId: id,
        parentId: id,
        scope: query.scope ?? 'direct',
        search: query.search ?? '',
        searchMode: 'contains',
        page: query.page ?? 1,
        pageSize,
      });
      const withTeams = page.list.filter((row) => row.team_size > 0).map((row) => row.id);
      const figures = await agents.teamFigures(withTeams, range);
      return ok({
        list: page.list.map((row) => {
          const team = figures.byMember.get(row.id);
          return {
            id: row.id,
            account: row.account,
            type: row.type,
            status: row.status,
            level: row.level,
            teamSize: row.team_size,
            lastLoginAt: row.last_login_at?.toISOString() ?? null,
            registeredAt: row.created_at.toISOString(),
            figures: team ? figuresOf(team) : null,
          };
        }),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
        rebuiltAt: figures.oldestRebuiltAt?.toISOString() ?? null,
      });
    },
  );
}
