import { hash } from '@node-rs/argon2';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type pg from 'pg';
import { logInAsNewMember } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { creditDeposit, moveMemberMoney, writeSettledRound } from '../ledger.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { setWhitelabelSwitch } from '../switches.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// Loyalty (docs/loyalty.md): members earn points by playing and redeem goods that an operator
// approves; rebates accrue and are claimed while members claim them (switch MANPLAYREB3), or an
// operator runs a closed day's automatic rebates at once, audited; and a member whose deposits and
// valid bet cross a level's thresholds is raised by the upgrade job and sees the label in the
// header. Beside a real round of our dice, the journeys write bets settled earlier through the
// test database, as a vendor's report brings them in: the stake and win through the ledger, the
// round into the bet record, whose triggers keep the rollups the jobs read.

const PASSWORD = 'Loyalty123';
const PAYMENT_PASSWORD = '246810';
/** The points and upgrade jobs run every minute; a pass may just have begun when the bets landed. */
const JOB_WAIT_MS = 120_000;
const JOB_POLL = { timeout: JOB_WAIT_MS, intervals: [1_000, 2_000, 5_000] };
/** Sandbox vendors' games of the demo (apps/vendor-sandbox): a slot-like coin toss and a live table. */
const COIN_TOSS = 'SAMPAGUITA_sampaguita-coin';
const LIVE_HIGH_CARD = 'LAKAN_lakan-live-high-card';

/**
 * Moments by the database's clock, as the server reads it, in the demo merchant's zone: a moment
 * earlier today (half an hour ago, or just after midnight when the day is younger), and the noon and
 * the day of a day some days back.
 */
async function merchantMoments(db: pg.Client, daysBack: number) {
  const { rows } = await db.query<{ earlier_today: Date; noon_back: Date; day_back: string }>(
    `select greatest(now() - interval '30 minutes',
                     (date_trunc('day', now() at time zone m.time_zone) at time zone m.time_zone)
                       + interval '1 second') as earlier_today,
            ((date_trunc('day', now() at time zone m.time_zone) - make_interval(days => $1))
               at time zone m.time_zone) + interval '12 hours' as noon_back,
            to_char(date_trunc('day', now() at time zone m.time_zone) - make_interval(days => $1), 'YYYY-MM-DD')
              as day_back
       from merchants m where m.is_default`,
    [daysBack],
  );
  const row = rows[0];
  if (!row) throw new Error('no default merchant');
  return { earlierToday: row.earlier_today, noonBack: row.noon_back, dayBack: row.day_back };
}

/** A six-digit payment password, hashed as the server hashes it, so that the member can seal a redeem. */
async function setPaymentPassword(db: pg.Client, memberId: string, password: string): Promise<void> {
  const paymentHash = await hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  await db.query('update members set payment_password_hash = $2 where id = $1', [memberId, paymentHash]);
}

/** A member's call with the page's session, as the page makes it: its answer's value. */
async function memberCall<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const token = sessionStorage.getItem('token');
    const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await response.json()) as { success: boolean; value: unknown };
    if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.value;
  }, path) as Promise<T>;
}

/** One round of our dice at ₱100, played from the member's session in a page of its own. */
async function playDice(page: Page, context: BrowserContext): Promise<void> {
  const game = await context.newPage();
  await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
  await game.getByRole('button', { name: '₱100', exact: true }).click();
  await expect(game.getByTestId('stake-value')).toContainText('100.00');
  await game.getByTestId('play').click();
  await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
  await game.close();
}

/** The member's picture once the header has the member's info (after a load it comes a moment later). */
async function memberScreenshot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await expect(page.getByTestId('balance-amount').first()).toContainText(/\d\.\d{2}/);
  await screenshot(page, name);
}

/** A back-office page at the desktop size (the back office is a desktop tool), signed in as a new owner. */
async function openBackOffice(
  browser: Browser,
  db: pg.Client,
  prefix: string,
  project: string,
): Promise<Page> {
  const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
  await signInAsNewOwner(operator, db, prefix, project);
  await openSection(operator, 'Loyalty');
  return operator;
}

