import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { GameService } from '../../../modules/game/game.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { PersonalProfitService } from '../../../modules/report/personal-profit.service.ts';
import {
  nextDayOf,
  STATEMENT_DAYS_MAX,
  startOfDateIn,
  type TransferCode,
  type WalletService,
} from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { listStatementLines } from '../../../workflows/statement-lines.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { gameNameIn } from '../game/game-items.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { Day, DayRangeFields, DefaultedPageFields, MerchantLanguageQuery } from '../wps-schemas.ts';

export type StatementRoutesDeps = {
  members: MemberService;
  wallet: WalletService;
  games: GameService;
  personalProfit: PersonalProfitService;
};

const TAGS = ['wallet'];
const SignedMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['-50.00'] });
export const TRANSACTION_PAGE_SIZE_MAX = 50;

/** The types the history filters by, each the ledger codes it covers. */
const TYPE_CODES = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal'],
  bet: ['bet'],
  win: ['win'],
  rollback: ['rollback'],
  /** Promotions' money: bonuses granted, converted to cash or forfeited, cashback and prizes. */
  bonus: [
    'bonus',
    'bonus_convert',
    'bonus_forfeit',
    'cashback',
    'raffle_prize',
    'rebate',
    'vip_gift',
    'points_reward',
    'reward_prize',
    'red_envelope',
    'mission_reward',
    'leaderboard_prize',
    'referral_reward',
  ],
  transfer: ['transfer', 'vendor_transfer'],
  commission: ['salary', 'dividend'],
  adjustment: ['adjustment'],
} as const satisfies Record<string, readonly TransferCode[]>;
const TRANSACTION_TYPES = Object.keys(TYPE_CODES) as (keyof typeof TYPE_CODES)[];
const TRANSFER_CODES = Object.values(TYPE_CODES).flat();

const HistoryQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  type: Type.Optional(StringOf(TRANSACTION_TYPES)),
  ...DayRangeFields,
  ...DefaultedPageFields(TRANSACTION_PAGE_SIZE_MAX, 20),
});
const TransactionItem = Type.Object({
  id: Type.String(),
  code: StringOf(TRANSFER_CODES),
  reference: Nullable(Type.String()),
  wallet: StringOf(['cash', 'bonus']),
  /** Positive when money came in, negative when it went out. */
  amount: SignedMoney,
  /** The wallet's balance right after this line (the running balance). */
  balanceAfter: SignedMoney,
  createdAt: Type.String({ format: 'date-time' }),
  /** The game a stake, win or rollback was played in, in the request's language; null for other lines. */
  gameName: Nullable(Type.String()),
});

const ReportQuery = Type.Object({ ...MerchantLanguageQuery.properties, from: Day, to: Day });
const ReportDay = Type.Object({
  date: Day,
  opening: SignedMoney,
  credits: SignedMoney,
  debits: SignedMoney,
  closing: SignedMoney,
});

const ProfitItem = Type.Object({
  /** The game type as the catalogue names it (RNG, LIVE, SPORTS …). */
  gameType: Type.String(),
  rounds: Type.Integer(),
  stake: SignedMoney,
  win: SignedMoney,
  /** The player's result: wins less stakes, negative when they lost. */
  profit: SignedMoney,
});

/** A ledger line as a statement shows it, to the member here and to the back office's player page. */
export function toStatementLine(line: Awaited<ReturnType<WalletService['listTransfers']>>['list'][number]) {
  return {
    id: line.id,
    code: line.code,
    reference: line.reference,
    wallet: line.wallet,
    amount: formatAmount(line.amountMinor),
    balanceAfter: formatAmount(line.balanceAfterMinor),
    createdAt: line.createdAt.toISOString(),
  };
}

