import type { PaymentMethodRow } from '../../src/modules/payment/payment.service.ts';
import { type AccountsClient, createAccountsClient } from './accounts-client.ts';
import { callWallet, catalogueGame, demoMerchantId, registerTestVendor, tokenOf } from './game-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** A GCash gateway the fixture's method points at; by default one that is never called. */
export type GatewayOptions = { baseUrl: string; merchantNo: string; secret: string };

/** The seamless vendor the fixture's wagers are bets at. */
const WAGER_VENDOR = 'FUNDV';
const WAGER_GAME = 'wager-1';

const UNCALLED_GATEWAY: GatewayOptions = {
  baseUrl: 'http://127.0.0.1:9',
  merchantNo: 'M1',
  secret: 'secret',
};

/**
 * A player of the demo merchant, logged in, with a GCash method to deposit by and the two moves
 * that fund and wager: deposits credited as the gateway's callback would credit them (so they count
 * towards the turnover a withdrawal waits for) and bets that wager.
 */
export type FundedMember = {
  merchantId: string;
  memberId: string;
  player: AccountsClient;
  gcash: PaymentMethodRow;
  /** A credited deposit by GCash into the cash wallet; answers the deposit's id. */
  creditDeposit(amountMinor: bigint): Promise<string>;
  /** A bet staked from the cash wallet at a seamless vendor and settled as lost: valid bet, counted as wagered. */
  wager(amountMinor: bigint): Promise<void>;
};

/**
 * A deposit by a GCash method credited into the member's cash wallet as the gateway's callback
 * would credit it (so it counts for turnover, points and missions); answers the deposit's id.
 */
export async function creditGcashDeposit(
  app: TestApp['app'],
  input: { merchantId: string; memberId: string; method: PaymentMethodRow; amountMinor: bigint },
): Promise<string> {
  const { merchantId, memberId, amountMinor } = input;
  const deposit = await app.payments.createDeposit({
    merchantId,
    memberId,
    method: input.method,
    currency: 'PHP',
    amountMinor,
    status: 'pending',
  });
  const { transfer } = await app.wallet.transfer({
    merchantId,
    currency: 'PHP',
    key: `deposit:${deposit.id}`,
    code: 'deposit',
    reference: deposit.id,
    from: { house: 'deposit:gcash', shardKey: memberId },
    to: { memberId, wallet: 'cash' },
    amountMinor,
  });
  await app.payments.markCredited(deposit.id, transfer.id);
  return deposit.id;
}

export async function createFundedMember(
  testApp: TestApp,
  input: { account: string; password: string; gateway?: GatewayOptions },
): Promise<FundedMember> {
  const { app } = testApp;
  const merchantId = await demoMerchantId(testApp);
  const { id: memberId } = await app.members.createMember({
    merchantId,
    account: input.account,
    password: input.password,
  });
  const player = createAccountsClient(app);
  const login = await player.logIn(input.account, input.password);
  if (!login.success) throw new Error(`funded member: ${input.account} could not log in (${login.code})`);
  const gcash = await app.payments.createMethod({
    merchantId,
    code: 'gcash',
    kind: 'gateway',
    names: { EN: 'GCash' },
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
    playerDailyMaxMinor: null,
    gateway: { ...(input.gateway ?? UNCALLED_GATEWAY), channel: 'GCASH' },
  });
  let bets = 0;
  return {
    merchantId,
    memberId,
    player,
    gcash,
    async creditDeposit(amountMinor) {
      return creditGcashDeposit(app, { merchantId, memberId, method: gcash, amountMinor });
    },
    async wager(amountMinor) {
      bets += 1;
      // Turnover is the valid bet of settled bets (the bet record), so the wager is a real bet.
      if (!(await app.games.findVendor(merchantId, WAGER_VENDOR))) {
        await registerTestVendor(testApp, { vassalage: WAGER_VENDOR, games: [catalogueGame(WAGER_GAME)] });
      }
      const launched = await player.call(
        'GET',
        `/wps/game/launchGame?nodeId=${WAGER_VENDOR}_${WAGER_GAME}&mode=real`,
      );
      const base = {
        vendor: WAGER_VENDOR,
        playerToken: tokenOf(launched.body.value.url),
        currency: 'PHP',
        gameCode: WAGER_GAME,
        roundId: `funded-member:${memberId}:round:${bets}`,
      };
      const amount = `${amountMinor / 100n}.${String(amountMinor % 100n).padStart(2, '0')}`;
      for (const [action, body] of [
        ['debit', { ...base, transactionId: `funded-member:${memberId}:bet:${bets}`, amount }],
        ['credit', { ...base, transactionId: `funded-member:${memberId}:win:${bets}`, amount: '0.00' }],
      ] as const) {
        const reply = await callWallet(app, action, body);
        if (reply.status !== 'OK')
          throw new Error(`funded member: the wager's ${action} answered ${reply.status}`);
      }
    },
  };
}
