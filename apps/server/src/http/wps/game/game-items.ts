import { Type } from 'typebox';
import type { GameRow } from '../../../modules/game/game.service.ts';
import { StringOf } from '../system/system-schemas.ts';

/**
 * A game as the spec's lists carry it (API.md "Values": every field filled). The spec's words
 * are translated here, once: nodeId is our game's wire id, vassalage its vendor's code,
 * supportPlay 0 offers a demo, isHot 1 marks a hot game, and isGame tells a game ("GAME") from a
 * vendor entry that opens its own list ("VASSALAGE").
 */
export const GameItem = Type.Object({
  nodeId: Type.String(),
  vassalage: Type.String(),
  gameType: Type.String(),
  gameCode: Type.String(),
  gameName: Type.String(),
  nodeName: Type.String(),
  displayName: Type.String(),
  showIcon: Type.String(),
  iconUrl: Type.String(),
  lagerIcon: Type.String(),
  isHot: Type.Integer({ minimum: 0, maximum: 1 }),
  supportPlay: Type.Integer({ minimum: 0 }),
  isGame: StringOf(['GAME', 'VASSALAGE']),
});

/** The game's name in the language asked for, else English, else any it has. */
export function gameNameIn(names: Record<string, string>, language: string): string {
  return names[language] ?? names.EN ?? Object.values(names)[0] ?? '';
}

/** What a game item is made of: a games row, or the catalogue's row of the lobby's lists. */
type GameItemSource = Pick<
  GameRow,
  'node_id' | 'vassalage' | 'game_code' | 'names' | 'icon_url' | 'is_hot' | 'support_play' | 'is_game'
>;

/** A game as the spec's lists carry it, with the gameType the list means (a type or a lobby category). */
export function gameItemOf(game: GameItemSource, gameType: string, language: string) {
  const name = gameNameIn(game.names, language);
  const icon = game.icon_url ?? '';
  return {
    nodeId: game.node_id,
    vassalage: game.vassalage,
    gameType,
    gameCode: game.game_code,
    gameName: name,
    nodeName: name,
    displayName: name,
    showIcon: icon,
    iconUrl: icon,
    lagerIcon: icon,
    isHot: game.is_hot ? 1 : 0,
    supportPlay: game.support_play,
    isGame: game.is_game ? ('GAME' as const) : ('VASSALAGE' as const),
  };
}

export function toGameItem(game: GameRow, language: string) {
  return gameItemOf(game, game.game_type, language);
}
