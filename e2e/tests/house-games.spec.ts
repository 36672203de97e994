import type { Page } from '@playwright/test';
import { actAsVisitor, logInAsNewMember } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { moveMemberMoney } from '../ledger.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// Our own games in their client (apps/web/game): a member opens dice through its launch URL as
// the game iframe does, plays a round with real money, rotates the seed pair and verifies the
// round from the betting records in the browser; a visitor plays dice with play money. At the
// tables a member bets a split in roulette and a total in sic bo and finds both rounds again.

/** The launch call as the lobby's tile makes it, with the page's session if there is one. */
async function launchUrl(page: Page, nodeId: string, mode: 'real' | 'demo'): Promise<string> {
  const launched = await page.evaluate(
    async ({ nodeId, mode }) => {
      const token = sessionStorage.getItem('token');
      const response = await fetch(`/wps/game/launchGame?nodeId=${nodeId}&mode=${mode}&language=EN`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return (await response.json()) as { success: boolean; value: { url: string } };
    },
    { nodeId, mode },
  );
  expect(launched.success).toBe(true);
  return launched.value.url;
}

function randomAddress(): string {
  return `10.78.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

test(
  'a member plays dice from its launch URL, rotates the seeds and verifies the round in the betting records',
  { tag: PHONE_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const { memberId } = await logInAsNewMember(page, db, {
      prefix: 'hg',
      projectName: testInfo.project.name,
      password: 'Games1234',
      address: randomAddress(),
      beforeLogIn: (memberId) =>
        moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' }),
    });
    await expect(page.getByTestId('balance-amount')).toContainText('500.00');

    const url = await launchUrl(page, 'INHOUSE_dice', 'real');
    // The launch token rides in the fragment, which the browser never sends to the server.
    expect(url).toMatch(/^\/game\/\?game=dice&[^#]*mode=real[^#]*#token=/);
    const game = await context.newPage();
    await game.goto(url);
    const balance = game.getByTestId('game-balance');
    await expect(balance).toContainText('₱500.00');
    // The launch token leaves the address bar once the table is open.
    expect(game.url()).not.toContain('token=');
    await screenshot(game, 'house-dice-ready');

    await game.getByTestId('play').click();
    await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
    // Under 50.00 with ₱10.00: lost (₱490.00) or won ₱19.80 (₱509.80).
    await expect(balance).toContainText(/₱(490\.00|509\.80)/);
    const after = (await balance.textContent())?.match(/₱[\d,.]+/)?.[0] ?? '';
    await screenshot(game, 'house-dice-played');
    // The site's own header follows over the socket.
    await expect(page.getByTestId('balance-amount')).toContainText(after.replace('₱', ''));

    await game.getByTestId('open-fairness').click();
    const hash = (await game.getByTestId('server-seed-hash').textContent()) ?? '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await expect(game.getByTestId('nonce')).toHaveText('1');
    await game.getByTestId('rotate').click();
    await expect(game.getByTestId('revealed-seed')).toContainText(/[0-9a-f]{64}/);
    await expect(game.getByTestId('server-seed-hash')).not.toHaveText(hash);
    await screenshot(game, 'house-fairness');
    await game
      .getByRole('button', { name: /close|isara/i })
      .last()
      .click();

    await game.getByTestId('open-history').click();
    const records = game.getByTestId('records');
    await expect(records.getByRole('button')).toHaveCount(1);
    await records.getByRole('button').first().click();
    const detail = game.getByTestId('round-detail');
    await expect(detail.getByTestId('detail-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await detail.getByRole('button', { name: /verify|suriin/i }).click();
    await expect(detail.getByTestId('verify-result')).toContainText(/verified|napatunayan/i);
    await screenshot(game, 'house-round-verified');

    const rounds = await db.query<{ status: string; stake_minor: string }>(
      'select status, stake_minor::text from game_rounds where member_id = $1',
      [memberId],
    );
    expect(rounds.rows).toEqual([{ status: 'settled', stake_minor: '1000' }]);
  },
);

test(
  'a member plays mines from its launch URL: picks a tile and the board answers',
  { tag: DESKTOP_ONLY },
  async ({ page, context, db }, testInfo) => {
    await logInAsNewMember(page, db, {
      prefix: 'hm',
      projectName: testInfo.project.name,
      password: 'Games1234',
      address: randomAddress(),
      beforeLogIn: (memberId) =>
        moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' }),
    });
    const game = await context.newPage();
    await game.goto(await launchUrl(page, 'INHOUSE_mines', 'real'));
    await expect(game.getByTestId('game-balance')).toContainText('₱500.00');
    await game.getByTestId('play').click();
    await expect(game.getByTestId('game-balance')).toContainText('₱490.00');
    await game.getByTestId('tile-12').click();
    await expect(game.getByTestId('mines-status')).toContainText(/×|mine|mina/i);
    await screenshot(game, 'house-mines');
  },
);

// It counts every ledger transfer before and after, so it runs while no other journey plays.
test('a visitor plays a demo round of dice with play money', { tag: [PHONE_ONLY, MERCHANT_WIDE] }, async ({
  page,
  db,
}) => {
  await actAsVisitor(page, randomAddress());
  await page.goto('/');
  const before = await db.query<{ count: string }>('select count(*)::text as count from ledger_transfers');
  const url = await launchUrl(page, 'INHOUSE_dice', 'demo');
  expect(url).toContain('mode=demo');
  expect(url).not.toContain('token=');
  await page.goto(url);
  const balance = page.getByTestId('game-balance');
  await expect(balance).toContainText('₱10,000.00');
  await expect(page.getByText('DEMO')).toBeVisible();
  await page.getByTestId('play').click();
  await expect(balance).toContainText(/₱(9,990\.00|10,009\.80)/);
  await screenshot(page, 'house-dice-demo');
  const after = await db.query<{ count: string }>('select count(*)::text as count from ledger_transfers');
  // Play money never reaches the ledger (other journeys may run before, never during, this one).
  expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
});

/** The balance the game shows, in minor units. */
async function gameBalanceMinor(game: Page): Promise<number> {
  const text = (await game.getByTestId('game-balance').textContent()) ?? '';
  const amount = text.match(/₱([\d,]+)\.(\d{2})/);
  return amount ? Number(amount[1]!.replaceAll(',', '')) * 100 + Number(amount[2]) : Number.NaN;
}

test(
  'a member places a split bet in roulette and a total bet in sic bo, and finds both rounds in the betting records',
  { tag: DESKTOP_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const { memberId } = await logInAsNewMember(page, db, {
      prefix: 'ht',
      projectName: testInfo.project.name,
      password: 'Games1234',
      address: randomAddress(),
      beforeLogIn: (memberId) =>
        moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' }),
    });

    const roulette = await context.newPage();
    await roulette.goto(await launchUrl(page, 'INHOUSE_roulette', 'real'));
    await expect(roulette.getByTestId('game-balance')).toContainText('₱500.00');
    await expect(roulette.getByTestId('roulette-layout')).toBeVisible();
    await screenshot(roulette, 'house-roulette-board');
    // Two chips on the split 14–17 and one on the corner 1-2-4-5, then undo takes the corner back.
    const split = roulette.locator('[data-bet="split-14-17"]');
    await split.click();
    await split.click();
    await roulette.locator('[data-bet="corner-1-2-4-5"]').click();
    await expect(roulette.getByTestId('total-stake')).toContainText('₱30.00');
    await roulette.getByRole('button', { name: /^(undo|bawiin)$/i }).click();
    await expect(roulette.getByTestId('total-stake')).toContainText('₱20.00');
    await expect(split).toContainText('20');
    await screenshot(roulette, 'house-roulette-bets');
    await roulette.getByTestId('play').click();
    // ₱20.00 on a split: lost (₱480.00) or paid 17:1 with the stake back (500 − 20 + 360 = ₱840.00).
    await expect(roulette.getByTestId('game-balance')).toContainText(/₱(480\.00|840\.00)/);
    await expect(roulette.getByTestId('table-result')).toContainText(/\d/);
    await screenshot(roulette, 'house-roulette-played');
    await roulette.getByRole('button', { name: /rules|tuntunin/i }).click();
    await expect(roulette.getByRole('dialog')).toContainText(/split/i);
    await expect(roulette.getByRole('dialog')).toContainText('17:1');
    await expect(roulette.getByTestId('max-win-rule')).toBeVisible();
    await screenshot(roulette, 'house-roulette-rules');
    await roulette
      .getByRole('button', { name: /close|isara/i })
      .last()
      .click();
    await roulette.getByTestId('open-history').click();
    const rouletteRecords = roulette.getByTestId('records');
    await expect(rouletteRecords.getByRole('button')).toHaveCount(1);
    await rouletteRecords.getByRole('button').first().click();
    await expect(roulette.getByTestId('round-detail')).toContainText('₱20.00');

    const sicBo = await context.newPage();
    await sicBo.goto(await launchUrl(page, 'INHOUSE_sic-bo', 'real'));
    await expect(sicBo.getByTestId('sicbo-board')).toBeVisible();
    const before = await gameBalanceMinor(sicBo);
    await sicBo.locator('[data-bet="total-10"]').click();
    await expect(sicBo.getByTestId('total-stake')).toContainText('₱10.00');
    await screenshot(sicBo, 'house-sicbo-bets');
    await sicBo.getByTestId('play').click();
    // ₱10.00 on total 10: lost, or paid 6:1 with the stake back (₱70.00).
    await expect
      .poll(async () => [before - 1_000, before + 6_000].includes(await gameBalanceMinor(sicBo)))
      .toBe(true);
    await screenshot(sicBo, 'house-sicbo-played');
    await sicBo.getByRole('button', { name: /rules|tuntunin/i }).click();
    await expect(sicBo.getByRole('dialog')).toContainText('60:1');
    await screenshot(sicBo, 'house-sicbo-rules');
    await sicBo
      .getByRole('button', { name: /close|isara/i })
      .last()
      .click();
    await sicBo.getByTestId('open-history').click();
    const sicBoRecords = sicBo.getByTestId('records');
    await expect(sicBoRecords.getByRole('button')).toHaveCount(1);
    await sicBoRecords.getByRole('button').first().click();
    await expect(sicBo.getByTestId('round-detail')).toContainText('₱10.00');

    const rounds = await db.query<{ game_code: string; played: { bets: Array<Record<string, unknown>> } }>(
      `select games.game_code, game_rounds.played from game_rounds join games on games.id = game_rounds.game_id
      where game_rounds.member_id = $1 order by game_rounds.opened_at`,
      [memberId],
    );
    expect(rounds.rows.map((row) => [row.game_code, row.played.bets.map((bet) => bet.kind)])).toEqual([
      ['roulette', ['split']],
      ['sic-bo', ['total']],
    ]);
    expect(rounds.rows[0]?.played.bets[0]).toMatchObject({ numbers: [14, 17] });
    expect(rounds.rows[1]?.played.bets[0]).toMatchObject({ total: 10 });
  },
);

test('a visitor plays a demo round at each of the other tables, with the payout on every spot', {
  tag: PHONE_ONLY,
}, async ({ page }) => {
  test.slow();
  await actAsVisitor(page, randomAddress());
  await page.goto('/');
  for (const [gameCode, spot, pays] of [
    ['baccarat', 'player-pair', '11:1'],
    ['dragon-tiger', 'tie', '11:1'],
    ['colour-game', 'red', '3:1'],
    ['fish-prawn-crab', 'crab', '3:1'],
  ] as const) {
    await page.goto(await launchUrl(page, `INHOUSE_${gameCode}`, 'demo'));
    await expect(page.getByTestId('game-balance')).toContainText('₱10,000.00');
    const option = page.locator(`[data-bet="${spot}"]`);
    await expect(option).toContainText(pays);
    await option.click();
    await expect(page.getByTestId('total-stake')).toContainText('₱10.00');
    await page.getByTestId('play').click();
    await expect(page.getByTestId('game-balance')).not.toContainText('₱10,000.00');
    await screenshot(page, `house-${gameCode}-played`);
  }
});
