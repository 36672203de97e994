import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { logInAsNewMember } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { moveMemberMoney, writeSettledRound } from '../ledger.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// Missions and leaderboards (docs/missions.md): an operator creates a mission in the back office's
// form and a leaderboard and a ticket mission through its routes; the member's bets, written as
// settled earlier today through the test database, complete the missions, which the member claims
// from the page (cash, then a ticket of a prize table); the operator closes the leaderboard's
// period early (audited) and the member's prize is paid, once.

const PASSWORD = 'Missions123';
/** Sandbox vendors' games of the demo (apps/vendor-sandbox): a slot-like coin toss and a live table. */
const COIN_TOSS = 'SAMPAGUITA_sampaguita-coin';
const LIVE_HIGH_CARD = 'LAKAN_lakan-live-high-card';
const PAGE_LOAD = { timeout: 15_000 };

/** A moment earlier today in the demo merchant's zone (half an hour ago, or just after midnight). */
async function earlierToday(db: pg.Client): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(
    `select greatest(now() - interval '30 minutes',
                     (date_trunc('day', now() at time zone m.time_zone) at time zone m.time_zone)
                       + interval '1 second') as at
       from merchants m where m.is_default`,
  );
  const row = rows[0];
  if (!row) throw new Error('no default merchant');
  return row.at;
}

type Envelope = { success: boolean; code?: string; value?: Record<string, unknown> & { id?: string } };

/** A back-office call with the operator page's session, as the back office makes it. */
function backOfficeCall(operator: Page, method: string, path: string, body?: unknown): Promise<Envelope> {
  return operator.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('panalo.admin.token');
      const response = await fetch(path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Envelope;
    },
    { method, path, body },
  );
}

