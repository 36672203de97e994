import type { FrameLocator, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { actAsVisitor, logInAsNewMember, nextAddress } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { cashOf, moveMemberMoney } from '../ledger.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY, PHONE_ONLY } from '../tags.ts';

// The lobby journeys of issue 7, as a player and an operator make them: a visitor finds a live game
// from home and tries it, a member plays a real round and finds it again, and an operator's new
// banner reaches the home page. The games are the vendor sandbox's, imported into the demo merchant.

const HIGH_CARD = 'LAKAN_lakan-live-high-card';

/**
 * Reduced motion, as a player may ask for it: a full-page screenshot resizes the page, which would
 * replay a dialog's opening fade and capture the game popup half transparent.
 */
async function steadyMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/** Where a launched game opens: the whole screen (/seamless) on a phone, the game popup on a desktop. */
function gameHolder(page: Page, projectName: string): Locator {
  return page.getByTestId(projectName === 'phone' ? 'seamless-page' : 'game-popup');
}

/** Leaves the game as a player does: the back bar on a phone, the popup's close button on a desktop. */
async function leaveGame(page: Page, projectName: string): Promise<void> {
  if (projectName === 'phone') {
    await page.getByTestId('seamless-back').click();
  } else {
    await page.getByTestId('game-popup').getByRole('button', { name: 'Close' }).click();
  }
  await expect(gameHolder(page, projectName)).toHaveCount(0);
}

/**
 * Plays rounds of the sandbox's high-card game inside its frame until one moves the balance (a tie
 * gives the stake back, 1 in 13), and answers the vendor's balance after it and the rounds played.
 */
async function playUntilBalanceMoves(
  frame: FrameLocator,
  before: string,
  stake: string,
): Promise<{ after: string; plays: number }> {
  await frame.getByTestId('stake').fill(stake);
  let after = before;
  let plays = 0;
  while (after === before && plays < 8) {
    plays += 1;
    await frame.getByTestId('pick-draw').click();
    await expect(frame.getByTestId('result')).toHaveAttribute('data-status', 'OK');
    await expect(frame.getByTestId('pick-draw')).toBeEnabled();
    after = (await frame.getByTestId('vendor-balance').textContent()) ?? '';
  }
  return { after, plays };
}

test('a visitor finds a live game from home, tries its demo and is asked to log in for real play', async ({
  page,
  db,
}, testInfo) => {
  test.slow();
  const projectName = testInfo.project.name;
  const startedAt = (await db.query<{ now: Date }>('select now()')).rows[0]?.now;
  await actAsVisitor(page, nextAddress());
  await steadyMotion(page);
  await page.goto('/');
  await expect(page.getByTestId('home-row-LIVE').getByTestId('game-tile').first()).toBeVisible();
  await screenshot(page, 'journey-visitor-home');

  // The LIVE lobby from the category menu: the list replaces the rows in place.
  await page.getByTestId('category-menu').locator('[data-category="LIVE"]').click();
  const lobby = page.getByTestId('home-lobby');
  await expect(lobby).toHaveAttribute('data-category', 'LIVE');
  await expect(page.getByTestId('category-menu').locator('[data-category="LIVE"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const list = lobby.getByTestId('game-lobby-list');
  await expect(list.getByTestId('game-tile').first()).toBeVisible();
  await expect(list.locator(`[data-testid="game-tile"][data-node-id^="SAMPAGUITA_"]`).first()).toBeVisible();

  // Filtered by vendor, only LAKAN's live games remain.
  await list.getByTestId('vendor-filter').selectOption('LAKAN');
  await expect(list.locator(`[data-testid="game-tile"][data-node-id^="SAMPAGUITA_"]`)).toHaveCount(0);
  await expect(list.locator(`[data-testid="game-tile"][data-node-id="${HIGH_CARD}"]`)).toBeVisible();
  for (const tile of await list.getByTestId('game-tile').all()) {
    await expect(tile).toHaveAttribute('data-node-id', /^LAKAN_/);
  }

  // The list's own search, opened by its toggle, narrows to the one game named.
  const searchToggle = list.getByTestId('list-search-toggle');
  await expect(searchToggle).toHaveAttribute('aria-pressed', 'false');
  await searchToggle.click();
  await expect(searchToggle).toHaveAttribute('aria-pressed', 'true');
  await list.getByTestId('list-search').fill('high card');
  await expect(list.getByTestId('game-tile')).toHaveCount(1);
  const tile = list.getByTestId('game-tile');
  await expect(tile).toHaveAttribute('data-node-id', HIGH_CARD);
  await expect(tile).toContainText('Lakan Live High Card');
  await expect(list.getByTestId('vendor-filter')).toHaveValue('LAKAN');
  await screenshot(page, 'journey-visitor-live-search');

  // TRY needs no account: the vendor's page opens in demo mode, without a launch token, and shows
  // its play money.
  await tile.getByTestId('game-tile-try').click();
  const holder = gameHolder(page, projectName);
  await expect(holder).toBeVisible();
  if (projectName === 'phone') {
    await expect(page).toHaveURL(/\/seamless\?nodeId=LAKAN_lakan-live-high-card&mode=demo$/);
  }
  const iframe = holder.locator('iframe');
  await expect(iframe).toHaveAttribute('src', /\/lakan\/play\/lakan-live-high-card\?.*mode=demo/);
  expect(await iframe.getAttribute('src')).not.toMatch(/[?&]token=/);
  const frame = holder.frameLocator('iframe');
  await expect(frame.getByText(/play money/i)).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByTestId('vendor-balance')).toHaveText('1000.00');
  // A round of play money is the vendor's alone: no round reaches our records.
  await frame.getByTestId('pick-draw').click();
  await expect(frame.getByTestId('result')).toHaveAttribute('data-status', 'OK');
  await screenshot(page, 'journey-visitor-demo');
  const rounds = await db.query(
    `select 1 from game_rounds r join games g on g.id = r.game_id
      where g.node_id = $1 and r.opened_at >= $2`,
    [HIGH_CARD, startedAt],
  );
  expect(rounds.rowCount).toBe(0);
  await expect(page.getByTestId('login-modal')).toHaveCount(0);

  // Back in the lobby, a tap on the game itself (real play) asks the visitor to log in. On a phone
  // the back bar returns to home's Live casino list (the category is kept in the address); on a
  // desktop the list, still filtered, never left.
  await leaveGame(page, projectName);
  if (projectName === 'phone') {
    await expect(page).toHaveURL(/[?&]category=LIVE\b/);
    await expect(page.getByTestId('home-lobby')).toHaveAttribute('data-category', 'LIVE');
  }
  const realTile = list.locator(`[data-testid="game-tile"][data-node-id="${HIGH_CARD}"]`);
  await realTile.getByTestId('game-tile-play').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('game-popup')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/seamless/);
  await screenshot(page, 'journey-visitor-login');
});

test(
  'a member favourites a live game, plays a real round of it and finds it under RECENT',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const projectName = testInfo.project.name;
    await steadyMotion(page);
    const { memberId } = await logInAsNewMember(page, db, {
      prefix: 'jrn',
      projectName,
      password: 'Journey1234',
      beforeLogIn: (id) =>
        moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 50_000, code: 'deposit' }),
    });
    const balance = page.getByTestId('balance-amount');
    await expect(balance).toContainText('500.00');
    await expect(page.getByTestId('home-row-RECENT')).toHaveCount(0);

    // The heart on the game's home tile makes it a favourite, kept on the server.
    const homeTile = page
      .getByTestId('home-row-LIVE')
      .locator(`[data-testid="game-tile"][data-node-id="${HIGH_CARD}"]`);
    const heart = homeTile.getByTestId('game-tile-heart');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () =>
        (
          await db.query<{ node_id: string }>(
            `select g.node_id from game_favorites f join games g on g.id = f.game_id where f.member_id = $1`,
            [memberId],
          )
        ).rows.map((row) => row.node_id),
      )
      .toEqual([HIGH_CARD]);

    await page.getByTestId('category-menu').locator('[data-category="FAV"]').click();
    const favorites = page.getByTestId('favorite-games');
    await expect(favorites.getByTestId('game-tile')).toHaveCount(1);
    await expect(favorites.getByTestId('game-tile')).toHaveAttribute('data-node-id', HIGH_CARD);
    await screenshot(page, 'journey-member-fav');

    await page.goto('/favorite');
    const favoritePage = page.getByTestId('favorite-page-games');
    await expect(favoritePage.getByTestId('game-tile')).toHaveCount(1);
    await expect(favoritePage.getByTestId('game-tile')).toHaveAttribute('data-node-id', HIGH_CARD);
    await expect(favoritePage.getByTestId('game-tile-heart')).toHaveAttribute('aria-pressed', 'true');

    // Back home, the game is played for real from the FAV list: the vendor's page inside the frame
    // authenticates the member through our seamless wallet and shows the member's cash.
    await page.goto('/');
    await page.getByTestId('category-menu').locator('[data-category="FAV"]').click();
    await favorites.getByTestId('game-tile').getByTestId('game-tile-play').click();
    const holder = gameHolder(page, projectName);
    await expect(holder).toBeVisible();
    if (projectName === 'phone') {
      await expect(page).toHaveURL(/\/seamless\?nodeId=LAKAN_lakan-live-high-card&mode=real$/);
    }
    await expect(holder.locator('iframe')).toHaveAttribute('src', /mode=real.*token=|token=.*mode=real/);
    const frame = holder.frameLocator('iframe');
    await expect(frame.getByTestId('vendor-balance')).toHaveText('500.00', { timeout: 15_000 });
    await expect(frame.getByText(/play money/i)).toBeHidden();
    const { after, plays } = await playUntilBalanceMoves(frame, '500.00', '25.00');
    // Lost (475.00) or won (525.00): the vendor shows what our wallet answered.
    expect(['475.00', '525.00']).toContain(after);
    await screenshot(page, 'journey-member-round');

    // The rounds are ours, settled, and the member's cash is what the vendor showed.
    const rounds = await db.query<{ node_id: string; status: string; stake_minor: string }>(
      `select g.node_id, r.status, r.stake_minor::text from game_rounds r join games g on g.id = r.game_id
      where r.member_id = $1`,
      [memberId],
    );
    expect(rounds.rows).toEqual(
      Array.from({ length: plays }, () => ({ node_id: HIGH_CARD, status: 'settled', stake_minor: '2500' })),
    );
    expect(await cashOf(db, memberId)).toBe(Math.round(Number(after) * 100));

    // Leaving the game returns to the FAV list it was started from (on a phone the category is kept
    // in the address); back on HOME, RECENT lists it (from the round just played) and the header
    // balance shows the round's result.
    await leaveGame(page, projectName);
    await expect(page.getByTestId('home-lobby')).toHaveAttribute('data-category', 'FAV');
    await page.getByTestId('category-menu').locator('[data-category="HOME"]').click();
    await expect(page.getByTestId('home-lobby')).toHaveAttribute('data-category', 'HOME');
    const recent = page.getByTestId('home-row-RECENT');
    await expect(recent.getByTestId('game-tile')).toHaveCount(1);
    await expect(recent.getByTestId('game-tile')).toHaveAttribute('data-node-id', HIGH_CARD);
    await expect(balance).toContainText(after);
    await expect(balance).not.toContainText('500.00');
    await screenshot(page, 'journey-member-recent');
  },
);

