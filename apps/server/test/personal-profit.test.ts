import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  fund,
  memberIdOf,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let player: AccountsClient;

const manilaDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  testApp = await createSeededApp();
  await registerTestVendor(testApp, {
    vassalage: 'PLV',
    games: [catalogueGame('slot-1'), catalogueGame('bac-1', { gameType: 'LIVE' })],
  });
  await fund(testApp, await memberIdOf(testApp, 'demo'), 100_000n, 'profit-fund');
  player = createAccountsClient(testApp.app);
  expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);

  const play = async (gameCode: string, round: string, stake: string, win: string | null) => {
    const launched = await player.call('GET', `/wps/game/launchGame?nodeId=PLV_${gameCode}&mode=real`);
    const base = { vendor: 'PLV', playerToken: tokenOf(launched.body.value.url), currency: 'PHP', gameCode };
    expect(
      (
        await callWallet(testApp.app, 'debit', {
          ...base,
          transactionId: `${round}-d`,
          roundId: round,
          amount: stake,
        })
      ).status,
    ).toBe('OK');
    if (win) {
      expect(
        (
          await callWallet(testApp.app, 'credit', {
            ...base,
            transactionId: `${round}-c`,
            roundId: round,
            amount: win,
          })
        ).status,
      ).toBe('OK');
    }
    return base;
  };
  await play('slot-1', 'p1', '10.00', '25.00');
  await play('slot-1', 'p2', '10.00', '0.00');
  await play('bac-1', 'p3', '50.00', '0.00');
  // A bet still open counts once it settles.
  await play('bac-1', 'p5', '30.00', null);
  // A stake the vendor rolls back counts for nothing.
  const base = await play('bac-1', 'p4', '40.00', null);
  expect(
    (
      await callWallet(testApp.app, 'rollback', {
        ...base,
        transactionId: 'p4-r',
        roundId: 'p4',
        refTransactionId: 'p4-d',
        amount: '40.00',
      })
    ).status,
  ).toBe('OK');
});

afterAll(async () => {
  await testApp.close();
});

describe('profit and loss', () => {
  it('sums stakes, wins and the result of settled bets per game type, leaving open and rolled-back bets out', async () => {
    const reply = await player.call(
      'GET',
      `/wps/member/personalProfit?from=${manilaDay(-6)}&to=${manilaDay()}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({
      list: [
        { gameType: 'LIVE', rounds: 1, stake: '50.00', win: '0.00', profit: '-50.00' },
        { gameType: 'RNG', rounds: 2, stake: '20.00', win: '25.00', profit: '5.00' },
      ],
      totals: { rounds: 3, stake: '70.00', win: '25.00', profit: '-45.00' },
    });
  });

  it('counts nothing on days without play, and refuses a bad range', async () => {
    const reply = await player.call(
      'GET',
      `/wps/member/personalProfit?from=${manilaDay(-3)}&to=${manilaDay(-1)}`,
    );
    expect(reply.body.value).toEqual({
      list: [],
      totals: { rounds: 0, stake: '0.00', win: '0.00', profit: '0.00' },
    });
    expect(
      (await player.call('GET', `/wps/member/personalProfit?from=${manilaDay(-100)}&to=${manilaDay()}`))
        .status,
    ).toBe(422);
    expect(
      (await player.call('GET', '/wps/member/personalProfit?from=2026-02-30&to=2026-03-01')).status,
    ).toBe(422);
  });
});