/** The member centre's statements: transaction history, credit report, profit and loss (issue 5). */
export function registerStatementRoutes(app: TypedApp, deps: StatementRoutesDeps): void {
  app.get(
    '/wps/member/transactions',
    {
      schema: {
        tags: TAGS,
        summary: "The member's ledger lines, newest first, signed, with the balance after each",
        querystring: HistoryQuery,
        response: {
          200: Envelope(
            Type.Object({
              list: Type.Array(TransactionItem),
              totalPages: Type.Integer(),
              total: Type.Integer(),
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      const page = await listStatementLines(deps, {
        merchantId: merchant.id,
        memberId: member.id,
        currency: merchant.currency,
        ...(query.type ? { codes: [...TYPE_CODES[query.type]] } : {}),
        ...(query.from ? { fromDate: startOfDateIn(merchant.timeZone, query.from) } : {}),
        ...(query.to ? { toDate: startOfDateIn(merchant.timeZone, nextDayOf(query.to)) } : {}),
        page: query.page,
        pageSize: query.pageSize,
      });
      return ok({
        list: page.list.map((line) => ({
          ...toStatementLine(line),
          gameName: line.gameNames ? gameNameIn(line.gameNames, request.language) : null,
        })),
        totalPages: page.totalPages,
        total: page.total,
      });
    },
  );

  app.get(
    '/wps/member/creditReport',
    {
      schema: {
        tags: TAGS,
        summary: `The member's cash statement per day (opening, credits, debits, closing), up to ${STATEMENT_DAYS_MAX} days`,
        querystring: ReportQuery,
        response: {
          200: Envelope(
            Type.Object({
              list: Type.Array(ReportDay),
              totals: Type.Object({
                opening: SignedMoney,
                credits: SignedMoney,
                debits: SignedMoney,
                closing: SignedMoney,
              }),
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      if (query.from > query.to) throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      const days = await deps.wallet.statementByDay({
        merchantId: merchant.id,
        memberId: member.id,
        currency: merchant.currency,
        timeZone: merchant.timeZone,
        fromDay: query.from,
        toDay: query.to,
      });
      const first = days[0];
      const last = days[days.length - 1];
      if (!first || !last) throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      const sum = (pick: (day: (typeof days)[number]) => bigint) =>
        days.reduce((total, day) => total + pick(day), 0n);
      return ok({
        // Newest day first, like every list of the member centre.
        list: days
          .map((day) => ({
            date: day.day,
            opening: formatAmount(day.openingMinor),
            credits: formatAmount(day.creditsMinor),
            debits: formatAmount(day.debitsMinor),
            closing: formatAmount(day.closingMinor),
          }))
          .reverse(),
        totals: {
          opening: formatAmount(first.openingMinor),
          credits: formatAmount(sum((day) => day.creditsMinor)),
          debits: formatAmount(sum((day) => day.debitsMinor)),
          closing: formatAmount(last.closingMinor),
        },
      });
    },
  );

  app.get(
    '/wps/member/personalProfit',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's profit and loss per game type over a range of days (rolled-back rounds left out)",
        querystring: ReportQuery,
        response: {
          200: Envelope(
            Type.Object({ list: Type.Array(ProfitItem), totals: Type.Omit(ProfitItem, ['gameType']) }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      // Validates both days as real calendar dates before any query.
      startOfDateIn(merchant.timeZone, query.from);
      startOfDateIn(merchant.timeZone, query.to);
      const rows = await deps.personalProfit.summarize({
        merchantId: merchant.id,
        memberId: member.id,
        range: { from: query.from, to: query.to },
      });
      const itemOf = (row: { rounds: number; stakeMinor: bigint; winMinor: bigint }) => ({
        rounds: row.rounds,
        stake: formatAmount(row.stakeMinor),
        win: formatAmount(row.winMinor),
        profit: formatAmount(row.winMinor - row.stakeMinor),
      });
      const totals = rows.reduce(
        (sum, row) => ({
          rounds: sum.rounds + row.rounds,
          stakeMinor: sum.stakeMinor + row.stakeMinor,
          winMinor: sum.winMinor + row.winMinor,
        }),
        { rounds: 0, stakeMinor: 0n, winMinor: 0n },
      );
      return ok({
        list: rows.map((row) => ({ gameType: row.gameType, ...itemOf(row) })),
        totals: itemOf(totals),
      });
    },
  );
}
