import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { actAsVisitor, nextAddress, skipMemberPopup } from '../accounts.ts';
import { insertTeam, logInAtAgentPage, maskedAccount } from '../agents.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY } from '../tags.ts';

// Agent contracts (docs/contracts.md): a top-level agent holding a daily salary from the platform
// offers its sub-agent a daily salary at a lower rate; the sub-agent accepts it in the contract
// modal that greets it at login. The day the contracts are in force is then closed: the journey
// stands in for the day having passed by dating both contracts from yesterday and writing a bet of
// the sub-agent's player settled yesterday, as a vendor's report would bring it. Once the team
// rollup job has summed that day, an operator settles yesterday's daily cycle in the back office,
// and each agent sees its settlement and the money moved: the platform paid the agent 1 % of the
// team's valid bet, and the agent paid its sub-agent 0.5 % of it from that.
//
// Desktop only: the merchant's daily cycle of yesterday settles once for every contract of the
// merchant, so the journey runs in one project.

const PASSWORD = 'Contract123';
/** The team rollup job runs every minute; a pass may just have started when the bet was written. */
const ROLLUP_WAIT_MS = 90_000;
/** ₱1,000.00 staked by the sub-agent's player yesterday. */
const STAKE_MINOR = 100_000;

type Day = { today: Date; yesterday: Date; yesterdayNoon: Date; yesterdayText: string };

/** The merchant's today and yesterday (Asia/Manila), by the database's clock as the server reads it. */
async function manilaDays(db: pg.Client): Promise<Day> {
  const { rows } = await db.query<{ today: Date; yesterday: Date; yesterday_text: string }>(
    `select (date_trunc('day', now() at time zone 'Asia/Manila')) at time zone 'Asia/Manila' as today,
            (date_trunc('day', now() at time zone 'Asia/Manila') - interval '1 day') at time zone 'Asia/Manila'
              as yesterday,
            to_char(date_trunc('day', now() at time zone 'Asia/Manila') - interval '1 day', 'YYYY-MM-DD')
              as yesterday_text`,
  );
  const row = rows[0];
  if (!row) throw new Error('no answer from the database clock');
  return {
    today: row.today,
    yesterday: row.yesterday,
    yesterdayNoon: new Date(row.yesterday.getTime() + 12 * 3_600_000),
    yesterdayText: row.yesterday_text,
  };
}

async function cashMinorOf(db: pg.Client, memberId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>(
    `select balance_minor::text as balance from ledger_accounts where owner_id = $1 and kind = 'player_cash'`,
    [memberId],
  );
  return Number(rows[0]?.balance ?? 0);
}

/** An agent's contract page of a kind, through the agent login. */
async function openDailyPage(page: Page, memberId: string, account: string): Promise<void> {
  await actAsVisitor(page, nextAddress());
  await skipMemberPopup(page, memberId);
  await logInAtAgentPage(page, account, PASSWORD);
  await expect(page).toHaveURL(/\/agentHome/);
}

