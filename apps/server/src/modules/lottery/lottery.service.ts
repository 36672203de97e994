import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  findDraw,
  findDrawsPage,
  findLatestDraws,
  findVisibleGamesOf,
  insertDraw,
  type LotteryDrawRow,
  type LotteryGameRow,
} from './lottery.repository.ts';

export type { LotteryDrawRow, LotteryGameRow };

/** Bounds of a reported draw: no lottery draws more numbers than this, or larger ones. */
export const DRAW_NUMBERS_MAX = 20;
export const DRAW_NUMBER_MAX = 99;
/** A draw reported as drawn further in the future than this is refused: the vendor's clock is wrong. */
export const DRAW_CLOCK_SKEW_MS = 5 * 60_000;
export const OPENED_PAGE_SIZE_DEFAULT = 10;
export const OPENED_PAGE_SIZE_MAX = 50;
const NUMERO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export type ReportedDraw = { numero: string; numbers: number[]; drawnAt: Date };

/** Checks a vendor's draw report; null when it is not one. */
export function parseReportedDraw(
  input: { numero?: unknown; numbers?: unknown; drawnAt?: unknown },
  now: Date,
): ReportedDraw | null {
  const { numero, numbers, drawnAt } = input;
  if (typeof numero !== 'string' || !NUMERO_PATTERN.test(numero)) return null;
  if (!Array.isArray(numbers) || numbers.length === 0 || numbers.length > DRAW_NUMBERS_MAX) return null;
  if (!numbers.every((number) => Number.isInteger(number) && number >= 0 && number <= DRAW_NUMBER_MAX))
    return null;
  if (typeof drawnAt !== 'string' || drawnAt.length > 40) return null;
  const drawnAtDate = new Date(drawnAt);
  if (Number.isNaN(drawnAtDate.getTime())) return null;
  if (drawnAtDate.getTime() > now.getTime() + DRAW_CLOCK_SKEW_MS) return null;
  return { numero, numbers: numbers as number[], drawnAt: drawnAtDate };
}

export type LotteryService = ReturnType<typeof createLotteryService>;

/**
 * Lottery games and their results: the menu of a merchant's lottery games and the draws their
 * vendors report (the spec's opened numbers). Which vendors are lottery vendors is the caller's
 * word (the game registry's launch routing), passed in.
 */
export function createLotteryService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  /**
   * Records a vendor's draw of one of its games. The first report of a numero stands: a repeat
   * answers duplicate, whatever numbers it carries.
   */
  async function recordDraw(input: {
    merchantId: string;
    vendorId: string;
    gameId: string;
    draw: ReportedDraw;
  }): Promise<{ duplicate: boolean }> {
    const inserted = await insertDraw(db, {
      id: uuidv7(),
      merchant_id: input.merchantId,
      vendor_id: input.vendorId,
      game_id: input.gameId,
      numero: input.draw.numero,
      numbers: input.draw.numbers,
      drawn_at: input.draw.drawnAt,
    });
    assertInvariant(
      inserted || (await findDraw(db, input.gameId, input.draw.numero)),
      'a draw was neither inserted nor found',
    );
    return { duplicate: !inserted };
  }

  /** The merchant's visible games of its lottery vendors. */
  function listGames(merchantId: string, lotteryVassalages: readonly string[]) {
    return findVisibleGamesOf(db, merchantId, lotteryVassalages);
  }

  async function findGame(merchantId: string, lotteryVassalages: readonly string[], gameCode: string) {
    const games = await findVisibleGamesOf(db, merchantId, lotteryVassalages);
    const game = games.find((candidate) => candidate.game_code === gameCode);
    if (!game) throw new AppError('NOT_FOUND');
    return game;
  }

  /** One page of a lottery game's draws, latest first. */
  async function listDraws(
    merchantId: string,
    lotteryVassalages: readonly string[],
    gameCode: string,
    paging: { pageNo: number; pageSize: number },
  ) {
    const game = await findGame(merchantId, lotteryVassalages, gameCode);
    const page = await findDrawsPage(db, game.id, {
      offset: (paging.pageNo - 1) * paging.pageSize,
      limit: paging.pageSize,
    });
    return { game, rows: page.rows, totalPages: Math.ceil(page.total / paging.pageSize) };
  }

  /** The latest draw of each lottery game that has one, in the menu's order. */
  async function listLatestDraws(merchantId: string, lotteryVassalages: readonly string[]) {
    const games = await findVisibleGamesOf(db, merchantId, lotteryVassalages);
    const latest = await findLatestDraws(
      db,
      merchantId,
      games.map((game) => game.id),
    );
    const byGame = new Map(latest.map((draw) => [draw.game_id, draw]));
    return games.flatMap((game) => {
      const draw = byGame.get(game.id);
      return draw ? [{ game, draw }] : [];
    });
  }

  return { recordDraw, listGames, findGame, listDraws, listLatestDraws };
}
