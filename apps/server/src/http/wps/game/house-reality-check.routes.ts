import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import {
  describeGameRealityCheck,
  type GameRealityCheckDeps,
} from '../../../workflows/game-reality-check.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES, Nullable } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

const TAGS = ['game'];
/** The game client's credential, as on every /wps/game/house call. */
const GAME_TOKEN_HEADER = 'x-game-token';
const SignedMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['-120.00'] });

/**
 * The reality check inside our game client when it runs on its own (a phone's full screen): the
 * site's shell reminds a player only while the game sits in its frame.
 */
export function registerHouseRealityCheckRoutes(app: TypedApp, deps: GameRealityCheckDeps): void {
  app.get(
    '/wps/game/house/reality-check',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's reality-check interval, the time since their login and their game result since, with X-Game-Token",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(
            Type.Object({
              /** Minutes between reminders; null when the member chose none, and for demo play. */
              intervalMinutes: Nullable(Type.Integer({ minimum: 1 })),
              /** Milliseconds since the login began, by the server's clock. */
              playedMs: Type.Integer({ minimum: 0 }),
              /** Wins and refunds less stakes since the login; negative when the member is behind. */
              netResult: SignedMoney,
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const token = request.headers[GAME_TOKEN_HEADER];
      if (typeof token !== 'string' || token.length === 0) throw new AppError('NOT_LOGGED_IN');
      const check = await describeGameRealityCheck(
        deps,
        { id: merchant.id, currency: merchant.currency },
        token,
      );
      return ok({
        intervalMinutes: check.intervalMinutes,
        playedMs: check.playedMs,
        netResult: formatAmount(check.netResultMinor),
      });
    },
  );
}