/** Fills one language of a back-office text field given in several languages (tabs on a phone). */
async function fillLanguage(
  form: Locator,
  label: string,
  language: 'TY' | 'EN',
  text: string,
): Promise<void> {
  const group = form.getByRole('group', { name: label, exact: true });
  const tab = group.getByRole('tab', { name: language, exact: true });
  if (await tab.isVisible()) await tab.click();
  await group.getByLabel(`${label} (${language})`).fill(text);
}

/** A banner image made here: a wide PNG of two colours and a circle, as an operator's design would be. */
async function bannerPng(): Promise<Buffer> {
  const width = 1200;
  const height = 500;
  const art = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
       <rect width="${width}" height="${height}" fill="#0f766e"/>
       <rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#f59e0b"/>
       <circle cx="${width / 2}" cy="${height / 2}" r="160" fill="#ffffff"/>
     </svg>`,
  );
  return sharp(art).png().toBuffer();
}

test(
  'an operator adds a home banner in the back office and the home page shows it',
  { tag: DESKTOP_ONLY },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const projectName = testInfo.project.name;
    const title = `Journey banner ${projectName} ${Date.now().toString(36)}`;
    try {
      await signInAsNewOwner(page, db, 'banner', projectName);
      await openSection(page, 'Content');
      // A platform owner works on a merchant of their choice: the demo merchant, whose site is served.
      const merchant = await db.query<{ name: string }>('select name from merchants where is_default');
      const picker = page.getByLabel('Merchant');
      if (await picker.isVisible()) await picker.selectOption({ label: merchant.rows[0]?.name ?? '' });

      await page.getByRole('button', { name: 'New banner' }).click();
      const form = page.getByRole('form', { name: 'New banner' });
      await expect(form.getByLabel('Group')).toHaveValue('w_home');
      await fillLanguage(form, 'Title', 'TY', `${title} TY`);
      await fillLanguage(form, 'Title', 'EN', title);
      await form.getByLabel(/^Image \(PNG/).setInputFiles({
        name: 'journey-banner.png',
        mimeType: 'image/png',
        buffer: await bannerPng(),
      });
      const preview = form.getByTestId('uploaded-image');
      await expect(preview).toBeVisible();
      expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await screenshot(page, 'journey-admin-banner-form');
      await form.getByRole('button', { name: 'Add banner' }).click();
      await expect(page.getByRole('status')).toContainText('Banner added');
      await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
      await screenshot(page, 'journey-admin-banners');

      const stored = await db.query<{ image_url: string; enabled: boolean; link_type: string }>(
        `select b.image_url, b.enabled, b.link_type from banners b join merchants m on m.id = b.merchant_id
        where m.is_default and b.group_name = 'w_home' and b.title->>'EN' = $1`,
        [title],
      );
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]).toMatchObject({ enabled: true, link_type: 'NONE' });
      const imageName = stored.rows[0]?.image_url.split('/').at(-1) ?? '';
      expect(imageName).toMatch(/\.webp$/);

      // A visitor's home page: the carousel holds the new banner. Reduced motion also stops the
      // carousel's automatic advance, so the banner stays in view once its dot is chosen.
      const player = await newConfirmedPage(browser, { baseURL });
      await actAsVisitor(player, nextAddress());
      await steadyMotion(player);
      await player.goto('/');
      const carousel = player.getByTestId('banner-carousel');
      // The first banner also has a copy at the end of the track, for the loop.
      const image = carousel.getByRole('img', { name: title, includeHidden: true }).first();
      await expect(image).toBeAttached();
      await expect(image).toHaveAttribute('src', new RegExp(`${imageName.replaceAll('.', '\\.')}$`));
      const slides = carousel.locator('img');
      const titles = await slides.evaluateAll((images) =>
        images.map((element) => element.getAttribute('alt')),
      );
      const count = await carousel.getByRole('button', { name: /^Banner \d+ of \d+$/ }).count();
      const index = titles.indexOf(title);
      expect(index).toBeGreaterThanOrEqual(0);
      if (count > 1) await carousel.getByRole('button', { name: `Banner ${index + 1} of ${count}` }).click();
      await expect(image).toBeInViewport();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
      await screenshot(player, 'journey-home-banner');
      await player.close();
    } finally {
      await db.query(`delete from banners where title->>'EN' = $1`, [title]);
    }
  },
);
