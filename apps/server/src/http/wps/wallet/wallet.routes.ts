import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { AgentContractKind } from '../../../db/schema.ts';
import type { AgentService } from '../../../modules/agent/agent.service.ts';
import { isAgentType, type MemberService, TRIAL_TYPE } from '../../../modules/member/member.service.ts';
import { readSwitches } from '../../../modules/merchant/merchant.service.ts';
import { WHITELABEL_SWITCHES } from '../../../modules/merchant/merchant-settings.ts';
import type { WalletService } from '../../../modules/wallet/wallet.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { VendorTransfers } from '../../../workflows/vendor-transfer.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type WalletRoutesDeps = {
  members: MemberService;
  wallet: WalletService;
  vendorTransfers: VendorTransfers;
  /** The agent types' contract kinds (the consolidated info's contract flags). */
  agents: Pick<AgentService, 'capabilitiesOf'>;
};

const TAGS = ['wallet'];
const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['1250.00'] });

const BalanceValue = Type.Object({
  /** The cash wallet: what the header shows and what bets are taken from. */
  balance: Money,
  bonusBalance: Money,
  /**
   * One-wallet merchants (isSingle): the cash plus what sits at transfer-wallet vendors (the
   * launch moved it there); otherwise the cash.
   */
  total: Money,
  currency: Type.String(),
  currencySymbol: Type.String(),
});

const ConsolidatedValue = Type.Object({
  currency: Type.String(),
  currencySymbol: Type.String(),
  /** Everything the member owns here: the main and bonus wallets, holds and vendor wallets. */
  total: Money,
  mainWallet: Money,
  bonusWallet: Money,
  /** Withdrawals waiting for a decision: still the member's, out of play. */
  held: Money,
  /** Transfer-wallet mode only: what sits in each vendor's wallet. */
  vendorWallets: Type.Array(Type.Object({ vassalage: Type.String(), balance: Money }), { maxItems: 100 }),
  /** Spec §3 "Merchant wallet": one wallet for every game. */
  isSingle: Type.Boolean(),
  /**
   * Spec §3 "Consolidated info": which agent contracts this member may request — daily salary,
   * dividends, hourly salary, real-time salary: the merchant's switch is on and the member's agent
   * type lists the kind (merchant_agent_types.contract_kinds); false for players.
   */
  dailysalreqtype: Type.Boolean(),
  divtypereq: Type.Boolean(),
  contracthoursalreq: Type.Boolean(),
  realtimesalreqtype: Type.Boolean(),
  info: Type.Object({
    isAgent: Type.Boolean(),
    /** Any salary kind is on (spec §3 session value enableSalary). */
    enableSalary: Type.Boolean(),
    /** Agent contracts are on (the AGENTPOLICY3 switch; spec §3 session value enableContract). */
    enableContract: Type.Boolean(),
  }),
});

/** The member's wallet on the wire (spec §7 "Wallet balance", "Consolidated funds"). */
export function registerWalletRoutes(app: TypedApp, deps: WalletRoutesDeps): void {
  app.get(
    '/wps/v2/wallets/balance',
    {
      schema: {
        tags: TAGS,
        summary: "The member's cash and bonus balances, as decimal strings with two digits",
        querystring: MerchantLanguageQuery,
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
      // Only vendors the member has moved money to are asked; a trial account never has.
      const atVendors =
        merchant.settings.wallet.mode === 'single' && member.type !== TRIAL_TYPE
          ? await deps.vendorTransfers.heldAtVendors(merchant, member.id)
          : [];
      const vendorMinor = atVendors.reduce((sum, entry) => sum + (entry.balanceMinor ?? 0n), 0n);
      return ok({
        balance: formatAmount(balances.cashMinor),
        bonusBalance: formatAmount(balances.bonusMinor),
        total: formatAmount(balances.cashMinor + vendorMinor),
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
      });
    },
  );

  app.get(
    '/wps/member/info/funds/consolidated',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's funds in one sum (main and bonus wallets, holds, vendor wallets), the wallet mode and the contract flags",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(ConsolidatedValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      // Spec §4: a trial account makes no consolidated call.
      const { member } = await requireMember(request, deps.members);
      const account = { merchantId: merchant.id, memberId: member.id, currency: merchant.currency };
      const [balances, heldMinor, atVendors, agentType] = await Promise.all([
        deps.wallet.getBalances(account),
        deps.wallet.sumHeld(account),
        deps.vendorTransfers.heldAtVendors(merchant, member.id),
        deps.agents.capabilitiesOf(merchant.id, member.type),
      ]);
      // What sits at transfer-wallet vendors is the member's too (vendors that do not answer in
      // time are left out of the list and the sum).
      const vendorWallets = atVendors.map((entry) => ({
        vassalage: entry.vendor.vassalage,
        balance: formatAmount(entry.balanceMinor ?? 0n),
      }));
      const vendorMinor = atVendors.reduce((sum, entry) => sum + (entry.balanceMinor ?? 0n), 0n);
      const switches = readSwitches(merchant.settings.whitelabel, WHITELABEL_SWITCHES);
      const isAgent = isAgentType(member.type);
      const contractKinds = agentType?.contractKinds ?? [];
      const mayHold = (kind: AgentContractKind, isOn: boolean) =>
        isAgent && isOn && contractKinds.includes(kind);
      return ok({
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
        total: formatAmount(balances.cashMinor + balances.bonusMinor + heldMinor + vendorMinor),
        mainWallet: formatAmount(balances.cashMinor),
        bonusWallet: formatAmount(balances.bonusMinor),
        held: formatAmount(heldMinor),
        vendorWallets,
        isSingle: merchant.settings.wallet.mode === 'single',
        dailysalreqtype: mayHold('daily', switches.DAILYSALARY),
        divtypereq: mayHold('dividend', switches.BONUS),
        contracthoursalreq: mayHold('hourly', switches.HOURLYSALARY),
        realtimesalreqtype: mayHold('realtime', switches.REALTIMESALARY),
        info: {
          isAgent,
          enableSalary: switches.DAILYSALARY || switches.HOURLYSALARY || switches.REALTIMESALARY,
          enableContract: switches.AGENTPOLICY3,
        },
      });
    },
  );
}