test(
  'a member earns points by playing, redeems a bonus with the payment password, and an operator approves it',
  { tag: PHONE_ONLY },
  async ({ page, context, browser, db, consoleErrors }, testInfo) => {
    // Up to two minutes of it wait for the points job; the rest is the journey through the mall and the back office.
    test.setTimeout(240_000);
    const { account, memberId } = await logInAsNewMember(page, db, {
      prefix: 'pts',
      projectName: testInfo.project.name,
      password: PASSWORD,
      beforeLogIn: async (id) => {
        await moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 15_100_000, code: 'deposit' });
        await setPaymentPassword(db, id, PAYMENT_PASSWORD);
      },
    });

    // A dice round now (₱100 on our own games: 1 point), and ₱150,000 on the coin toss settled
    // earlier today (slots: 1 point per ₱100, 1,500 points). Today's: the daily rebate job pays
    // closed days, and a rebate's bonus would make the redeemed one wait its turn.
    await playDice(page, context);
    const { earlierToday } = await merchantMoments(db, 0);
    await writeSettledRound(db, {
      memberId,
      nodeId: COIN_TOSS,
      stakeMinor: 15_000_000,
      winMinor: 14_700_000,
      settledAt: earlierToday,
    });

    // The points job earns them within a minute or so.
    await expect
      .poll(async () => (await memberCall<{ points: number }>(page, '/wps/points/balance')).points, JOB_POLL)
      .toBe(1_501);
    await page.goto('/pointMall');
    await expect(page.getByTestId('points-balance-figure')).toHaveText('1,501');
    await memberScreenshot(page, 'loyalty-points-earned');
    await page.goto('/pointMall?tab=details');
    // One record per day and game type: the coin toss's and the dice round's.
    await expect(page.getByTestId('point-record')).toHaveCount(2);
    await memberScreenshot(page, 'loyalty-points-details');

    // The member redeems the ₱20 bonus for 1,500 points, sealed with the payment password.
    await page.goto('/pointMall');
    const goods = page
      .getByTestId('goods-card')
      .filter({ has: page.getByRole('heading', { name: '₱20 bonus', exact: true }) });
    await goods.getByTestId('goods-redeem').click();
    const dialog = page.getByTestId('redeem-dialog');
    await expect(dialog.getByTestId('redeem-total')).toHaveText('1,500 points');
    await dialog.getByTestId('redeem-payment-password').fill(PAYMENT_PASSWORD);
    // A window crossing the side column's width (1,280 px) keeps the dialog open, as it was typed in.
    const size = page.viewportSize();
    if (size) {
      await page.setViewportSize({ width: size.width >= 1280 ? 1200 : 1440, height: size.height });
      await expect(page.getByTestId('point-mall-side')).toHaveCount(size.width >= 1280 ? 0 : 1);
      await page.setViewportSize(size);
      await expect(page.getByTestId('point-mall-side')).toHaveCount(size.width >= 1280 ? 1 : 0);
    }
    await expect(dialog.getByTestId('redeem-payment-password')).toHaveValue(PAYMENT_PASSWORD);
    await screenshot(page, 'loyalty-redeem-form', { fullPage: false });
    await dialog.getByTestId('redeem-submit').click();
    const done = dialog.getByTestId('redeem-done');
    await expect(done).toContainText(/PM\d{14}/);
    const reference = /PM\d{14}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
    await screenshot(page, 'loyalty-redeem-done', { fullPage: false });
    await done.getByRole('button', { name: 'See redeem history' }).click();
    await expect(page.getByTestId('redeem-record')).toHaveAttribute('data-status', 'processing');
    await expect(page.getByTestId('points-balance-figure')).toHaveText('1');

    // An operator approves it from the redeem queue: the bonus is granted.
    const operator = await openBackOffice(browser, db, 'ptsop', testInfo.project.name);
    await operator
      .getByRole('navigation', { name: 'Loyalty views' })
      .getByRole('button', { name: 'Redeems' })
      .click();
    await operator.getByLabel('Search redeems').fill(account);
    const row = operator.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Processing');
    await row.getByRole('button', { name: 'Approve…' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Approve and pay' }).click();
    await expect(operator.getByText(`Approved ${reference}: ₱20.00 bonus`)).toBeVisible();
    await expect(row).toContainText('Approved');
    await screenshot(operator, 'admin-loyalty-redeem-approved');
    await operator.close();
    const bonus = await db.query<{ amount_minor: string; status: string }>(
      `select amount_minor::text, status from member_bonuses where member_id = $1 and source = 'points'`,
      [memberId],
    );
    expect(bonus.rows).toEqual([{ amount_minor: '2000', status: 'active' }]);

    // The member sees it approved in the redeem history.
    await page.goto('/pointMall?tab=history');
    await expect(page.getByTestId('redeem-record')).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('redeem-record')).toContainText(reference);
    await memberScreenshot(page, 'loyalty-redeem-approved');
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'a member sees the rebate accrue while members claim it, and claims it into the bonus wallet',
  { tag: [MERCHANT_WIDE, PHONE_ONLY] },
  async ({ page, context, db, baseURL, consoleErrors }, testInfo) => {
    test.setTimeout(120_000);
    const { memberId } = await logInAsNewMember(page, db, {
      prefix: 'reb',
      projectName: testInfo.project.name,
      password: PASSWORD,
      beforeLogIn: (id) =>
        moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 500_000, code: 'deposit' }),
    });

    // ₱100 on our dice now, and ₱2,000 on a live table settled earlier today.
    await playDice(page, context);
    const { earlierToday } = await merchantMoments(db, 0);
    await writeSettledRound(db, {
      memberId,
      nodeId: LIVE_HIGH_CARD,
      stakeMinor: 200_000,
      winMinor: 100_000,
      settledAt: earlierToday,
    });

    const wasManual = await setWhitelabelSwitch(db, baseURL ?? '', 'MANPLAYREB3', true);
    try {
      // What accrued counts bets settled until 10 seconds ago: the dice round, settled a moment
      // ago, joins it then.
      await expect
        .poll(
          async () => {
            const accrued = await memberCall<{ mode: string; lines: { gameType: string }[] }>(
              page,
              '/wps/rebate/accrued',
            );
            return [accrued.mode, ...accrued.lines.map((line) => line.gameType).sort()];
          },
          { timeout: 30_000, intervals: [1_000] },
        )
        .toEqual(['manual', 'INHOUSE', 'LIVE']);

      // The member menu offers the manual rebate while members claim it.
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Manual rebate' }).click();
      const rebatePage = page.getByTestId('manual-rebate-page');
      await expect(rebatePage).toBeVisible();

      // What accrued by game type at the merchant's rates: 0.50 % of ₱2,000 live, 0.80 % of ₱100 in-house.
      const line = (gameType: string) =>
        rebatePage.locator(`[data-testid="rebate-line"][data-game-type="${gameType}"]:visible`);
      await expect(line('LIVE')).toContainText('₱2,000.00');
      await expect(line('LIVE')).toContainText('0.5%');
      await expect(line('LIVE')).toContainText('₱10.00');
      await expect(line('INHOUSE')).toContainText('₱100.00');
      await expect(line('INHOUSE')).toContainText('₱0.80');
      await expect(page.getByTestId('rebate-total')).toHaveText('₱10.80');
      await memberScreenshot(page, 'loyalty-rebate-accrued');

      // Claimed at once into the bonus wallet; the next claim waits for the interval.
      await page.getByTestId('rebate-claim-submit').click();
      await expect(page.getByTestId('rebate-claimed')).toContainText('₱10.80 went to your bonus wallet');
      await expect(page.getByTestId('rebate-countdown')).toBeVisible();
      await expect(page.getByTestId('rebate-claim-submit')).toBeDisabled();
      const history = page.getByTestId('rebate-history');
      await expect(history.getByRole('listitem')).toHaveCount(1);
      await expect(history).toContainText('Claimed');
      await expect(history).toContainText('₱10.80');
      await memberScreenshot(page, 'loyalty-rebate-claimed');
      const payouts = await db.query<{ mode: string; amount_minor: string; status: string; source: string }>(
        `select p.mode, p.amount_minor::text, p.status, b.source from rebate_payouts p
           join member_bonuses b on b.id = p.bonus_id where p.member_id = $1`,
        [memberId],
      );
      expect(payouts.rows).toEqual([
        { mode: 'manual', amount_minor: '1080', status: 'paid', source: 'rebate' },
      ]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await setWhitelabelSwitch(db, baseURL ?? '', 'MANPLAYREB3', wasManual);
    }
  },
);

