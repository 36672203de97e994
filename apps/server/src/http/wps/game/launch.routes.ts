import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { GameRow, GameService } from '../../../modules/game/game.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { TRIAL_TYPE } from '../../../modules/member/member.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { type LaunchPlayer, launchGame } from '../../../workflows/launch-game.ts';
import type { VendorTransfers } from '../../../workflows/vendor-transfer.ts';
import { readMemberSession } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { gameNameIn, toGameItem } from './game-items.ts';

export type LaunchRoutesDeps = {
  games: GameService;
  members: MemberService;
  /** Moves a one-wallet member's money to a transfer-wallet vendor on launch. */
  vendorTransfers?: VendorTransfers;
};

const LaunchQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  nodeId: Type.String({ minLength: 1, maxLength: 128 }),
  mode: Type.Optional(StringOf(['real', 'demo'])),
});

const LaunchValue = Type.Union([
  // The game's name in the asked language: a page opened on its own (a reload) titles the game with it.
  Type.Object({ url: Type.String(), gameName: Type.String() }),
  Type.Object({ route: Type.String(), gameCode: Type.String() }),
]);

/** Who asks to play, from the member session the request carries: null for a visitor. */
export async function readLaunchPlayer(
  request: FastifyRequest,
  members: MemberService,
): Promise<LaunchPlayer | null> {
  const session = await readMemberSession(request, members);
  if (!session) return null;
  return {
    memberId: session.member.id,
    sessionId: session.session.id,
    isTrial: session.member.type === TRIAL_TYPE,
    isSelfExcluded: session.member.status === 'self_excluded',
    mustChangePassword: session.session.password_change_required,
  };
}

/** A game under maintenance: GAME_MAINTENANCE, with the games offered instead. */
export function gameMaintenance(suggestions: readonly GameRow[], language: string): AppError {
  return new AppError('GAME_MAINTENANCE', {
    value: { suggestions: suggestions.map((game) => toGameItem(game, language)) },
  });
}

/** The launch call (API.md "launch", "Demo play"). */
export function registerLaunchRoutes(app: TypedApp, deps: LaunchRoutesDeps): void {
  app.get(
    '/wps/game/launchGame',
    {
      schema: {
        tags: ['game'],
        summary:
          'Launches a game: { url } for the game iframe (real play with a launch token, or demo play), or { route, gameCode } for the lottery pages',
        querystring: LaunchQuery,
        response: { 200: Envelope(LaunchValue), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const outcome = await launchGame(
        { games: deps.games, ...(deps.vendorTransfers ? { vendorTransfers: deps.vendorTransfers } : {}) },
        {
          merchantId: merchant.id,
          currency: merchant.currency,
          walletMode: merchant.settings.wallet.mode,
          nodeId: query.nodeId,
          mode: query.mode ?? 'real',
          language: request.language,
          player: await readLaunchPlayer(request, deps.members),
        },
      );
      if (outcome.kind === 'maintenance') throw gameMaintenance(outcome.suggestions, request.language);
      return ok(
        outcome.kind === 'route'
          ? { route: outcome.route, gameCode: outcome.gameCode }
          : { url: outcome.url, gameName: gameNameIn(outcome.gameNames, request.language) },
      );
    },
  );
}
