import type { Page } from '@playwright/test';
import type pg from 'pg';
import { actAsVisitor, closePublicPopup, insertMember, skipMemberPopup, uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

// The lobby of issue 7 against the real server and the vendor sandbox's imported catalogue:
// lanes of real tiles, search ignoring accents, favourites and launching a game from a tile.

function randomAddress(): string {
  return `10.78.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
}

/** A catalogue entry with an accented name under the sandbox vendor LAKAN, for search. */
async function insertAccentedGame(db: pg.Client, suffix: string): Promise<string> {
  const code = `e2e-nino-${suffix}`;
  await db.query(
    `insert into games (id, merchant_id, vendor_id, node_id, vassalage, game_type, game_code, names, icon_url)
     select $1, v.merchant_id, v.id, $2, 'LAKAN', 'RNG', $3, $4::jsonb, null
       from game_vendors v join merchants m on m.id = v.merchant_id
      where m.is_default and v.vassalage = 'LAKAN'
     on conflict do nothing`,
    [
      `e2e-game-${suffix}`,
      `LAKAN_${code}`,
      code,
      JSON.stringify({ EN: `Niño Ñandú ${suffix}`, TY: `Suwerteng Niño ${suffix}` }),
    ],
  );
  return `LAKAN_${code}`;
}

test('home shows lanes of real tiles, and search finds a game by a query without accents', async ({
  page,
  db,
}, testInfo) => {
  await actAsVisitor(page, randomAddress());
  const suffix = `${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`;
  const nodeId = await insertAccentedGame(db, suffix);
  await page.goto('/');
  for (const lane of ['home-row-LIVE', 'home-row-RNG', 'home-row-HOT']) {
    const row = page.getByTestId(lane);
    await expect(row.getByTestId('game-tile').first()).toBeVisible();
  }
  // Real tiles: the sandbox's art has loaded (not our fallback) and the vendor mark is shown.
  const firstLive = page.getByTestId('home-row-LIVE').getByTestId('game-tile').first();
  await expect(firstLive.locator('img')).not.toHaveAttribute('data-fallback', 'true');
  expect(
    await firstLive.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(page.getByTestId('category-menu').locator('[data-category="LIVE"]')).toBeVisible();
  await screenshot(page, 'lobby-home');

  await page.getByTestId('home-search').fill(`nino nandu ${suffix}`);
  const results = page.getByTestId('search-results');
  await expect(results.getByTestId('game-tile')).toHaveCount(1);
  await expect(results.getByTestId('game-tile')).toHaveAttribute('data-node-id', nodeId);
  await expect(page.getByTestId('home-lobby')).toHaveAttribute('data-category', 'SEARCH');
  await page.getByTestId('home-search').fill('');
  await expect(page.getByTestId('home-lobby')).toHaveAttribute('data-category', 'HOME');
});

test("a visitor's heart opens the login popup, and a list page filters by vendor", async ({
  page,
}, testInfo) => {
  await actAsVisitor(page, randomAddress());
  await page.goto('/');
  if (testInfo.project.name === 'desktop') {
    // The header lists only categories with vendors, each with a hover dropdown of its vendors.
    await expect(page.getByTestId('header-type-LIVE')).toBeVisible();
    await expect(page.getByTestId('header-type-ESPORTS')).toHaveCount(0);
    await page.getByTestId('header-type-LIVE').hover();
    await expect(
      page.getByTestId('header-type-LIVE').getByRole('link', { name: 'Sampaguita Live' }),
    ).toBeVisible();
  }
  await page.getByTestId('home-row-LIVE').getByTestId('game-tile-heart').first().click();
  await expect(page.getByTestId('login-modal')).toBeVisible();

  await page.goto('/live');
  const list = page.getByTestId('game-lobby-list');
  await expect(list.getByTestId('game-tile').first()).toBeVisible();
  const allCount = await list.getByTestId('game-tile').count();
  // Two vendors have live games, so the vendor filter shows; choosing one narrows the list.
  await list.getByTestId('vendor-filter').selectOption('SAMPAGUITA');
  await expect(list.getByTestId('game-tile')).not.toHaveCount(allCount);
  for (const tile of await list.getByTestId('game-tile').all()) {
    await expect(tile).toHaveAttribute('data-node-id', /^SAMPAGUITA_/);
  }
  await expect(list.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'lobby-live-list');
});

test(
  'a member favourites a game and sees it under FAV, then launches a sandbox game from a tile',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    await actAsVisitor(page, randomAddress());
    const account = uniqueAccount('lob', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'Lobby1234' });
    await skipMemberPopup(page, memberId);
    await logIn(page, account, 'Lobby1234');
    // A round the member played (as the seamless wallet records it) puts its game under RECENT.
    await db.query(
      `insert into game_rounds (id, merchant_id, member_id, game_id, vendor_id, vendor_round_id, currency,
                              stake_minor, win_minor, status, settled_at)
     select $1, g.merchant_id, $2, g.id, g.vendor_id, $1, 'PHP', 1000, 0, 'settled', now()
       from games g where g.node_id = 'SAMPAGUITA_sampaguita-coin'`,
      [`e2e-recent-${account}`, memberId],
    );
    await page.goto('/');
    await expect(page.getByTestId('home-row-RECENT').getByTestId('game-tile')).toHaveAttribute(
      'data-node-id',
      'SAMPAGUITA_sampaguita-coin',
    );

    const tile = page.getByTestId('home-row-LIVE').getByTestId('game-tile').first();
    const nodeId = await tile.getAttribute('data-node-id');
    const heart = tile.getByTestId('game-tile-heart');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(
        async () =>
          (await db.query('select 1 from game_favorites where member_id = $1', [memberId])).rowCount,
      )
      .toBe(1);
    await page.getByTestId('category-menu').locator('[data-category="FAV"]').click();
    const favorites = page.getByTestId('favorite-games');
    await expect(favorites.getByTestId('game-tile')).toHaveCount(1);
    await expect(favorites.getByTestId('game-tile')).toHaveAttribute('data-node-id', nodeId ?? '');

    // Real play from the tile: the launch URL opens in the game popup's frame, and the vendor's
    // page inside it has authenticated the member through /wallet/v1.
    // On a phone the game takes the whole screen (/seamless), on a desktop the game popup.
    await favorites.getByTestId('game-tile-play').click();
    const isPhone = testInfo.project.name === 'phone';
    const holder = page.getByTestId(isPhone ? 'seamless-page' : 'game-popup');
    await expect(holder).toBeVisible();
    const frame = holder.frameLocator('iframe');
    await expect(frame.getByTestId('vendor-balance')).toHaveText('0.00', { timeout: 15_000 });
    await screenshot(page, 'lobby-game-open');
    if (isPhone) {
      await page.getByTestId('seamless-back').click();
      await expect(page.getByTestId('home-page')).toBeVisible();
    }

    // The account page /favorite lists the same favourite.
    await page.goto('/favorite');
    const favoritePageGames = page.getByTestId('favorite-page-games');
    await expect(favoritePageGames.getByTestId('game-tile')).toHaveAttribute('data-node-id', nodeId ?? '');
  },
);

test('the winner board shows real wins with masked names, and the lobby reloads names in Tagalog', async ({
  page,
  db,
}, testInfo) => {
  await actAsVisitor(page, randomAddress());
  const account = uniqueAccount('win', testInfo.project.name);
  const memberId = await insertMember(db, { account, password: 'Winner1234' });
  // A settled winning round, as the seamless wallet records one, on the sandbox's high-card game.
  await db.query(
    `insert into game_rounds (id, merchant_id, member_id, game_id, vendor_id, vendor_round_id, currency,
                              stake_minor, win_minor, status, settled_at)
     select $1, g.merchant_id, $2, g.id, g.vendor_id, $1, 'PHP', 10000, 123400, 'settled', now()
       from games g where g.node_id = 'LAKAN_lakan-live-high-card'`,
    [`e2e-round-${account}`, memberId],
  );
  await page.goto('/');
  const board = page.getByTestId('winner-board');
  const entry = board.getByRole('button', { name: /Lakan Live High Card/ }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('₱1,234.00');
  await expect(board).not.toContainText(account);
  await expect(entry).toContainText(`${account.slice(0, 2)}***${account.slice(-1)}`);
  // Clicking a winner starts that game: a visitor is asked to log in.
  await entry.click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.goto('/');

  const liveRow = page.getByTestId('home-row-LIVE');
  await expect(liveRow.getByText('Lakan Live High Card')).toBeVisible();
  // On a phone the language switch is in the drawer.
  if (testInfo.project.name === 'phone') await page.getByTestId('open-drawer').click();
  await page.locator('[data-testid="language-TY"]:visible').first().click();
  if (testInfo.project.name === 'phone') await page.keyboard.press('Escape');
  await expect(liveRow.getByText('Lakan Live Mataas na Baraha')).toBeVisible();
  await screenshot(page, 'lobby-home-tagalog');
});

test(
  'a game under maintenance answers with hot games to play instead',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, db }, testInfo) => {
    await actAsVisitor(page, randomAddress());
    const account = uniqueAccount('mnt', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'Maint1234' });
    await skipMemberPopup(page, memberId);
    const nodeId = 'LAKAN_lakan-lucky-wheel';
    await db.query(`update games set status = 'maintenance' where node_id = $1`, [nodeId]);
    try {
      await logIn(page, account, 'Maint1234');
      await page.goto('/rng');
      const list = page.getByTestId('game-lobby-list');
      await list.locator(`[data-node-id="${nodeId}"]`).getByTestId('game-tile-play').click();
      const notice = list.getByTestId('game-maintenance');
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('button', { name: /Lakan Coin Flip/ })).toBeVisible();
      await expect(page.getByTestId('game-popup')).toHaveCount(0);
    } finally {
      await db.query(`update games set status = 'active' where node_id = $1`, [nodeId]);
    }
  },
);

test('a trial account is asked to register for real play, and plays the free demo from TRY', async ({
  page,
}, testInfo) => {
  await actAsVisitor(page, randomAddress());
  await page.goto('/');
  const token = await page.evaluate(async () => {
    const response = await fetch('/wps/session/login/freeplay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ os: 'WEB', platform: 'W', gatewayVersion: 3 }),
    });
    const body = (await response.json()) as { value: { token: string } };
    return body.value.token;
  });
  await page.evaluate((value) => sessionStorage.setItem('token', value), token);
  await page.goto('/');
  // A logged-in account sees the announcements popup once (the demo has execution A notices).
  const announcements = page.getByTestId('public-modal');
  await expect(announcements).toBeVisible({ timeout: 10_000 });
  await closePublicPopup(page);
  await expect(announcements).toBeHidden();
  const tile = page.getByTestId('home-row-LIVE').getByTestId('game-tile').first();
  await tile.getByTestId('game-tile-play').click();
  await expect(page.getByText('Please register an account first')).toBeVisible();
  await expect(page.getByTestId('game-popup')).toHaveCount(0);

  // The demo needs no account: the vendor's page opens with play money.
  await tile.getByTestId('game-tile-try').click();
  const holder = page.getByTestId(testInfo.project.name === 'phone' ? 'seamless-page' : 'game-popup');
  await expect(holder).toBeVisible();
  await expect(holder.frameLocator('iframe').getByText(/play money/i)).toBeVisible({ timeout: 15_000 });
});
