import { BACCARAT_RTP_PERCENT } from '@panalo/games/baccarat/baccarat.ts';
import { BLACKJACK_RTP_PERCENT } from '@panalo/games/blackjack/blackjack.ts';
import { CLASSIC_SLOT_RTP_PERCENT } from '@panalo/games/classic-slot/classic-slot.ts';
import { COLOUR_GAME_RTP_PERCENT } from '@panalo/games/colour-game/colour-game.ts';
import { DICE_RTP_PERCENT } from '@panalo/games/dice/dice.ts';
import { DRAGON_TIGER_RTP_PERCENT } from '@panalo/games/dragon-tiger/dragon-tiger.ts';
import { FISH_PRAWN_CRAB_RTP_PERCENT } from '@panalo/games/fish-prawn-crab/fish-prawn-crab.ts';
import { MINES_RTP_PERCENT } from '@panalo/games/mines/mines.ts';
import { ROULETTE_RTP_PERCENT } from '@panalo/games/roulette/roulette.ts';
import { SIC_BO_RTP_PERCENT } from '@panalo/games/sic-bo/sic-bo.ts';
import { VIDEO_SLOT_RTP_PERCENT } from '@panalo/games/video-slot/video-slot.ts';
import { type Kysely, sql } from 'kysely';
import { INHOUSE_VASSALAGE } from './in-house-games.ts';

/** A house edge in basis points from a stated return in percent: 98.94 % returns → 106 (1.06 %). */
export function houseEdgeBpOfRtp(rtpPercent: number): number {
  return Math.round((100 - rtpPercent) * 100);
}

/**
 * Our own games' house edges (docs/loyalty.md "Rebates": the theoretical-loss basis), from the
 * returns the games state. A game with several bets takes its main bet's: baccarat the banker
 * (the lowest edge a player can choose, so that the basis never overstates what the house keeps),
 * dragon tiger dragon or tiger, sic bo small or big; blackjack the basic-strategy return. An
 * operator may set another edge per game in the back office.
 */
export const IN_HOUSE_HOUSE_EDGE_BP: Readonly<Record<string, number>> = {
  dice: houseEdgeBpOfRtp(DICE_RTP_PERCENT),
  mines: houseEdgeBpOfRtp(MINES_RTP_PERCENT),
  blackjack: houseEdgeBpOfRtp(BLACKJACK_RTP_PERCENT),
  roulette: houseEdgeBpOfRtp(ROULETTE_RTP_PERCENT),
  baccarat: houseEdgeBpOfRtp(BACCARAT_RTP_PERCENT.banker),
  'dragon-tiger': houseEdgeBpOfRtp(DRAGON_TIGER_RTP_PERCENT.dragon),
  'sic-bo': houseEdgeBpOfRtp(SIC_BO_RTP_PERCENT.small),
  'colour-game': houseEdgeBpOfRtp(COLOUR_GAME_RTP_PERCENT),
  'fish-prawn-crab': houseEdgeBpOfRtp(FISH_PRAWN_CRAB_RTP_PERCENT),
  'classic-slot': houseEdgeBpOfRtp(CLASSIC_SLOT_RTP_PERCENT),
  'video-slot': houseEdgeBpOfRtp(VIDEO_SLOT_RTP_PERCENT),
};

/**
 * Gives our own games (the INHOUSE vendor's, of every merchant) their house edge where none is
 * set yet, leaving an operator's choice alone: run by migration 0150 for the games already
 * registered and by the demo seed after it registers them.
 */
export async function fillInHouseHouseEdges<Schema>(db: Kysely<Schema>): Promise<void> {
  const entries = Object.entries(IN_HOUSE_HOUSE_EDGE_BP);
  await sql`
    update games g set house_edge_bp = e.edge_bp
      from game_vendors v,
        unnest(${sql.val(entries.map(([code]) => code))}::text[],
               ${sql.val(entries.map(([, edge]) => edge))}::integer[]) as e(game_code, edge_bp)
      where v.id = g.vendor_id and v.vassalage = ${INHOUSE_VASSALAGE}
        and g.game_code = e.game_code and g.house_edge_bp is null`.execute(db);
}
