import { Type } from 'typebox';
import { type GameService, lotteryRouteOf } from '../../modules/game/game.service.ts';
import { type LotteryService, parseReportedDraw } from '../../modules/lottery/lottery.service.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { StringOf } from '../wps/system/system-schemas.ts';
import { findSigner, readSignedCall, registerSignedRoutes } from './signed-call.ts';

export type DrawReportRoutesDeps = { games: GameService; lottery: LotteryService; now: () => Date };

const DRAW_BODY_BYTES_MAX = 4 * 1024;

/** INVALID_DRAW: not a draw we can take (not a lottery vendor's game, or malformed); sending it again will not help. */
type DrawReply = { status: 'OK' | 'INVALID_SIGNATURE' | 'INVALID_DRAW' | 'ERROR'; duplicate?: boolean };

/**
 * A lottery vendor reports each draw: `POST /wallet/v1/draws` with `{ vendor, gameCode, numero,
 * numbers, drawnAt }`, signed as the wallet calls are (API.md "Seamless wallet"), always HTTP 200.
 * Only a lottery vendor's own game can be reported; the first report of a numero stands and a
 * repeat answers OK with duplicate, so that a vendor retrying until OK stops.
 */
export function registerDrawReportRoutes(app: TypedApp, deps: DrawReportRoutesDeps): void {
  registerSignedRoutes(app, DRAW_BODY_BYTES_MAX, (scope) => {
    scope.post(
      '/wallet/v1/draws',
      {
        schema: {
          tags: ['wallet-v1'],
          summary:
            "A lottery vendor reports a draw's numbers: { vendor, gameCode, numero, numbers, drawnAt } (signed; always HTTP 200)",
          headers: Type.Object({
            'x-timestamp': Type.Optional(Type.String({ description: 'Unix seconds' })),
            'x-signature': Type.Optional(
              Type.String({ description: 'lowercase hex HMAC-SHA256 over `<X-Timestamp>.<raw body>`' }),
            ),
          }),
          response: {
            200: Type.Object({
              status: StringOf(['OK', 'INVALID_SIGNATURE', 'INVALID_DRAW', 'ERROR']),
              duplicate: Type.Optional(Type.Boolean()),
            }),
          },
        },
      },
      async (request): Promise<DrawReply> => {
        const signed = readSignedCall(request);
        if (!signed) return { status: 'INVALID_DRAW' };
        const report = signed.fields;
        const vendor = await findSigner(request, deps, signed);
        if (!vendor) return { status: 'INVALID_SIGNATURE' };
        if (lotteryRouteOf(vendor.vassalage) === null) return { status: 'INVALID_DRAW' };
        const game =
          typeof report.gameCode === 'string' && report.gameCode.length <= 64
            ? await deps.games.findGameByCode(vendor.id, report.gameCode)
            : undefined;
        const draw = parseReportedDraw(report, deps.now());
        if (!game || !draw) return { status: 'INVALID_DRAW' };
        const { duplicate } = await deps.lottery.recordDraw({
          merchantId: vendor.merchant_id,
          vendorId: vendor.id,
          gameId: game.id,
          draw,
        });
        return duplicate ? { status: 'OK', duplicate: true } : { status: 'OK' };
      },
    );
  });
}
