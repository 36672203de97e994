import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { BET_RECORD_PAGE_SIZE_MAX } from '../../../modules/report/bet-records.service.ts';
import { DATE_PRESETS } from '../../../modules/report/date-range.ts';
import type { ImportStatusService } from '../../../modules/report/import-status.service.ts';
import {
  TEAM_TRANSACTION_KINDS,
  TEAM_TRANSACTION_PAGE_SIZE_MAX,
  type TeamRecordService,
  type TeamTransaction,
} from '../../../modules/report/team-records.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { importingOut } from '../../import-status.ts';
import {
  BetDetail,
  BetFilterFields,
  BetId,
  BetItem,
  BetRecordsPageOf,
  RecordsPageOf,
  rangeOf,
  toBetDetail,
  toBetItem,
  toBetTotals,
} from '../member/bets.routes.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { DayRangeFields, MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { maskAccount, requireAgent } from './team.routes.ts';

export type AgentRecordRoutesDeps = {
  members: MemberService;
  teamRecords: TeamRecordService;
  importStatus: ImportStatusService;
  now: () => Date;
};

const TAGS = ['agent'];
const PAGE_SIZE_DEFAULT = 20;
const PAGE_NUMBER_MAX = 10_000;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });

/** The agent lists' paging, named as /wps/agent/downlines names it. */
function PageNoFields(pageSizeMax: number) {
  return {
    pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
    pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: pageSizeMax, default: PAGE_SIZE_DEFAULT })),
  };
}

/** Narrows a team list to one downline: by its whole account name, or by its id. */
const MemberFields = {
  /** A downline's whole account name (any case); a name outside the team finds nothing. */
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** A downline's id; refused (FORBIDDEN) when it is not in the caller's team. */
  memberId: Type.Optional(Id),
};

const TeamBetsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...BetFilterFields,
  ...MemberFields,
  /** Whose bets when no member is named: the direct downlines' or every downline's (default). */
  scope: Defaulted(
    Type.Unsafe<'direct' | 'all'>({ type: 'string', enum: ['direct', 'all'], default: 'all' }),
  ),
  ...PageNoFields(BET_RECORD_PAGE_SIZE_MAX),
});

/** The bettor's account, masked: the first two and last two characters, stars between. */
const TeamBetItem = Type.Object({ ...BetItem.properties, account: Type.String() });
const TeamBetDetail = Type.Object({ ...BetDetail.properties, account: Type.String() });

const TransactionsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  kind: Defaulted(
    Type.Unsafe<(typeof TEAM_TRANSACTION_KINDS)[number]>({
      type: 'string',
      enum: [...TEAM_TRANSACTION_KINDS],
      default: 'deposit',
    }),
  ),
  /** A date preset of spec §9 in the merchant's days; else `from` and `to` (the last 7 days when neither). */
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  ...DayRangeFields,
  ...MemberFields,
  ...PageNoFields(TEAM_TRANSACTION_PAGE_SIZE_MAX),
});

const TransactionItem = Type.Object({
  id: Type.String(),
  kind: StringOf(TEAM_TRANSACTION_KINDS),
  /** The downline's account, masked. */
  account: Type.String(),
  /**
   * A transfer's other member: the caller's own account as it is, anyone else's masked; null for
   * deposits, withdrawals and adjustments.
   */
  counterparty: Nullable(Type.String()),
  /** Into the downline's wallet, or out of it. */
  direction: StringOf(['in', 'out']),
  amount: Money,
  /** pending (under way or in review), done (the money moved), failed (failed or refused). */
  status: StringOf(['pending', 'done', 'failed']),
  createdAt: Type.String({ format: 'date-time' }),
});

const TransactionTotals = Type.Object({
  count: Type.Integer(),
  /** What done transactions moved into the downlines' wallets. */
  amountIn: Money,
  /** What done transactions moved out of them. */
  amountOut: Money,
});

