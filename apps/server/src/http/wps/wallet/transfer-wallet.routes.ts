import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../../../modules/merchant/merchant.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { MerchantWalletView, VendorTransfers } from '../../../workflows/vendor-transfer.ts';
import { requirePositiveAmount } from '../../amount.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';

export type TransferWalletRoutesDeps = { members: MemberService; vendorTransfers: VendorTransfers };

const TAGS = ['wallet'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
/** Made once per move by the page, so that a retried request moves nothing more. */
const RequestId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });
/** MAIN, or a vendor's code (vassalage). */
const WalletName = Type.String({ minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' });

const VendorWallet = Type.Object({
  vassalage: Type.String(),
  name: Type.String(),
  /** null when the vendor did not answer in time. */
  balance: Nullable(Money),
  status: StringOf(['OK', 'UNAVAILABLE', 'MAINTENANCE']),
});
const MerchantWallet = Type.Object({
  /** Spec §3 "Merchant wallet": one wallet for every game (vendors are filled on launch). */
  isSingle: Type.Boolean(),
  currencySymbol: Type.String(),
  mainWallet: Money,
  vendors: Type.Array(VendorWallet, { maxItems: 100 }),
});
const TransferBody = Type.Object({
  from: WalletName,
  to: WalletName,
  amount: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 }),
  requestId: RequestId,
});
const TransferValue = Type.Object({
  transferId: Type.String(),
  /** PENDING: the vendor has not confirmed yet; a job settles it, nothing is lost or doubled. */
  status: StringOf(['DONE', 'PENDING']),
  mainWallet: Money,
  vendor: Type.Object({ vassalage: Type.String(), balance: Nullable(Money) }),
});
const RecallBody = Type.Object({ requestId: RequestId });

function toMerchantWallet(view: MerchantWalletView, merchant: ResolvedMerchant) {
  return {
    isSingle: merchant.settings.wallet.mode === 'single',
    currencySymbol: merchant.currencySymbol,
    mainWallet: formatAmount(view.cashMinor),
    vendors: view.vendors.map((entry) => ({
      vassalage: entry.vendor.vassalage,
      name: entry.vendor.name,
      balance: entry.balanceMinor === null ? null : formatAmount(entry.balanceMinor),
      status: entry.status,
    })),
  };
}

/**
 * The member's transfer wallets (spec §7 "Wallet transfer, merchant wallet"); the vendor protocol
 * is described in modules/game/transfer-vendor-client.ts, the moves in workflows/vendor-transfer.ts.
 */
export function registerTransferWalletRoutes(app: TypedApp, deps: TransferWalletRoutesDeps): void {
  app.get(
    '/wps/v2/wallets/merchant',
    {
      schema: {
        tags: TAGS,
        summary:
          "The main wallet and each transfer-wallet vendor's balance for the member (vendors asked in parallel, ~2 s each)",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(MerchantWallet), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const view = await deps.vendorTransfers.merchantWallet(merchant, member.id);
      return ok(toMerchantWallet(view, merchant));
    },
  );

  app.post(
    '/wps/v2/wallets/transfer',
    {
      schema: {
        tags: TAGS,
        summary:
          'Moves money between the main wallet (MAIN) and a transfer-wallet vendor; a repeated requestId answers the first outcome',
        querystring: MerchantLanguageQuery,
        body: TransferBody,
        response: { 200: Envelope(TransferValue), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { body } = request;
      const amountMinor = requirePositiveAmount(body.amount, 'amount');
      const answer = await deps.vendorTransfers.transfer(merchant, member, {
        from: body.from,
        to: body.to,
        amountMinor,
        requestId: body.requestId,
      });
      return ok({
        transferId: answer.transferId,
        status: answer.status,
        mainWallet: formatAmount(answer.cashMinor),
        vendor: {
          vassalage: answer.vendor.vassalage,
          balance: answer.vendorBalanceMinor === null ? null : formatAmount(answer.vendorBalanceMinor),
        },
      });
    },
  );

  app.post(
    '/wps/v2/wallets/recall',
    {
      schema: {
        tags: TAGS,
        summary:
          'Moves every transfer-wallet vendor balance back to the main wallet; answers the wallets afterwards (a vendor that failed keeps its balance, UNAVAILABLE)',
        querystring: MerchantLanguageQuery,
        body: RecallBody,
        response: { 200: Envelope(MerchantWallet), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { body } = request;
      const view = await deps.vendorTransfers.recall(merchant, member, body.requestId);
      return ok(toMerchantWallet(view, merchant));
    },
  );
}