test(`an upline offers a daily salary, the downline accepts it in the contract modal, and a closed day is settled and paid ${DESKTOP_ONLY}`, async ({
  page,
  context,
  db,
}, testInfo) => {
  test.setTimeout(240_000);
  const team = await insertTeam(db, {
    prefix: 'ctr',
    projectName: testInfo.project.name,
    password: PASSWORD,
  });
  const days = await manilaDays(db);
  const { rows: merchants } = await db.query<{ merchant_id: string }>(
    'select merchant_id from members where id = $1',
    [team.agent.id],
  );
  const merchantId = merchants[0]?.merchant_id ?? '';
  // The agent's own daily salary from the platform, signed today: 1 % from one active member and
  // ₱100.00 of the team's valid bet (the demo template allows up to 1 %).
  await db.query(
    `insert into agent_contracts (id, merchant_id, kind, period, upline_id, downline_id, version, tiers, rate_bp,
       status, signed_at, starts_at)
     values ($1, $2, 'daily', 'D', null, $3, 1, $4, 100, 'active', $5, $5)`,
    [
      randomUUID(),
      merchantId,
      team.agent.id,
      JSON.stringify([{ activeMembers: 1, minBaseMinor: '10000', rateBp: 100 }]),
      days.today,
    ],
  );

  // The agent offers its sub-agent 0.5 % on the same terms, from its daily salary page.
  await openDailyPage(page, team.agent.id, team.agent.account);
  await page.goto('/agentHome?page=agentDailyWages2');
  const agentPage = page.getByTestId('contract-page-daily');
  await expect(agentPage.getByTestId('my-contract')).toBeVisible();
  const downline = agentPage
    .locator('[data-testid="contract-downline"]:visible')
    .filter({ hasText: maskedAccount(team.subagent.account) });
  await expect(downline).toHaveCount(1);
  await downline.getByTestId('downline-offer-contract').click();
  const form = page.getByTestId('offer-contract');
  await expect(form.getByTestId('offer-max-rate')).toContainText('1.00');
  const tier = form.getByTestId('offer-tier-row').first();
  await tier.getByTestId('offer-tier-members').fill('1');
  await tier.getByTestId('offer-tier-base').fill('100.00');
  await tier.getByTestId('offer-tier-rate').fill('0.50');
  await screenshot(page, 'agent-contract-offer-form');
  await form.getByTestId('offer-contract-send').click();
  await expect(form).toBeHidden();
  await expect(agentPage.getByTestId('contract-offers').getByTestId('contract-offer')).toHaveCount(1);

  // The sub-agent logs in: the contract modal lists the offer, and the sub-agent accepts it there.
  const sub = await context.newPage();
  await openDailyPage(sub, team.subagent.id, team.subagent.account);
  const modal = sub.getByTestId('contract-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('contract-offer')).toHaveCount(1);
  await screenshot(sub, 'agent-contract-modal');
  await modal.getByTestId('offer-accept').click();
  await sub.getByTestId('offer-decision-confirm').click();
  await expect
    .poll(async () => {
      const { rows } = await db.query<{ rate_bp: number }>(
        `select rate_bp from agent_contracts where downline_id = $1 and kind = 'daily' and status = 'active'`,
        [team.subagent.id],
      );
      return rows[0]?.rate_bp ?? null;
    })
    .toBe(50);

  // The day passes: both contracts are dated from yesterday, and the sub-agent's player has a bet
  // of ₱1,000.00 settled yesterday noon (the bet record's triggers add it to the member rollups).
  const { rows: games } = await db.query<{ id: string; vendor_id: string }>(
    `select g.id, g.vendor_id from games g where g.merchant_id = $1 and g.vendor_id is not null
     order by g.id limit 1`,
    [merchantId],
  );
  const game = games[0];
  expect(game).toBeDefined();
  await db.query('begin');
  try {
    await db.query(
      `update agent_contracts set signed_at = $2, starts_at = $2
       where downline_id in ($1, $3) and kind = 'daily' and status = 'active'`,
      [team.agent.id, days.yesterday, team.subagent.id],
    );
    const roundId = randomUUID();
    await db.query(
      `insert into game_rounds (id, merchant_id, member_id, game_id, vendor_id, vendor_round_id, currency,
         stake_minor, win_minor, status, opened_at, settled_at)
       values ($1, $2, $3, $4, $5, $1, 'PHP', $6, 0, 'settled', $7, $7)`,
      [roundId, merchantId, team.grandchild.id, game?.id, game?.vendor_id, STAKE_MINOR, days.yesterdayNoon],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }

  // The team rollup job sums yesterday for the sub-agent's team.
  await expect
    .poll(
      async () => {
        const { rows } = await db.query<{ valid: string }>(
          `select coalesce(sum(valid_bet_minor), 0)::text as valid from team_bet_days
           where agent_id = $1 and day = $2::date`,
          [team.subagent.id, days.yesterdayText],
        );
        return Number(rows[0]?.valid ?? 0);
      },
      { timeout: ROLLUP_WAIT_MS, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(STAKE_MINOR);

  // An operator settles yesterday's daily cycle now. The daily job may have settled it first (it
  // looks every quarter hour); either way the cycle is settled once.
  const operator = await context.newPage();
  await signInAsNewOwner(operator, db, 'contracts', testInfo.project.name);
  await openSection(operator, 'Contracts');
  await operator
    .getByRole('navigation', { name: 'Contracts views' })
    .getByRole('button', { name: 'Settlement runs' })
    .click();
  await operator
    .getByRole('navigation', { name: 'Kind' })
    .getByRole('button', { name: 'Daily salary' })
    .click();
  const pick = operator.getByRole('region', { name: 'Preview or settle a cycle' });
  await pick.getByLabel('A day in the cycle (merchant time)').fill(days.yesterdayText);
  await pick.getByRole('button', { name: 'Preview' }).click();
  await expect(
    pick.getByText(maskedAccount(team.subagent.account)).or(pick.getByText(team.subagent.account)).first(),
  ).toBeVisible();
  await pick.getByRole('button', { name: 'Settle now…' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Settle now' }).click();
  await expect(pick.getByText(/Settled .*settlements|was settled already/)).toBeVisible();
  await screenshot(operator, 'admin-contract-settle-now');

  // The money moved: the platform paid the agent ₱10.00, the agent paid its sub-agent ₱5.00.
  await expect.poll(() => cashMinorOf(db, team.subagent.id)).toBe(500);
  expect(await cashMinorOf(db, team.agent.id)).toBe(500);

  // Each agent sees the settlement on its daily salary page: received, and paid below.
  await sub.goto('/agentHome?page=agentDailyWages2');
  const subPage = sub.getByTestId('contract-page-daily');
  const received = subPage.locator('[data-testid="contract-settlement"]:visible');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText('5.00');
  await screenshot(sub, 'agent-contract-settled');

  await page.reload();
  const paid = agentPage.locator('[data-testid="contract-settlement"]:visible');
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('10.00');
  await agentPage.getByRole('tab', { name: 'Paid to my downlines' }).click();
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('5.00');
});
