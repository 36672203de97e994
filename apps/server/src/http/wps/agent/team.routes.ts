import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  type AgentService,
  DOWNLINE_PAGE_SIZE_MAX,
  isAgentTypeCode,
} from '../../../modules/agent/agent.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { WalletService } from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';

export type AgentTeamRoutesDeps = {
  members: MemberService;
  agents: AgentService;
  wallet: Pick<WalletService, 'getCashBalances'>;
};

const TAGS = ['agent'];
const PAGE_SIZE_DEFAULT = 20;
const PAGE_NUMBER_MAX = 10_000;

/**
 * What an agent sees of a player's account name: its first two and last two characters, stars
 * between (issue #16 "Privacy"); a name of four characters or fewer keeps its first one only.
 */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}${'*'.repeat(Math.max(account.length - 1, 2))}`;
  return `${account.slice(0, 2)}${'*'.repeat(account.length - 4)}${account.slice(-2)}`;
}

const DownlinesQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  /** Whose downlines: the caller when left out; it must be the caller or below the caller. */
  parentId: Type.Optional(Id),
  scope: Defaulted(
    Type.Unsafe<'direct' | 'all'>({ type: 'string', enum: ['direct', 'all'], default: 'direct' }),
  ),
  /** A whole account name (any case): names are masked, so no part of one is matched. */
  search: Type.Optional(Type.String({ maxLength: 64 })),
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
  pageSize: Defaulted(
    Type.Integer({ minimum: 1, maximum: DOWNLINE_PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  ),
});

const Downline = Type.Object({
  id: Type.String(),
  /** Masked: the first two and last two characters, stars between. */
  account: Type.String(),
  /** Member type: 0 player; 1, 2, 41, 42 agent types. */
  type: Type.Integer(),
  /** How far below the caller: 1 for a direct downline. */
  level: Type.Integer(),
  lastLoginAt: Nullable(Type.String()),
  status: Type.String(),
  /** Every member below this one, at any depth. */
  teamSize: Type.Integer(),
  registeredAt: Type.String(),
  /**
   * The member's cash balance, only where the merchant lets agents see balances
   * (`agents.showDownlineBalances`); null otherwise.
   */
  balance: Nullable(Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] })),
});

const ChainQuery = Type.Object({ ...MerchantLanguageQuery.properties, memberId: Id });

const ChainMember = Type.Object({
  id: Type.String(),
  /** The caller's own account as it is; every other one masked. */
  account: Type.String(),
  type: Type.Integer(),
  /** How far below the caller: 0 for the caller. */
  level: Type.Integer(),
});

/** The caller's session, refused with NON_AGENT unless the member is of an agent type. */
export async function requireAgent(request: FastifyRequest, members: MemberService) {
  const found = await requireMerchantMember(request, members);
  if (!isAgentTypeCode(found.member.type)) throw new AppError('NON_AGENT');
  return found;
}

/**
 * The agent's team (spec §2 downlineManagmentView): its downlines, direct or at any depth, and the
 * chain from the agent down to one of them for the breadcrumb. Every member id a request names is
 * checked on the server to be in the caller's own subtree (FORBIDDEN otherwise).
 */
export function registerAgentTeamRoutes(app: TypedApp, deps: AgentTeamRoutesDeps): void {
  const { members, agents, wallet } = deps;

  app.get(
    '/wps/agent/downlines',
    {
      schema: {
        tags: TAGS,
        summary:
          "A page of the agent's downlines (direct or all), or of a downline's, with level and team size",
        querystring: DownlinesQuery,
        response: {
          200: Envelope(
            Type.Object({
              list: Type.Array(Downline),
              total: Type.Integer(),
              /** Whether the merchant lets agents see their downlines' balances. */
              showsBalances: Type.Boolean(),
            }),
          ),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const { query } = request;
      const page = await agents.listDownlines({
        viewerId: member.id,
        parentId: query.parentId ?? member.id,
        scope: query.scope,
        search: query.search ?? '',
        // Agents see their players' names masked: a search that matched parts of a name would
        // let them spell it out letter by letter, so it finds a whole account name only.
        searchMode: 'exact',
        page: query.pageNo,
        pageSize: query.pageSize,
      });
      // Balances are private unless the merchant lets agents see them (issue #16 "Privacy"): read
      // for the page's members in one query, and not at all otherwise.
      const showsBalances = merchant.settings.agents.showDownlineBalances;
      const balances = showsBalances
        ? await wallet.getCashBalances({
            merchantId: merchant.id,
            memberIds: page.list.map((row) => row.id),
            currency: merchant.currency,
          })
        : null;
      return ok({
        list: page.list.map((row) => ({
          id: row.id,
          account: maskAccount(row.account),
          type: row.type,
          level: row.level,
          lastLoginAt: row.last_login_at?.toISOString() ?? null,
          status: row.status,
          teamSize: row.team_size,
          registeredAt: row.created_at.toISOString(),
          balance: balances ? formatAmount(balances.get(row.id) ?? 0n) : null,
        })),
        total: page.total,
        showsBalances,
      });
    },
  );

  app.get(
    '/wps/agent/upline-chain',
    {
      schema: {
        tags: TAGS,
        summary: 'The members from the agent (first) down to one of its downlines (last), for the breadcrumb',
        querystring: ChainQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(ChainMember) })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireAgent(request, members);
      const chain = await agents.uplineChain(member.id, request.query.memberId);
      return ok({
        list: chain.map((row) => ({
          id: row.id,
          account: row.id === member.id ? row.account : maskAccount(row.account),
          type: row.type,
          level: row.depth,
        })),
      });
    },
  );
}
