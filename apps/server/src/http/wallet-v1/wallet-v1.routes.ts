import { Type } from 'typebox';
import type { GameService } from '../../modules/game/game.service.ts';
import type { MerchantService } from '../../modules/merchant/merchant.service.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type {
  VendorWallet,
  VendorWalletAction,
  VendorWalletCall,
  VendorWalletReply,
} from '../../workflows/vendor-wallet.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { findSigner, readSignedCall, registerSignedRoutes } from './signed-call.ts';

export type VendorWalletRoutesDeps = {
  games: GameService;
  vendorWallet: VendorWallet;
  merchants: Pick<MerchantService, 'resolveById'>;
  now: () => Date;
};

/** A wallet call is a handful of fields; anything larger is not one. */
export const WALLET_BODY_BYTES_MAX = 16 * 1024;
const ACTIONS: readonly VendorWalletAction[] = [
  'authenticate',
  'balance',
  'debit',
  'credit',
  'rollback',
  'resettle',
  'void',
];

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
  registerSignedRoutes(app, WALLET_BODY_BYTES_MAX, (scope) => {
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
          const signed = readSignedCall(request);
          if (!signed) return { status: 'ERROR', balance: null, transactionId: null };
          const call: VendorWalletCall = signed.fields;
          const transactionId =
            typeof call.transactionId === 'string' ? call.transactionId.slice(0, 64) : null;
          const vendor = await findSigner(request, deps, signed);
          if (!vendor) return { status: 'INVALID_SIGNATURE', balance: null, transactionId };
          const merchant = await deps.merchants.resolveById(vendor.merchant_id);
          if (!merchant) return { status: 'ERROR', balance: null, transactionId };
          return deps.vendorWallet.handle(action, vendor, merchant.currency, call);
        },
      );
    }
  });
}