/**
 * The agent centre's team records: the bets of the members below the agent (spec §2
 * personalHistoryCopy in the agent centre) and their deposits, withdrawals, transfers and
 * adjustments (agentDownlineTransactionDetailsCopy). Agents only (NON_AGENT otherwise); a member
 * id outside the caller's team is refused, and accounts are masked.
 */
export function registerAgentRecordRoutes(app: TypedApp, deps: AgentRecordRoutesDeps): void {
  const { members, teamRecords } = deps;

  app.get(
    '/wps/agent/bets',
    {
      schema: {
        tags: TAGS,
        summary:
          "The team's bets across every vendor, newest first: every downline's, the direct downlines', or one downline's, with the member betting records' filters and totals over the whole filter",
        querystring: TeamBetsQuery,
        response: {
          200: Envelope(BetRecordsPageOf(TeamBetItem)),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const { query } = request;
      const range = rangeOf(query, merchant.timeZone, deps.now());
      const [page, importing] = await Promise.all([
        teamRecords.listBets({
          merchantId: merchant.id,
          agentId: member.id,
          account: query.account,
          memberId: query.memberId,
          scope: query.scope,
          timeZone: merchant.timeZone,
          range,
          gameType: query.gameType,
          vendorId: query.vendorId,
          status: query.status,
          page: query.pageNo,
          pageSize: query.pageSize,
        }),
        deps.importStatus.importing([merchant.id]),
      ]);
      return ok({
        list: page.list.map((record) => ({
          ...toBetItem(record, request.language),
          account: maskAccount(record.account),
        })),
        total: page.total,
        totalPages: Math.ceil(page.total / query.pageSize),
        totals: toBetTotals(page.totals),
        from: range.from,
        to: range.to,
        importing: importingOut(importing),
      });
    },
  );

  app.get(
    '/wps/agent/bets/:id',
    {
      schema: {
        tags: TAGS,
        summary: "One bet of the team's; for our own games, the inputs that recall and verify its round",
        params: Type.Object({ id: BetId }),
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(TeamBetDetail), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const bet = await teamRecords.findBet({
        merchantId: merchant.id,
        agentId: member.id,
        id: request.params.id,
      });
      return ok({ ...toBetDetail(bet, request.language), account: maskAccount(bet.account) });
    },
  );

  app.get(
    '/wps/agent/transactions',
    {
      schema: {
        tags: TAGS,
        summary:
          "The downlines' deposits, withdrawals, transfers between members or manual adjustments, newest first, with totals over the whole filter",
        querystring: TransactionsQuery,
        response: {
          200: Envelope(RecordsPageOf(TransactionItem, TransactionTotals)),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request, members);
      const { query } = request;
      const range = rangeOf(query, merchant.timeZone, deps.now());
      const page = await teamRecords.listTransactions({
        merchantId: merchant.id,
        agentId: member.id,
        account: query.account,
        memberId: query.memberId,
        timeZone: merchant.timeZone,
        range,
        kind: query.kind,
        page: query.pageNo,
        pageSize: query.pageSize,
      });
      const counterpartyOf = (line: TeamTransaction) => {
        if (line.counterparty_id === null || line.counterparty_account === null) return null;
        return line.counterparty_id === member.id
          ? line.counterparty_account
          : maskAccount(line.counterparty_account);
      };
      return ok({
        list: page.list.map((line) => ({
          id: line.id,
          kind: query.kind,
          account: maskAccount(line.account),
          counterparty: counterpartyOf(line),
          direction: line.direction,
          amount: formatAmount(line.amountMinor),
          status: line.state,
          createdAt: line.createdAt.toISOString(),
        })),
        total: page.total,
        totalPages: Math.ceil(page.total / query.pageSize),
        totals: {
          count: page.totals.count,
          amountIn: formatAmount(page.totals.amountInMinor),
          amountOut: formatAmount(page.totals.amountOutMinor),
        },
        from: range.from,
        to: range.to,
      });
    },
  );
}
