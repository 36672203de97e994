import type { Page } from '@playwright/test';
import type pg from 'pg';
import { logInAsNewMember } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

// The back office's Games section against the real server: an operator puts one game under
// maintenance and marks another hot, and the player site follows at once.

/** A game of the sandbox vendor LAKAN that only this run knows, so that parallel projects never meet. */
async function insertGame(db: pg.Client, code: string, names: { EN: string; TY: string }): Promise<string> {
  const nodeId = `LAKAN_${code}`;
  await db.query(
    `insert into games (id, merchant_id, vendor_id, node_id, vassalage, game_type, game_code, names, icon_url)
     select $1, v.merchant_id, v.id, $2, 'LAKAN', 'RNG', $3, $4::jsonb, null
       from game_vendors v join merchants m on m.id = v.merchant_id
      where m.is_default and v.vassalage = 'LAKAN'`,
    [`e2e-${code}`, nodeId, code, JSON.stringify(names)],
  );
  return nodeId;
}

async function findInBackOffice(page: Page, text: string, nodeId: string) {
  const filters = page.getByRole('form', { name: 'Game filters' });
  await filters.getByLabel('Search').fill(text);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId(`game-row-${nodeId}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('games-table').locator('tbody tr')).toHaveCount(1);
  return row;
}

test(
  'an operator puts a game under maintenance and marks another hot; the player site follows',
  { tag: DESKTOP_ONLY },
  async ({ page, browser, baseURL, db }, testInfo) => {
    test.setTimeout(90_000);
    const suffix = `${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`;
    const maintenanceName = `Bagyo Fixing ${suffix}`;
    const hotName = `Kidlat Hot ${suffix}`;
    const maintenanceNode = await insertGame(db, `e2e-fix-${suffix}`, {
      EN: maintenanceName,
      TY: `Inaayos ${suffix}`,
    });
    const hotNode = await insertGame(db, `e2e-hot-${suffix}`, { EN: hotName, TY: `Sikat ${suffix}` });
    try {
      await signInAsNewOwner(page, db, 'games', testInfo.project.name);
      await openSection(page, 'Games');
      await expect(page.getByTestId('games-table').locator('tbody tr').first()).toBeVisible();

      const maintenanceRow = await findInBackOffice(page, maintenanceName, maintenanceNode);
      await maintenanceRow.getByLabel(`Status of ${maintenanceName}`).selectOption('maintenance');
      await expect(page.getByRole('status')).toContainText(`${maintenanceName}: Maintenance.`);
      await expect(maintenanceRow.getByLabel(`Status of ${maintenanceName}`)).toHaveValue('maintenance');

      const hotRow = await findInBackOffice(page, `sikat ${suffix}`, hotNode);
      await hotRow.getByRole('button', { name: `Hot: ${hotName}` }).click();
      await expect(page.getByRole('status')).toContainText(`${hotName} is now hot.`);
      await expect(hotRow.getByRole('button', { name: `Hot: ${hotName}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await screenshot(page, 'admin-games');

      // The editor shows the game's names per language and refuses an empty name next to the field.
      await hotRow.getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog');
      await expect(editor.getByLabel('Name in Tagalog')).toHaveValue(`Sikat ${suffix}`);
      await editor.getByLabel('Name in English').fill('   ');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor.getByText('Enter a name.')).toBeVisible();
      await screenshot(page, 'admin-games-editor');
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await expect(editor).toBeHidden();

      await page.getByRole('button', { name: 'Vendors', exact: true }).click();
      await expect(page.getByTestId('vendors-table').getByText('LAKAN', { exact: true })).toBeVisible();
      await screenshot(page, 'admin-games-vendors');
      await page.getByRole('button', { name: 'Categories', exact: true }).click();
      await expect(page.getByTestId('classify-table')).toBeVisible();
      await screenshot(page, 'admin-games-categories');

      // The game report joins the report picker.
      await openSection(page, 'Reports');
      await page.getByLabel('Report').selectOption('games-by-day');
      await expect(page.getByTestId('report-games-by-day')).toBeVisible();
      await page.getByLabel('Report').selectOption('games-by-vendor');
      await expect(page.getByTestId('report-games-by-vendor').locator('thead')).toContainText('GGR');
      // Bonuses belong to no one vendor: the help says where NGR is instead.
      await expect(page.getByTestId('report-help')).toContainText('GGR only');
      await screenshot(page, 'admin-reports-games');

      // The player site: the hot game in HOT, the maintenance one refused with the maintenance message.
      const player = await newConfirmedPage(browser, { baseURL });
      await logInAsNewMember(player, db, {
        prefix: 'gmp',
        projectName: testInfo.project.name,
        password: 'Games1234',
      });
      await player.goto('/');
      await player.getByTestId('category-menu').locator('[data-category="HOT"]').click();
      await expect(player.getByTestId('hot-games').locator(`[data-node-id="${hotNode}"]`)).toBeVisible();
      await player.getByTestId('home-search').fill(maintenanceName);
      const results = player.getByTestId('search-results');
      await expect(results.getByTestId('game-tile')).toHaveCount(1);
      await results.locator(`[data-node-id="${maintenanceNode}"]`).getByTestId('game-tile-play').click();
      const notice = player.getByTestId('game-maintenance');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('This game is under maintenance');
      await expect(player.getByTestId('game-popup')).toHaveCount(0);
      await screenshot(player, 'admin-games-player-maintenance');
      await player.close();
    } finally {
      await db.query('delete from games where node_id = any($1)', [[maintenanceNode, hotNode]]);
    }
  },
);

