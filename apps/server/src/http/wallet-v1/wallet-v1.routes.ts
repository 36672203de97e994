import { Type } from 'typebox';
import type { GameService } from '../../modules/game/game.service.ts';
import type { MerchantService } from '../../modules/merchant/merchant.service.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { findControlCharacters } from '../../platform/http/validation.ts';
import type {
  VendorWallet,
  VendorWalletAction,
  VendorWalletCall,
  VendorWalletReply,
} from '../../workflows/vendor-wallet.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';

export type VendorWalletRoutesDeps = {
  games: GameService;
  vendorWallet: VendorWallet;
  merchants: Pick<MerchantService, 'resolveById'>;
  now: () => Date;
};

/** A wallet call is a handful of fields; anything larger is not one. */
export const WALLET_BODY_BYTES_MAX = 16 * 1024;
const ACTIONS: readonly VendorWalletAction[] = ['authenticate', 'balance', 'debit', 'credit', 'rollback'];

const WalletReply = Type.Object({
  status: StringOf([
    'OK',
    'INVALID_SIGNATURE',
    'INVALID_TOKEN',
    'INSUFFICIENT_FUNDS',
    'TRANSACTION_NOT_FOUND',
    'ROUND_CLOSED',
    'ERROR',
  ]),
  balance: Nullable(Type.String({ pattern: '^\\d+\\.\\d{2}$' })),
  transactionId: Nullable(Type.String()),
  duplicate: Type.Optional(Type.Boolean()),
  playerId: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
});

const WalletHeaders = Type.Object({
  'x-timestamp': Type.Optional(Type.String({ description: 'Unix seconds' })),
  'x-signature': Type.Optional(
    Type.String({
      description: 'lowercase hex HMAC-SHA256 with the vendor secret over `<X-Timestamp>.<raw body>`',
    }),
  ),
});

/**
 * The seamless wallet for third-party vendors (API.md "Seamless wallet"): always HTTP 200 with
 * { status, balance, transactionId }. The signature covers the raw bytes of the body, so these
 * routes live in their own scope whose JSON parser hands the body on as text.
 */
export function registerVendorWalletRoutes(app: TypedApp, deps: VendorWalletRoutesDeps): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WALLET_BODY_BYTES_MAX },
      (_request, body, done) => done(null, body),
    );
    for (const action of ACTIONS) {
      scope.post(
        `/wallet/v1/${action}`,
        {
          schema: {
            tags: ['wallet-v1'],
            summary: `Seamless wallet: ${action} (signed by the vendor; always HTTP 200)`,
            headers: WalletHeaders,
            response: { 200: WalletReply },
          },
        },
        async (request): Promise<VendorWalletReply> => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          let call: VendorWalletCall & { vendor?: unknown };
          try {
            const parsed: unknown = JSON.parse(rawBody);
            // A control character (a NUL above all, which PostgreSQL refuses) is in no vendor's call.
            if (
              typeof parsed !== 'object' ||
              parsed === null ||
              Array.isArray(parsed) ||
              findControlCharacters(parsed).length > 0
            )
              throw new Error('not an object');
            call = parsed;
          } catch {
            return { status: 'ERROR', balance: null, transactionId: null };
          }
          const transactionId =
            typeof call.transactionId === 'string' ? call.transactionId.slice(0, 64) : null;
          // The vendor that signed the call names the merchant; vendors call an API host, and
          // the Host they use says nothing about whose player is meant.
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          const vendor =
            typeof call.vendor === 'string' && call.vendor.length <= 32
              ? await deps.games.findSigningVendor(call.vendor, {
                  timestamp: header('x-timestamp'),
                  signature: header('x-signature'),
                  rawBody,
                  nowSeconds: Math.floor(deps.now().getTime() / 1000),
                })
              : null;
          if (!vendor) return { status: 'INVALID_SIGNATURE', balance: null, transactionId };
          const merchant = await deps.merchants.resolveById(vendor.merchant_id);
          if (!merchant) return { status: 'ERROR', balance: null, transactionId };
          return deps.vendorWallet.handle(action, vendor, merchant.currency, call);
        },
      );
    }
  });
}
