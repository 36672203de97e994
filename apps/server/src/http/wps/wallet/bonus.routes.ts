import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { BonusService } from '../../../modules/bonus/bonus.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { WithdrawalService } from '../../../modules/payment/withdrawal.service.ts';
import { nextDayOf, startOfDateIn, type WalletService } from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { describeTurnover } from '../../../workflows/withdraw.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { bonusItemOf } from '../member/bonuses.routes.ts';
import { BonusView } from '../promotion/bonus-view.ts';
import { ERROR_RESPONSES, Nullable } from '../system/system-schemas.ts';
import { DayRangeFields, DefaultedPageFields, MerchantLanguageQuery } from '../wps-schemas.ts';

export type BonusRoutesDeps = {
  members: MemberService;
  wallet: WalletService;
  withdrawals: WithdrawalService;
  bonuses: Pick<BonusService, 'findActive' | 'settleIfDue'>;
};

const TAGS = ['wallet'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['250.00'] });
const SignedMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['-50.00'] });
export const BONUS_PAGE_SIZE_MAX = 50;

const BonusQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DayRangeFields,
  ...DefaultedPageFields(BONUS_PAGE_SIZE_MAX, 20),
});
const BonusMovement = Type.Object({
  id: Type.String(),
  /** The ledger code: bonus (a bonus given), a bet or win played from it, an adjustment … */
  code: Type.String(),
  reference: Nullable(Type.String()),
  /** Positive when money came into the bonus wallet, negative when it went out. */
  amount: SignedMoney,
  balanceAfter: SignedMoney,
  createdAt: Type.String({ format: 'date-time' }),
});
const Turnover = Type.Object({
  /** Deposits since the last withdrawal times the merchant's turnover multiplier. */
  required: Money,
  wagered: Money,
  /** Still to be wagered before a withdrawal is allowed; 0.00 once done. */
  left: Money,
});

/**
 * The member centre's bonusDetails page (spec §2): the bonus wallet, its movements, the turnover,
 * and the active bonus's wagering progress.
 */
export function registerBonusRoutes(app: TypedApp, deps: BonusRoutesDeps): void {
  app.get(
    '/wps/member/bonus/details',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's bonus wallet: its balance, its movements newest first (signed, with the balance after each), and the wagering a withdrawal still waits for",
        querystring: BonusQuery,
        response: {
          200: Envelope(
            Type.Object({
              balance: SignedMoney,
              list: Type.Array(BonusMovement),
              totalPages: Type.Integer(),
              total: Type.Integer(),
              /** Null when the merchant requires no turnover or nothing was deposited since the last withdrawal. */
              turnover: Nullable(Turnover),
              /** The active bonus and its wagering progress; null when none is active. */
              activeBonus: Nullable(BonusView),
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      if (query.from && query.to && query.from > query.to) {
        throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      }
      const player = { merchantId: merchant.id, memberId: member.id, currency: merchant.currency };
      // What is due first (a conversion, the next bonus starting), so that the page shows it.
      await deps.bonuses.settleIfDue(player);
      const [balances, page, turnover, active] = await Promise.all([
        deps.wallet.getBalances(player),
        deps.wallet.listTransfers({
          ...player,
          wallet: 'bonus',
          ...(query.from ? { fromDate: startOfDateIn(merchant.timeZone, query.from) } : {}),
          ...(query.to ? { toDate: startOfDateIn(merchant.timeZone, nextDayOf(query.to)) } : {}),
          page: query.page,
          pageSize: query.pageSize,
        }),
        describeTurnover(deps, merchant, member),
        deps.bonuses.findActive(member.id),
      ]);
      return ok({
        balance: formatAmount(balances.bonusMinor),
        list: page.list.map((line) => ({
          id: line.id,
          code: line.code,
          reference: line.reference,
          amount: formatAmount(line.amountMinor),
          balanceAfter: formatAmount(line.balanceAfterMinor),
          createdAt: line.createdAt.toISOString(),
        })),
        totalPages: page.totalPages,
        total: page.total,
        turnover:
          turnover.requiredMinor > 0n
            ? {
                required: formatAmount(turnover.requiredMinor),
                wagered: formatAmount(turnover.wageredMinor),
                left: formatAmount(turnover.leftMinor),
              }
            : null,
        activeBonus: active ? bonusItemOf(active, request.language, balances.bonusMinor) : null,
      });
    },
  );
}
