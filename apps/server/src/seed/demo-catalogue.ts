import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Classify groups for the demo merchant's sandbox games, from the kind of game their codes name
 * (the sandbox's feed carries no classify): coin, wheel and card games each form a group, so that
 * the lobby's classify menu has entries. Games an operator has classified are left alone.
 */
export async function classifyDemoGames(db: Kysely<Database>): Promise<void> {
  for (const [word, classify] of [
    ['coin', 'COIN'],
    ['wheel', 'WHEEL'],
    ['card', 'CARD'],
  ] as const) {
    await db
      .updateTable('games')
      .set({ classify })
      .where('classify', 'is', null)
      .where('vassalage', 'in', ['LAKAN', 'SAMPAGUITA'])
      .where(sql<boolean>`game_code like ${`%${word}%`}`)
      .execute();
  }
}