test(
  'a member claims a done mission, and wins a leaderboard prize when an operator closes the period early',
  { tag: [MERCHANT_WIDE, PHONE_ONLY] },
  async ({ page, browser, db, consoleErrors }, testInfo) => {
    // Two languages and an operator's session: more than a journey's usual time.
    test.setTimeout(240_000);
    const { account, memberId } = await logInAsNewMember(page, db, {
      prefix: 'msn',
      projectName: testInfo.project.name,
      password: PASSWORD,
      beforeLogIn: (id) =>
        moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 200_100_000, code: 'deposit' }),
    });
    // Two rounds earlier today: over ₱1,000,000 at the live table (most of it won back), more for a
    // later run of the journey so that its member leads today's live bets, and ₱100 on the coin toss.
    const settledAt = await earlierToday(db);
    const liveStakeMinor = 100_000_000 + (Math.floor(Date.now() / 1000) % 1_000_000) * 100;
    await writeSettledRound(db, {
      memberId,
      nodeId: LIVE_HIGH_CARD,
      stakeMinor: liveStakeMinor,
      winMinor: liveStakeMinor - 1_000_000,
      settledAt,
    });
    await writeSettledRound(db, { memberId, nodeId: COIN_TOSS, stakeMinor: 10_000, winMinor: 0, settledAt });

    const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
    await signInAsNewOwner(operator, db, 'msnop', testInfo.project.name);
    const merchant = await db.query<{ id: string }>('select id from merchants where is_default');
    const merchantId = merchant.rows[0]?.id;
    const since = new Date(Date.now() - 86_400_000).toISOString();
    // The mission through the back office's form: a field left wrong is named next to it.
    await openSection(operator, 'Missions');
    await operator.getByRole('button', { name: 'New mission' }).click();
    const form = operator.getByRole('form', { name: 'New mission' });
    await form.getByLabel('Name · Tagalog (TY, default)').fill(`Maglaro ng 2 round (${account})`);
    await form.getByLabel('Name · English (EN)').fill(`Play 2 rounds (${account})`);
    await form.getByRole('textbox', { name: 'Rounds' }).fill('2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.locator('[data-field-error="reward"]')).toBeVisible();
    await form.getByLabel('Amount (₱)').fill('3');
    await screenshot(operator, 'admin-mission-form');
    await operator.setViewportSize({ width: 390, height: 844 });
    await screenshot(operator, 'admin-mission-form-narrow');
    await operator.setViewportSize({ width: 1440, height: 900 });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(operator.getByText('Mission added.')).toBeVisible();
    const row = operator
      .getByTestId('missions-table')
      .getByRole('row', { name: `Play 2 rounds (${account})` });
    await expect(row).toContainText('₱3.00 cash');
    const created = await db.query<{ id: string }>('select id from missions where name_en = $1', [
      `Play 2 rounds (${account})`,
    ]);
    const mission = { value: { id: created.rows[0]?.id } };

    // A mission that gives a ticket of a prize table.
    const tableId = `e2e-${randomBytes(8).toString('hex')}`;
    await db.query(
      `insert into reward_prize_tables (id, merchant_id, kind, names, version, active, sort, created_at, updated_at)
       select $1, id, 'wheel', $2, 1, true, -1000, now(), now() from merchants where is_default`,
      [tableId, JSON.stringify({ TY: `Gulong ${account}`, EN: `Wheel ${account}` })],
    );
    const ticketMission = await backOfficeCall(operator, 'POST', '/bo/missions', {
      merchantId,
      nameTy: `Isang round, isang tiket (${account})`,
      nameEn: `One round, one ticket (${account})`,
      period: 'daily',
      task: 'rounds',
      gameType: null,
      target: '1',
      rewardKind: 'ticket',
      reward: '0.00',
      multiplier: null,
      rewardTableId: tableId,
      rewardTickets: 1,
      startsAt: since,
      endsAt: null,
      enabled: true,
      sortOrder: 0,
    });
    expect(ticketMission.success).toBe(true);
    const board = await backOfficeCall(operator, 'POST', '/bo/leaderboards', {
      merchantId,
      nameTy: `Paligsahan sa live (${account})`,
      nameEn: `Live race (${account})`,
      metric: 'validBet',
      gameType: 'LIVE',
      period: 'daily',
      startsAt: since,
      endsAt: null,
      prizes: [
        { rank: 1, kind: 'cash', amount: '100.00', multiplier: null },
        { rank: 2, kind: 'cash', amount: '50.00', multiplier: null },
        { rank: 3, kind: 'cash', amount: '25.00', multiplier: null },
      ],
      enabled: true,
    });
    expect(board.success).toBe(true);
    const boardId = board.value?.id ?? '';
    try {
      // The summary: the mission done, the leaderboard's standing with the time left.
      await page.goto('/member?page=missionLeaderboard');
      const card = page.getByTestId('mission-card').filter({ hasText: `Play 2 rounds (${account})` });
      await expect(card).toContainText('2 of 2 rounds', PAGE_LOAD);
      const standing = page.getByTestId('leaderboard-standing').filter({ hasText: `Live race (${account})` });
      await expect(standing).toContainText(/Ends in (\d{1,2}:)?\d{1,2}:\d{2}/);
      await expect(standing.getByTestId('my-rank')).toHaveText(/^#\d+$/);
      const ticketCard = page
        .getByTestId('mission-card')
        .filter({ hasText: `One round, one ticket (${account})` });
      await expect(ticketCard).toContainText(`Reward: 1 ticket for Wheel ${account}`);
      await screenshot(page, 'missions-summary');
      await ticketCard.getByTestId('mission-claim').click();
      await expect(ticketCard.getByTestId('mission-claim-paid')).toHaveText(
        '1 ticket is yours. Use it in the Reward center.',
      );
      const tickets = await db.query(
        `select id from reward_tickets where member_id = $1 and table_id = $2 and source = 'mission'`,
        [memberId, tableId],
      );
      expect(tickets.rowCount).toBe(1);

      // The claim pays ₱3.00 once; the card says so and turns to claimed.
      await card.getByTestId('mission-claim').click();
      await expect(card.getByTestId('mission-claim-paid')).toHaveText('₱3.00 is yours.');
      await expect(card.getByTestId('mission-claimed')).toBeVisible();
      const claims = await db.query(
        'select id from mission_claims where member_id = $1 and mission_id = $2',
        [memberId, mission.value.id],
      );
      expect(claims.rowCount).toBe(1);

      // The leaderboard: the member among the top, names masked.
      await standing.getByRole('button', { name: 'See the leaderboard' }).click();
      const leaderboard = page.getByTestId('leaderboard');
      await expect(leaderboard.getByTestId('rank-me')).toBeVisible(PAGE_LOAD);
      await expect(leaderboard.getByTestId('rank-me')).toContainText(
        `${account.slice(0, 2)}***${account.slice(-1)}`,
      );
      await screenshot(page, 'missions-leaderboard');

      // The operator closes the period now: audited, the member's prize paid, and a second close refused.
      const closed = await backOfficeCall(operator, 'POST', `/bo/leaderboards/${boardId}/close`);
      expect(closed.success).toBe(true);
      const paid = ((closed.value?.paid ?? []) as { memberId: string; amount: string }[]).find(
        (row) => row.memberId === memberId,
      );
      expect(paid).toBeDefined();
      const again = await backOfficeCall(operator, 'POST', `/bo/leaderboards/${boardId}/close`);
      expect(again.code).toBe('CONFLICT');
      const audit = await db.query(
        `select id from audit_log where action = 'leaderboard.close' and target_id = $1`,
        [boardId],
      );
      expect(audit.rowCount).toBe(1);
      const prizes = await db.query<{ amount_minor: string }>(
        `select t.amount_minor from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
          where t.code = 'leaderboard_prize' and a.owner_id = $1`,
        [memberId],
      );
      expect(prizes.rows.map((row) => Number(row.amount_minor) / 100)).toEqual([Number(paid?.amount)]);

      await page.reload();
      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      await expect(page.getByTestId('leaderboard')).toBeVisible(PAGE_LOAD);
      const chip = page.getByRole('tab', { name: `Live race (${account})` });
      if (await chip.isVisible()) await chip.click();
      await expect(page.getByTestId('leaderboard-countdown')).toHaveText('Closed, prizes paid', PAGE_LOAD);
      await screenshot(page, 'missions-leaderboard-closed');

      // The same page in Tagalog (added after the visitor's English, this init script wins).
      await page.addInitScript(() => localStorage.setItem('language', 'TY'));
      await page.goto('/member?page=missionLeaderboard');
      const tagalogCard = page
        .getByTestId('mission-card')
        .filter({ hasText: `Maglaro ng 2 round (${account})` });
      await expect(tagalogCard).toContainText('Nakuha na', PAGE_LOAD);
      await expect(
        page.getByTestId('mission-card').filter({ hasText: `Isang round, isang tiket (${account})` }),
      ).toContainText(`Gantimpala: 1 tiket para sa Gulong ${account}`);
      await screenshot(page, 'missions-summary-ty');
      await page.getByRole('tab', { name: 'Talaan ng nangunguna' }).click();
      await expect(page.getByTestId('leaderboard')).toBeVisible(PAGE_LOAD);
      const tagalogChip = page.getByRole('tab', { name: `Paligsahan sa live (${account})` });
      if (await tagalogChip.isVisible()) await tagalogChip.click();
      await expect(page.getByTestId('leaderboard-countdown')).toHaveText(
        'Sarado na, naibigay na ang mga premyo',
        PAGE_LOAD,
      );
      await screenshot(page, 'missions-leaderboard-ty');
      expect(consoleErrors).toEqual([]);
    } finally {
      await operator.close();
      await db.query('update missions set enabled = false where id = any($1)', [
        [mission.value.id, ticketMission.value?.id],
      ]);
      await db.query('update reward_prize_tables set active = false where id = $1', [tableId]);
      await db.query('update leaderboards set enabled = false where id = $1', [boardId]);
    }
  },
);