test(
  "an operator runs a closed day's rebates now, the run is audited, and the member is paid",
  { tag: DESKTOP_ONLY },
  async ({ page, browser, db, consoleErrors }, testInfo) => {
    test.setTimeout(120_000);
    // A day older than the daily job's week of catching up: only an operator's run pays it.
    const { noonBack, dayBack } = await merchantMoments(db, 10);
    const { account, memberId } = await logInAsNewMember(page, db, {
      prefix: 'run',
      projectName: testInfo.project.name,
      password: PASSWORD,
      beforeLogIn: async (id) => {
        await moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 200_000, code: 'deposit' });
        // ₱1,000 on the coin toss that day: 0.80 % is ₱8.00.
        await writeSettledRound(db, {
          memberId: id,
          nodeId: COIN_TOSS,
          stakeMinor: 100_000,
          winMinor: 50_000,
          settledAt: noonBack,
        });
      },
    });

    const operator = await openBackOffice(browser, db, 'runop', testInfo.project.name);
    await operator
      .getByRole('navigation', { name: 'Loyalty views' })
      .getByRole('button', { name: 'Rebates' })
      .click();
    const run = operator.getByRole('form', { name: 'Run a closed day' });
    await run.getByLabel('Closed day').fill(dayBack);
    await run.getByRole('button', { name: 'Run the closed day now…' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Run the day' }).click();
    // The run pays while the daily job may be paying other days: a first run after the server
    // starts can wait for it.
    await expect(
      operator.getByText(new RegExp(`^${dayBack} ran: ₱[\\d,.]+ paid to \\d+ members? as rebate bonuses`)),
    ).toBeVisible({ timeout: 30_000 });
    await operator.getByLabel('Search by account').fill(account);
    const payout = operator.getByRole('row').filter({ hasText: account });
    await expect(payout).toContainText('₱8.00');
    await expect(payout).toContainText('Daily');
    await screenshot(operator, 'admin-loyalty-rebate-run');

    // The run is in the audit log with what it paid.
    await operator.getByRole('link', { name: 'Audit' }).click();
    await operator.getByLabel('Action').fill('rebate.run');
    await operator.getByRole('button', { name: 'Apply' }).click();
    const entry = operator.locator('.table tbody tr').filter({ hasText: 'rebate.run' }).first();
    await expect(entry).toContainText(dayBack);
    await operator.getByRole('button', { name: 'Before and after of rebate.run' }).first().click();
    await expect(operator.getByRole('table', { name: 'Changes of rebate.run' })).toContainText(dayBack);
    await screenshot(operator, 'admin-loyalty-rebate-run-audit');
    await operator.close();
    const audit = await db.query<{ after: { day: string; paid: number } }>(
      `select a.after from audit_log a join merchants m on m.id = a.merchant_id
        where m.is_default and a.action = 'rebate.run' and a.target_id = m.id || ':' || $1`,
      [dayBack],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.after.paid).toBeGreaterThanOrEqual(1);
    const payouts = await db.query<{ day: string; amount_minor: string }>(
      `select day::text, amount_minor::text from rebate_payouts where member_id = $1`,
      [memberId],
    );
    expect(payouts.rows).toEqual([{ day: dayBack, amount_minor: '800' }]);

    // The member finds the rebate as a bonus of ₱8.00 in their promotions.
    await page.goto('/member?page=myPromotions');
    await expect(page.getByTestId('bonus-card')).toHaveAttribute('data-status', 'active');
    await expect(page.getByTestId('my-bonus-balance')).toContainText('8.00');
    await memberScreenshot(page, 'loyalty-rebate-run-bonus');
    expect(consoleErrors).toEqual([]);
  },
);

