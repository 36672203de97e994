import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_REWARD_CODES } from '../src/db/reward-codes.ts';
import type { BonusTerms } from '../src/modules/bonus/bonus-api.ts';
import { REWARD_TRANSFER_CODES } from '../src/modules/contract/contract-formulas.ts';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { ledgerProblems } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let merchantId: string;
let token: string;

const TERMS: BonusTerms = {
  multiplier: 0,
  includeDeposit: false,
  contributions: { RNG: 10_000 },
  maxStakeMinor: null,
  expiryDays: 7,
  maxConversionMinor: null,
  minSpinStakeMinor: null,
  minSpinLines: null,
};

beforeAll(async () => {
  testApp = await createSeededApp();
  merchantId = await demoMerchantId(testApp);
  token = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'rewards',
      merchantId,
      roleId: 'finance',
      nowMs: Date.now(),
    })
  ).token;
});

afterAll(async () => {
  await testApp?.close();
});

/** Today in Manila (the demo merchant's time zone), yyyy-MM-dd: the ledger stamps with its own clock. */
const manilaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Today's GGR, rewards and NGR of the demo merchant in the money report, in centavos. */
async function todaysTotals() {
  const day = manilaDay();
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/bo/reports/money?from=${day}&to=${day}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const row = response
    .json()
    .value.rows.find((candidate: { merchantId: string }) => candidate.merchantId === merchantId);
  const centavos = (amount: string) => BigInt(Math.round(Number(amount) * 100));
  return { ggr: centavos(row.ggr), bonuses: centavos(row.bonuses), ngr: centavos(row.ngr) };
}

describe('rewards in NGR', () => {
  it('is one list for the money report and agents’ dividends', () => {
    expect(REWARD_TRANSFER_CODES).toBe(PLAYER_REWARD_CODES);
    expect([...PLAYER_REWARD_CODES].sort()).toEqual([
      'bonus',
      'bonus_forfeit',
      'cashback',
      'leaderboard_prize',
      'mission_reward',
      'points_reward',
      'raffle_prize',
      'rebate',
      'red_envelope',
      'referral_reward',
      'reward_prize',
      'vip_gift',
    ]);
  });

  it('counts a bonus granted, less what it forfeits, cashback and a prize; a conversion is not counted again', async () => {
    const { bonuses, members, wallet } = testApp.app;
    const newMember = async (account: string) =>
      (await members.createMember({ merchantId, account, password: null })).id;
    const before = await todaysTotals();

    // A bonus of 100.00 converted with a cap of 60.00: 60.00 to cash, 40.00 forfeited.
    const converted = await newMember('rewardconvert');
    const grant = (memberId: string, amountMinor: bigint, terms: BonusTerms) =>
      bonuses.grant({
        merchantId,
        memberId,
        currency: 'PHP',
        source: 'manual',
        amountMinor,
        terms,
        language: 'EN',
      });
    const { bonusId } = await grant(converted, 10_000n, { ...TERMS, maxConversionMinor: 6_000n });
    await bonuses.settleMember({ merchantId, memberId: converted, currency: 'PHP' });
    expect(await wallet.getBalances({ merchantId, memberId: converted, currency: 'PHP' })).toEqual({
      cashMinor: 6_000n,
      bonusMinor: 0n,
    });
    expect(await wallet.findTransfer({ merchantId, key: `bonus:${bonusId}:convert` })).toMatchObject({
      code: 'bonus_convert',
      amountMinor: 6_000n,
    });

    // A bonus of 50.00 cancelled at once: granted and forfeited, nothing in all.
    const cancelled = await newMember('rewardcancel');
    const second = await grant(cancelled, 5_000n, { ...TERMS, multiplier: 5 });
    await bonuses.cancel({
      merchantId,
      memberId: cancelled,
      bonusId: second.bonusId,
      canceller: { by: 'member' },
    });

    // Cashback of 30.00 paid as cash, and a raffle prize of 20.00.
    const rewarded = await newMember('rewardcash');
    const cashback = await testApp.database.db.transaction().execute((trx) =>
      bonuses.payCashIn(trx, {
        merchantId,
        memberId: rewarded,
        currency: 'PHP',
        code: 'cashback',
        key: `cashback:test:${rewarded}:today`,
        reference: 'cashback:test',
        amountMinor: 3_000n,
        promotionId: null,
      }),
    );
    cashback.announce();
    await wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: `raffle:test:${rewarded}`,
      code: 'raffle_prize',
      reference: 'raffle:test',
      from: { house: 'bonus_funding', shardKey: rewarded },
      to: { memberId: rewarded, wallet: 'cash' },
      amountMinor: 2_000n,
    });

    const after = await todaysTotals();
    expect(after.ggr - before.ggr).toBe(0n);
    expect(after.bonuses - before.bonuses).toBe(6_000n + 0n + 3_000n + 2_000n);
    expect(before.ngr - after.ngr).toBe(11_000n);
    expect(await ledgerProblems(testApp.database.db, merchantId)).toEqual([]);
  });
});
