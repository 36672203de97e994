import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import { sumBetLossSince, sumValidBetSince } from './bet-record.repository.ts';
import { type PlayerWallet, TRANSFER_PAGE_SIZE_MAX, type TransferCode, toTransfer } from './ledger.ts';
import {
  findBalanceBefore,
  findPlayerAccounts,
  findTransfersPage,
  sumAccountTransfers,
  sumDailyMovements,
} from './wallet.repository.ts';

export type ListTransfersInput = {
  merchantId: string;
  memberId: string;
  currency: string;
  codes?: TransferCode[];
  /** Only the lines of this wallet (both when not given). */
  wallet?: PlayerWallet;
  /** Inclusive start and exclusive end. */
  fromDate?: Date;
  toDate?: Date;
  page: number;
  pageSize: number;
};

/** A transfer as the member's statement shows it: signed from the member's side. */
export type StatementLine = {
  id: string;
  code: TransferCode;
  reference: string | null;
  wallet: PlayerWallet;
  /** Positive when money came in, negative when it went out. */
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  createdAt: Date;
};

/** One day of a member's cash statement (the credit report): money in and out, and the balances. */
export type StatementDay = {
  /** The calendar day in the merchant's time zone, yyyy-MM-dd. */
  day: string;
  openingMinor: bigint;
  creditsMinor: bigint;
  debitsMinor: bigint;
  closingMinor: bigint;
};

/** The longest range of days one statement covers. */
export const STATEMENT_DAYS_MAX = 92;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a calendar date (yyyy-MM-dd) began in a time zone. Noon UTC of a date lies on that
 * date in every zone from UTC−12 to UTC+11, Manila's included.
 */
export function startOfDateIn(timeZone: string, day: string): Date {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new AppError('VALIDATION', { value: { fields: { date: 'format' } } });
  const noon = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  if (noon.toISOString().slice(0, 10) !== day) {
    throw new AppError('VALIDATION', { value: { fields: { date: 'format' } } });
  }
  return startOfDayIn(timeZone, noon);
}

/** The calendar day after a yyyy-MM-dd day. */
export function nextDayOf(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 1);
  return noon.toISOString().slice(0, 10);
}

/**
 * A member's statements: the transfers that touched their wallets, page by page, their cash
 * per day, and the sums of stakes, rollbacks and wins that turnover and loss limits read.
 */
