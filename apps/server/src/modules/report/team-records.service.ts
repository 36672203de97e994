import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { BetStatusFilter, Bettors } from './bet-records.repository.ts';
import {
  type BetRecord,
  type BetRecordService,
  type BetTotals,
  instantsOfRange,
} from './bet-records.service.ts';
import type { DayRange } from './date-range.ts';
import {
  findDepthInTeam,
  findTeamMemberByAccount,
  findTeamTransactionPage,
  sumTeamTransactions,
  type TeamTransactionKind,
  type TeamTransactionRow,
} from './team-records.repository.ts';

export type { TeamTransactionKind };
export const TEAM_TRANSACTION_KINDS = [
  'deposit',
  'withdrawal',
  'transfer',
  'adjustment',
] as const satisfies TeamTransactionKind[];
/** The most transactions one page lists. */
export const TEAM_TRANSACTION_PAGE_SIZE_MAX = 100;

export type TeamRecordService = ReturnType<typeof createTeamRecordService>;

/** Who of the team a request asks about: everyone below (direct or all), or one downline. */
export type TeamSelection = {
  merchantId: string;
  agentId: string;
  /** A downline's whole account name (any case); one outside the team finds nothing. */
  account?: string | undefined;
  /** A downline's id; FORBIDDEN when it is not below the agent. */
  memberId?: string | undefined;
  scope: 'direct' | 'all';
};

export type TeamTransaction = Omit<TeamTransactionRow, 'amount_minor' | 'created_at'> & {
  amountMinor: bigint;
  createdAt: Date;
};

export type TeamTransactionTotals = { count: number; amountInMinor: bigint; amountOutMinor: bigint };

const NO_BET_TOTALS: BetTotals = { count: 0, stakeMinor: 0n, validBetMinor: 0n, payoutMinor: 0n };

/**
 * The agent centre's team records (spec §2 personalHistoryCopy for agents, and
 * agentDownlineTransactionDetailsCopy): the bets of the members below the agent, through the
 * betting records' own query, and their deposits, withdrawals, transfers and adjustments. A
 * request naming a member id outside the team is refused; an account name outside it finds nothing,
 * as an unknown one does, so that an agent cannot probe for other teams' accounts.
 */
export function createTeamRecordService(deps: { db: Kysely<Database>; betRecords: BetRecordService }) {
  const { db, betRecords } = deps;

  /** One member, everyone below the agent, or nobody (an account name outside the team). */
  async function bettorsOf(selection: TeamSelection): Promise<Bettors | null> {
    if (selection.memberId) {
      if ((await findDepthInTeam(db, selection.agentId, selection.memberId)) === undefined) {
        throw new AppError('FORBIDDEN');
      }
      return { memberId: selection.memberId };
    }
    if (selection.account?.trim()) {
      const memberId = await findTeamMemberByAccount(db, {
        merchantId: selection.merchantId,
        agentId: selection.agentId,
        account: selection.account,
      });
      return memberId ? { memberId } : null;
    }
    return { teamOf: selection.agentId, scope: selection.scope };
  }

  return {
    async listBets(
      query: TeamSelection & {
        timeZone: string;
        range: DayRange;
        gameType?: string | undefined;
        vendorId?: string | undefined;
        status?: BetStatusFilter | undefined;
        page: number;
        pageSize: number;
      },
    ): Promise<{ list: BetRecord[]; total: number; totals: BetTotals }> {
      // The range is checked even when nobody matches, so that a bad one answers alike.
      instantsOfRange(query.timeZone, query.range);
      const bettors = await bettorsOf(query);
      if (!bettors) return { list: [], total: 0, totals: NO_BET_TOTALS };
      return betRecords.list({ ...query, bettors });
    },

    /** One bet of a member below the agent; NOT_FOUND for any other. */
    findBet: (input: { merchantId: string; agentId: string; id: string }) =>
      betRecords.find({
        merchantId: input.merchantId,
        bettors: { teamOf: input.agentId, scope: 'all' },
        id: input.id,
      }),

    async listTransactions(
      query: Omit<TeamSelection, 'scope'> & {
        timeZone: string;
        range: DayRange;
        kind: TeamTransactionKind;
        page: number;
        pageSize: number;
      },
    ): Promise<{ list: TeamTransaction[]; total: number; totals: TeamTransactionTotals }> {
      const { from, to } = instantsOfRange(query.timeZone, query.range);
      const bettors = await bettorsOf({ ...query, scope: 'all' });
      if (!bettors)
        return { list: [], total: 0, totals: { count: 0, amountInMinor: 0n, amountOutMinor: 0n } };
      const pageSize = Math.min(query.pageSize, TEAM_TRANSACTION_PAGE_SIZE_MAX);
      const filter = {
        merchantId: query.merchantId,
        agentId: query.agentId,
        memberId: 'memberId' in bettors ? bettors.memberId : undefined,
        kind: query.kind,
        from,
        to,
      };
      const [rows, sums] = await Promise.all([
        findTeamTransactionPage(db, filter, { limit: pageSize, offset: (query.page - 1) * pageSize }),
        sumTeamTransactions(db, filter),
      ]);
      return {
        list: rows.map(({ amount_minor, created_at, ...row }) => ({
          ...row,
          amountMinor: BigInt(amount_minor),
          createdAt: new Date(created_at),
        })),
        total: sums.count,
        totals: {
          count: sums.count,
          amountInMinor: BigInt(sums.amount_in),
          amountOutMinor: BigInt(sums.amount_out),
        },
      };
    },
  };
}