test(
  "an operator sets an in-house game's bet limits; a stake above them is refused in the game at once",
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, db }, testInfo) => {
    test.setTimeout(90_000);
    const nodeId = 'INHOUSE_dragon-tiger';
    try {
      await signInAsNewOwner(page, db, 'limits', testInfo.project.name);
      await openSection(page, 'Games');
      const row = await findInBackOffice(page, 'Dragon Tiger', nodeId);
      await row.getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog');
      await expect(editor.getByRole('group', { name: 'Bet limits' })).toBeVisible();
      await expect(editor.getByLabel('Maximum stake per bet (₱)')).toHaveValue('10000.00');
      await editor.getByLabel(/Use the defaults/).uncheck();
      await editor.getByLabel('Minimum stake per bet (₱)').fill('50');
      await editor.getByLabel('Maximum stake per bet (₱)').fill('20');
      await editor.getByLabel('Maximum win per round (₱)').fill('0');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor.getByText('At least the minimum stake.')).toBeVisible();
      await expect(editor.getByText('More than zero.')).toBeVisible();
      await screenshot(page, 'admin-games-bet-limits');
      await editor.getByLabel('Maximum stake per bet (₱)').fill('200');
      await editor.getByLabel('Maximum win per round (₱)').fill('5000');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toContainText('Dragon Tiger: saved.');
      const stored = await db.query<{ bet_limits: unknown }>(
        `select bet_limits from games g join merchants m on m.id = g.merchant_id
        where m.is_default and g.node_id = $1`,
        [nodeId],
      );
      expect(stored.rows[0]?.bet_limits).toEqual({ minStake: '5000', maxStake: '20000', maxWin: '500000' });

      // The game client, opened now, offers those limits and the server refuses a stake above them.
      const game = await page.context().newPage();
      const launched = await game.request.get(`/wps/game/launchGame?nodeId=${nodeId}&mode=demo&language=EN`);
      const url = ((await launched.json()) as { value: { url: string } }).value.url;
      await game.goto(url);
      await game.getByRole('button', { name: /^rules/i }).click();
      await expect(game.getByRole('dialog')).toContainText(
        'Bets from ₱50.00 to ₱200.00; maximum win ₱5,000.00',
      );
      await game.getByRole('button', { name: /close/i }).last().click();
      const opened = await game.evaluate(async () => {
        const response = await fetch('/wps/game/house/open', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mode: 'demo', gameCode: 'dragon-tiger' }),
        });
        const table = (await response.json()) as { value: { token: string } };
        const bet = await fetch('/wps/game/house/bet', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-game-token': table.value.token },
          body: JSON.stringify({ requestId: 'e2e-limit-1', bets: [{ kind: 'dragon', stake: '250.00' }] }),
        });
        return (await bet.json()) as {
          code: string;
          value: { fields: Record<string, string>; reasons: Record<string, string> };
        };
      });
      expect(opened.code).toBe('VALIDATION');
      expect(opened.value.reasons.stake).toBe('limit');
      await game.close();
    } finally {
      await db.query(
        `update games set bet_limits = null where node_id = $1
          and merchant_id = (select id from merchants where is_default)`,
        [nodeId],
      );
    }
  },
);
