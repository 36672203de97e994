import { type Kysely, sql } from 'kysely';
import type { Database, GameStatus, GameVendorStatus } from '../../db/schema.ts';
import type { Row } from '../../platform/db/executor.ts';

export type LotteryDrawRow = Row<'lottery_draws'>;
export type LotteryGameRow = Row<'games'>;

const VISIBLE_GAME_STATUSES: GameStatus[] = ['active', 'maintenance'];
const VISIBLE_VENDOR_STATUSES: GameVendorStatus[] = ['active', 'maintenance'];

/** Stores a draw once; answers false when the draw (game and numero) was already stored. */
export async function insertDraw(
  db: Kysely<Database>,
  row: {
    id: string;
    merchant_id: string;
    vendor_id: string;
    game_id: string;
    numero: string;
    numbers: number[];
    drawn_at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('lottery_draws')
    .values({ ...row, numbers: JSON.stringify(row.numbers) })
    .onConflict((conflict) => conflict.columns(['game_id', 'numero']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findDraw(db: Kysely<Database>, gameId: string, numero: string) {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('numero', '=', numero)
    .executeTakeFirst();
}

/** The merchant's visible games of the given vendors (lottery vendors), in the merchant's order. */
export function findVisibleGamesOf(
  db: Kysely<Database>,
  merchantId: string,
  vassalages: readonly string[],
): Promise<LotteryGameRow[]> {
  if (vassalages.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
    .selectAll('games')
    .where('games.merchant_id', '=', merchantId)
    .where('games.vassalage', 'in', vassalages)
    .where('games.status', 'in', VISIBLE_GAME_STATUSES)
    .where('game_vendors.status', 'in', VISIBLE_VENDOR_STATUSES)
    .orderBy('game_vendors.sort_order')
    .orderBy('game_vendors.vassalage')
    .orderBy('games.sort_order')
    .orderBy('games.node_id')
    .execute();
}

/** One page of a game's draws, latest first, and how many there are. */
export async function findDrawsPage(
  db: Kysely<Database>,
  gameId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: LotteryDrawRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('drawn_at', 'desc')
      .orderBy('numero', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('lottery_draws')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The latest draw of each of the given games. */
export function findLatestDraws(db: Kysely<Database>, merchantId: string, gameIds: readonly string[]) {
  if (gameIds.length === 0) return Promise.resolve([] as LotteryDrawRow[]);
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .distinctOn('game_id')
    .where('merchant_id', '=', merchantId)
    .where('game_id', 'in', gameIds)
    .orderBy('game_id')
    .orderBy(sql`drawn_at`, 'desc')
    .orderBy('numero', 'desc')
    .execute();
}