test('a member crossing a level’s thresholds is raised by the job, sees the label in the header and the way to the next level', async ({
  page,
  db,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(180_000);
  const { memberId } = await logInAsNewMember(page, db, {
    prefix: 'vip',
    projectName: testInfo.project.name,
    password: PASSWORD,
  });
  await page.goto('/vip');
  await expect(page.getByTestId('vip-my-level-name')).toHaveText('No VIP level yet');
  await expect(page.getByTestId('header-vip-label')).toHaveCount(0);
  await memberScreenshot(page, 'loyalty-vip-before');

  // ₱2,000 deposited and five rounds of ₱1,000 settled earlier today: Bronze (VIP1) asks for
  // ₱1,000 of deposits and ₱5,000 of valid bet.
  await creditDeposit(db, { memberId, amountMinor: 200_000 });
  const { earlierToday } = await merchantMoments(db, 0);
  for (let round = 0; round < 5; round += 1) {
    await writeSettledRound(db, {
      memberId,
      nodeId: COIN_TOSS,
      stakeMinor: 100_000,
      winMinor: 90_000,
      settledAt: earlierToday,
    });
  }

  // The upgrade job raises the member; the socket's vip event refreshes the page and the header.
  await expect(page.getByTestId('vip-my-level-name')).toHaveText('VIP1 Bronze', { timeout: JOB_WAIT_MS });
  if (testInfo.project.name === 'phone') {
    // A phone's header keeps its room for the balance: the label is in the member menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
  }
  await expect(page.locator('[data-testid="header-vip-label"]:visible')).toHaveText('VIP1');
  await screenshot(page, 'loyalty-vip-raised-header');
  if (testInfo.project.name === 'phone') await page.keyboard.press('Escape');

  // The way to Silver (VIP2: ₱5,000 and ₱25,000).
  const next = page.getByTestId('vip-next');
  await expect(next).toContainText('VIP2 Silver');
  await expect(next.getByTestId('vip-progress-deposit')).toContainText('₱2,000.00 of ₱5,000.00');
  await expect(next.getByTestId('vip-progress-validBet')).toContainText('₱5,000.00 of ₱25,000.00');
  await expect(next.getByTestId('vip-missing')).toHaveText(
    'Deposit ₱3,000.00 more and bet ₱20,000.00 more to reach VIP2 Silver.',
  );
  await memberScreenshot(page, 'loyalty-vip-raised');
  const gifts = await db.query<{ key: string; status: string }>(
    'select key, status from vip_gifts where member_id = $1',
    [memberId],
  );
  expect(gifts.rows).toEqual([{ key: `upgrade:${memberId}:1`, status: 'granted' }]);

  if (testInfo.project.name !== 'phone') {
    // The desktop header with the label, the member's buttons and the game types fits 1,440 and
    // 1,280 px in both languages, Tagalog's longer names included: no sideways scroll.
    for (const language of ['TY', 'EN']) {
      await page.addInitScript((code) => localStorage.setItem('language', code), language);
      await page.reload();
      await expect(page.locator('[data-testid="header-vip-label"]:visible')).toHaveText('VIP1');
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect
          .poll(
            () =>
              page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              ),
            {
              message: `${language} at ${width} px`,
            },
          )
          .toBeLessThanOrEqual(0);
      }
    }
  }
  expect(consoleErrors).toEqual([]);
});
