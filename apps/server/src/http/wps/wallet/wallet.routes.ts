import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { WalletService } from '../../../modules/wallet/wallet.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES, LanguageQuery, MerchantQuery } from '../system/system-schemas.ts';

export type WalletRoutesDeps = { members: MemberService; wallet: WalletService };

const TAGS = ['wallet'];
const Query = Type.Object({ ...MerchantQuery, ...LanguageQuery });
const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['1250.00'] });

const BalanceValue = Type.Object({
  /** The cash wallet: what the header shows and what bets are taken from. */
  balance: Money,
  bonusBalance: Money,
  currency: Type.String(),
  currencySymbol: Type.String(),
});

/** The member's wallet on the wire (spec §7 "Wallet balance"). */
export function registerWalletRoutes(app: FastifyInstance, deps: WalletRoutesDeps): void {
  app.get(
    '/wps/v2/wallets/balance',
    {
      schema: {
        tags: TAGS,
        summary: "The member's cash and bonus balances, as decimal strings with two digits",
        querystring: Query,
        response: { 200: Envelope(BalanceValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      // A trial account has no real money; it sees its zero balance like anyone else.
      const { member } = await requireMember(request, deps.members, { allowTrial: true });
      const balances = await deps.wallet.getBalances({
        merchantId: merchant.id,
        memberId: member.id,
        currency: merchant.currency,
      });
      return ok({
        balance: formatAmount(balances.cashMinor),
        bonusBalance: formatAmount(balances.bonusMinor),
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
      });
    },
  );
}