export function createStatements(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  /** A member's cash account, if it exists yet. */
  async function findCashAccount(
    executor: Executor,
    input: { merchantId: string; memberId: string; currency: string },
  ) {
    return (await findPlayerAccounts(executor, input.memberId, input.currency)).find(
      (row) => row.merchant_id === input.merchantId && row.kind === 'player_cash',
    );
  }

  /** A member's transfers, newest first, for the transaction history and statements. */
  async function listTransfers(
    input: ListTransfersInput,
  ): Promise<{ list: StatementLine[]; totalPages: number; total: number }> {
    if (!Number.isInteger(input.pageSize) || input.pageSize < 1 || input.pageSize > TRANSFER_PAGE_SIZE_MAX) {
      throw new AppError('VALIDATION', { value: { fields: { pageSize: 'range' } } });
    }
    if (!Number.isInteger(input.page) || input.page < 1) {
      throw new AppError('VALIDATION', { value: { fields: { page: 'range' } } });
    }
    const rows = await findPlayerAccounts(db, input.memberId, input.currency);
    const accounts = rows.filter(
      (row) =>
        row.merchant_id === input.merchantId &&
        (input.wallet === undefined ||
          row.kind === (input.wallet === 'cash' ? 'player_cash' : 'player_bonus')),
    );
    if (accounts.length === 0) return { list: [], totalPages: 0, total: 0 };
    const walletOf = new Map(
      accounts.map((row) => [row.id, row.kind === 'player_cash' ? ('cash' as const) : ('bonus' as const)]),
    );
    const page = await findTransfersPage(db, {
      accountIds: accounts.map((row) => row.id),
      codes: input.codes && input.codes.length > 0 ? input.codes : null,
      fromDate: input.fromDate ?? null,
      toDate: input.toDate ?? null,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    const list = page.rows.map((row): StatementLine => {
      const transfer = toTransfer(row);
      const creditWallet = walletOf.get(transfer.creditAccountId);
      const debitWallet = walletOf.get(transfer.debitAccountId);
      // Between the member's own wallets the line is shown from the receiving side.
      if (creditWallet) {
        return {
          id: transfer.id,
          code: transfer.code,
          reference: transfer.reference,
          wallet: creditWallet,
          amountMinor: transfer.amountMinor,
          balanceAfterMinor: transfer.creditBalanceAfterMinor,
          createdAt: transfer.createdAt,
        };
      }
      assertInvariant(debitWallet !== undefined, 'wallet: a listed transfer touches the member');
      return {
        id: transfer.id,
        code: transfer.code,
        reference: transfer.reference,
        wallet: debitWallet,
        amountMinor: -transfer.amountMinor,
        balanceAfterMinor: transfer.debitBalanceAfterMinor,
        createdAt: transfer.createdAt,
      };
    });
    return { list, total: page.total, totalPages: Math.ceil(page.total / input.pageSize) };
  }

  /**
   * What a member has wagered since a moment (all time when null): the valid bet of the bets
   * settled since, from the bet record. Withdrawals check it against the deposits to be turned over.
   */
  async function sumWagered(input: {
    merchantId: string;
    memberId: string;
    currency: string;
    since: Date | null;
  }): Promise<bigint> {
    return sumValidBetSince(db, input);
  }

  /**
   * What a member has lost in games since a moment, from the bet record: GGR of the bets settled
   * since plus the stakes of bets still open; negative when ahead. With `withTransferVendors`, the
   * net amount moved to transfer-wallet vendors counts in place of their bets: what the member moved
   * to them, less what came back (refunds included), counts as played the moment it moves, while
   * their bets reach the bet record only when their feed is imported, so those bets are left out
   * and nothing counts twice. Loss limits of responsible gaming read it so; the reality check's
   * game result reads every bet in the record.
   */
  async function sumGameLossSince(
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      since: Date;
      withTransferVendors?: boolean;
    },
    executor: Executor = db,
  ): Promise<bigint> {
    const lostInBets = await sumBetLossSince(executor, {
      ...input,
      exceptTransferVendors: input.withTransferVendors === true,
    });
    if (!input.withTransferVendors) return lostInBets;
    const cash = await findCashAccount(executor, input);
    if (!cash) return lostInBets;
    const [movedOut, movedBack] = await Promise.all([
      sumAccountTransfers(executor, {
        accountId: cash.id,
        side: 'debit',
        codes: ['vendor_transfer'],
        since: input.since,
      }),
      sumAccountTransfers(executor, {
        accountId: cash.id,
        side: 'credit',
        codes: ['vendor_transfer'],
        since: input.since,
      }),
    ]);
    return lostInBets + movedOut - movedBack;
  }

  /**
   * A member's cash statement per day of the merchant's time zone, oldest first: each day's
   * opening balance, money in, money out and closing balance (the credit report). Every day of
   * the range is listed, quiet ones too, so that one day's closing is the next day's opening.
   */
  async function statementByDay(input: {
    merchantId: string;
    memberId: string;
    currency: string;
    timeZone: string;
    fromDay: string;
    toDay: string;
  }): Promise<StatementDay[]> {
    const from = startOfDateIn(input.timeZone, input.fromDay);
    const to = startOfDateIn(input.timeZone, nextDayOf(input.toDay));
    const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
    if (days < 1 || days > STATEMENT_DAYS_MAX) {
      throw new AppError('VALIDATION', { value: { fields: { date: 'range' } } });
    }
    const cash = await findCashAccount(db, input);
    const movements = cash
      ? await sumDailyMovements(db, { accountId: cash.id, timeZone: input.timeZone, from, to })
      : [];
    const byDay = new Map(movements.map((movement) => [movement.day, movement]));
    let balanceMinor = cash ? await findBalanceBefore(db, cash.id, from) : 0n;
    const statement: StatementDay[] = [];
    for (let day = input.fromDay; day <= input.toDay; day = nextDayOf(day)) {
      const movement = byDay.get(day);
      const creditsMinor = movement?.creditsMinor ?? 0n;
      const debitsMinor = movement?.debitsMinor ?? 0n;
      const closingMinor = balanceMinor + creditsMinor - debitsMinor;
      statement.push({ day, openingMinor: balanceMinor, creditsMinor, debitsMinor, closingMinor });
      balanceMinor = closingMinor;
    }
    return statement;
  }

  return { listTransfers, sumWagered, sumGameLossSince, statementByDay };
}
