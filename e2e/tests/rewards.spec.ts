import { createHash, createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { logInAsNewMember } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// The reward centre (member centre page rewardCenter): a member with a ticket spins the prize wheel,
// sees the prize, finds it in the balance and the statement, and after changing the seed pair in a
// house game verifies the draw; a member opens an envelope of an open red-envelope drop, sees the
// amount, and once the drop has ended verifies the split. The prize table and the drop are written
// through the test database as an operator's save would leave them; the journeys that do are
// merchant-wide, since every member of the demo sees the merchant's tables and drops, and they take
// them away again at the end.

const PASSWORD = 'Rewards123';
/**
 * The centre's tables and drops load after its own chunk and the member centre's: on a busy machine
 * that chain takes longer than an assertion's usual wait.
 */
const CENTRE_LOAD = { timeout: 30_000 };

/** SHA-256 hex of a text's UTF-8 bytes. */
function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const newId = () => `e2e-${randomBytes(8).toString('hex')}`;

type Names = { TY: string; EN: string };
type TablePrize = {
  name: Names;
  kind: 'cash' | 'bonus' | 'points' | 'none';
  amount: string | null;
  points: number | null;
  weight: number;
};

/**
 * A prize table's canonical JSON as GAMES.md "Draws for rewards" writes it (keys sorted, no
 * whitespace, amounts as strings), written out here rather than imported.
 */
function canonicalOf(kind: 'wheel' | 'egg', name: Names, prizes: readonly TablePrize[]): string {
  const names = (value: Names) => `{"EN":${JSON.stringify(value.EN)},"TY":${JSON.stringify(value.TY)}}`;
  const items = prizes.map(
    (prize) =>
      `{"amount":${JSON.stringify(prize.amount)},"kind":"${prize.kind}","name":${names(prize.name)},` +
      `"points":${JSON.stringify(prize.points)},"wageringMultiplier":null,"weight":${prize.weight}}`,
  );
  return `{"kind":"${kind}","name":${names(name)},"prizes":[${items.join(',')}]}`;
}

/** An active prize table of the demo merchant at version 1, as the back office saves one. */
async function insertPrizeTable(
  db: pg.Client,
  input: { kind: 'wheel' | 'egg'; name: Names; prizes: readonly TablePrize[] },
): Promise<{ id: string; hash: string }> {
  const id = newId();
  const canonical = canonicalOf(input.kind, input.name, input.prizes);
  const hash = sha256Hex(canonical);
  await db.query(
    `insert into reward_prize_tables (id, merchant_id, kind, names, version, active, sort, created_at, updated_at)
     select $1, id, $2, $3, 1, true, -1000, now(), now() from merchants where is_default`,
    [id, input.kind, JSON.stringify(input.name)],
  );
  await db.query(
    `insert into reward_prize_table_versions (table_id, version, canonical, hash, created_at)
     values ($1, 1, $2, $3, now())`,
    [id, canonical, hash],
  );
  return { id, hash };
}

/** One ticket for a table, given to the member as an operator gives one, good for a week. */
async function giveTicket(db: pg.Client, memberId: string, tableId: string): Promise<void> {
  const issueId = newId();
  await db.query(
    `insert into reward_ticket_issues (id, key, merchant_id, member_id, table_id, source, count, reason, created_at)
     select $1, $1, merchant_id, id, $3, 'operator', 1, 'e2e', now() from members where id = $2`,
    [issueId, memberId, tableId],
  );
  await db.query(
    `insert into reward_tickets (id, issue_id, merchant_id, member_id, table_id, source, status, created_at, expires_at)
     select $1, $2, merchant_id, id, $4, 'operator', 'unused', now(), now() + interval '7 days'
       from members where id = $3`,
    [newId(), issueId, memberId, tableId],
  );
}

/**
 * GAMES.md's red-envelope split ("double the mean", client seed the drop's id, nonce 0), written
 * out here with node:crypto: what a drop saved by the back office holds, in handing-out order.
 */
function splitOf(
  serverSeed: string,
  dropId: string,
  total: bigint,
  count: number,
  minimum: bigint,
): bigint[] {
  let cursor = 0;
  const words: number[] = [];
  const nextWord = () => {
    if (words.length === 0) {
      const block = createHmac('sha256', serverSeed).update(`${dropId}:0:${cursor}`).digest();
      cursor += 1;
      for (let offset = 0; offset < 32; offset += 4) words.push(block.readUInt32BE(offset));
    }
    return words.shift() as number;
  };
  const int = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % n;
    }
  };
  let left = total;
  const amounts: bigint[] = [];
  for (let n = count; n > 1; n -= 1) {
    const spare = left - minimum * BigInt(n);
    const amount = minimum + BigInt(int(Number((2n * spare) / BigInt(n) + 1n)));
    amounts.push(amount);
    left -= amount;
  }
  amounts.push(left);
  return amounts;
}

/** Minor units as the site writes money: "12.34". */
function moneyOf(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

/**
 * A drop of the demo merchant for everyone, open from a minute ago for an hour, its total reserved
 * against the merchant's budget of its opening day as the back office reserves it, its split written.
 */
async function insertOpenDrop(
  db: pg.Client,
  input: { title: Names; totalMinor: bigint; count: number; minimumMinor: bigint },
): Promise<{ id: string; amounts: bigint[] }> {
  const id = newId();
  const serverSeed = randomBytes(32).toString('hex');
  const amounts = splitOf(serverSeed, id, input.totalMinor, input.count, input.minimumMinor);
  await db.query(
    `with drop_row as (
       insert into red_envelope_drops (id, merchant_id, titles, total_minor, envelope_count, minimum_minor, audience,
                                       starts_at, ends_at, server_seed, server_seed_hash, budget_day, created_at, updated_at)
       select $1, id, $2, $3, $4, $5, 'all', now() - interval '1 minute', now() + interval '1 hour', $6, $7,
              ((now() - interval '1 minute') at time zone time_zone)::date, now(), now()
         from merchants where is_default
       returning merchant_id, budget_day, total_minor)
     insert into promotion_budget_days as b (merchant_id, scope, day, granted_minor)
     select merchant_id, '', budget_day, total_minor from drop_row
     on conflict (merchant_id, scope, day) do update set granted_minor = b.granted_minor + excluded.granted_minor`,
    [
      id,
      JSON.stringify(input.title),
      input.totalMinor.toString(),
      input.count,
      input.minimumMinor.toString(),
      serverSeed,
      sha256Hex(serverSeed),
    ],
  );
  for (const [index, amount] of amounts.entries()) {
    await db.query('insert into red_envelopes (drop_id, envelope_index, amount_minor) values ($1, $2, $3)', [
      id,
      index,
      amount.toString(),
    ]);
  }
  return { id, amounts };
}

test(
  'a member spins the prize wheel with a ticket, gets the prize in the balance and the statement, and verifies the draw',
  { tag: [PHONE_ONLY, MERCHANT_WIDE] },
  async ({ page, context, db, consoleErrors }, testInfo) => {
    // Several screens, dialogs and pictures in both languages: more than a journey's usual time.
    test.setTimeout(240_000);
    const suffix = randomBytes(3).toString('hex');
    const name = { TY: `Gulong ${suffix}`, EN: `Wheel ${suffix}` };
    // Weights of 0 are never picked: the wheel lands on the ₱25.00, its chance 100%.
    const table = await insertPrizeTable(db, {
      kind: 'wheel',
      name,
      prizes: [
        {
          name: { TY: 'Subukan muli', EN: 'Try again' },
          kind: 'none',
          amount: null,
          points: null,
          weight: 0,
        },
        {
          name: { TY: '₱25 na premyo', EN: '₱25 prize' },
          kind: 'cash',
          amount: '25.00',
          points: null,
          weight: 1,
        },
        { name: { TY: '50 puntos', EN: '50 points' }, kind: 'points', amount: null, points: 50, weight: 0 },
      ],
    });
    try {
      await logInAsNewMember(page, db, {
        prefix: 'rw',
        projectName: testInfo.project.name,
        password: PASSWORD,
        beforeLogIn: (memberId) => giveTicket(db, memberId, table.id),
      });
      await expect(page.getByTestId('balance-amount').first()).toContainText('0.00');

      // The side menu's reward-centre tile leads to the page.
      await page.getByTestId('open-drawer').click();
      await page.getByRole('link', { name: 'Reward center' }).click();
      await expect(page).toHaveURL(/page=rewardCenter/);
      const card = page.getByTestId('reward-table-wheel').filter({ hasText: name.EN });
      await expect(card.getByTestId('reward-ticket-count')).toHaveText('1', CENTRE_LOAD);
      await expect(card.getByTestId('prize-list')).toContainText('₱25.00 cash');
      await expect(card.getByTestId('prize-list')).toContainText('100.00%');
      await screenshot(page, 'rewards-wheel-ready');

      // Animations are off in the journeys (reduced motion): the prize is announced at once.
      await card.getByTestId('reward-draw').click();
      const announcement = page.getByTestId('prize-announcement');
      await expect(announcement).toContainText('You won!');
      await expect(announcement.getByTestId('prize-announcement-value')).toHaveText('₱25.00 cash');
      await expect(card.getByTestId('prize-wheel').locator('[data-rotation]')).toHaveAttribute(
        'data-rotation',
        String(5 * 360 + 180),
      );
      await screenshot(page, 'rewards-wheel-won', { fullPage: false });
      await announcement.getByTestId('prize-announcement-close').click();
      await expect(card.getByTestId('reward-ticket-count')).toHaveText('0');
      await expect(page.getByTestId('balance-amount').first()).toContainText('25.00');

      await page.goto('/member?page=transactionHistory');
      const line = page.getByTestId('transaction').locator('visible=true').first();
      await expect(line).toContainText('Reward center prize');
      await expect(line).toContainText('+₱25.00');

      // The draw's server seed comes out when the member changes the pair in a house game.
      const game = await context.newPage();
      await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
      await game.getByTestId('open-fairness').click();
      await game.getByTestId('rotate').click();
      await expect(game.getByTestId('revealed-seed')).toContainText(/[0-9a-f]{64}/);
      await game.close();

      await page.goto('/member?page=rewardCenter');
      const draws = page.getByTestId('reward-draws');
      await expect(draws).toContainText('₱25 prize', CENTRE_LOAD);
      await draws.getByTestId('draw-verify').first().click();
      const verification = page.getByTestId('draw-verification');
      await expect(verification.getByTestId('verification-result')).toHaveText(
        'Verified: the result follows from the published seeds.',
      );
      await expect(verification).toContainText(table.hash);
      await expect(verification).toContainText('#2 ₱25 prize');
      await screenshot(page, 'rewards-draw-verified', { fullPage: false });

      // The same centre in Tagalog.
      // Added after the visitor's English, this init script wins.
      await page.addInitScript(() => localStorage.setItem('language', 'TY'));
      await page.goto('/member?page=rewardCenter');
      await expect(page.getByTestId('reward-tables')).toContainText('Mga tiket at premyo ko', CENTRE_LOAD);
      await expect(page.getByTestId('reward-draws')).toContainText('₱25 na premyo');
      await screenshot(page, 'rewards-centre-ty');
      expect(consoleErrors).toEqual([]);
    } finally {
      await db.query('update reward_prize_tables set active = false where id = $1', [table.id]);
    }
  },
);

test(
  'a member opens a red envelope of an open drop, gets its amount, and verifies the split once the drop ends',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, db, consoleErrors }, testInfo) => {
    // Several screens, dialogs and pictures in both languages: more than a journey's usual time.
    test.setTimeout(240_000);
    const suffix = randomBytes(3).toString('hex');
    const title = { TY: `Pulang sobre ${suffix}`, EN: `Red envelope ${suffix}` };
    const drop = await insertOpenDrop(db, { title, totalMinor: 5_000n, count: 5, minimumMinor: 100n });
    const eggName = { TY: `Itlog ${suffix}`, EN: `Egg ${suffix}` };
    const egg = await insertPrizeTable(db, {
      kind: 'egg',
      name: eggName,
      prizes: [
        {
          name: { TY: '₱100 na premyo', EN: '₱100 prize' },
          kind: 'cash',
          amount: '100.00',
          points: null,
          weight: 0,
        },
        {
          name: { TY: 'Subukan muli', EN: 'Try again' },
          kind: 'none',
          amount: null,
          points: null,
          weight: 1,
        },
      ],
    });
    try {
      await logInAsNewMember(page, db, {
        prefix: 're',
        projectName: testInfo.project.name,
        password: PASSWORD,
        beforeLogIn: (memberId) => giveTicket(db, memberId, egg.id),
      });
      await page.goto('/member?page=rewardCenter');

      // A golden egg whose only prize that can come is "try again".
      const eggCard = page.getByTestId('reward-table-egg').filter({ hasText: eggName.EN });
      await expect(eggCard.getByTestId('reward-ticket-count')).toHaveText('1', CENTRE_LOAD);
      await eggCard.getByTestId('reward-draw').click();
      const announcement = page.getByTestId('prize-announcement');
      await expect(announcement.getByTestId('prize-announcement-title')).toHaveText('Not this time');
      await expect(eggCard.getByTestId('golden-egg')).toHaveAttribute('data-state', 'cracked');
      await screenshot(page, 'rewards-egg-try-again', { fullPage: false });
      await announcement.getByTestId('prize-announcement-close').click();
      await expect(eggCard.getByTestId('reward-ticket-count')).toHaveText('0');

      const card = page.getByTestId('envelope-drop').filter({ hasText: title.EN });
      await expect(card).toHaveAttribute('data-status', 'open');
      await expect(card.getByTestId('envelope-left')).toHaveText('5 of 5');
      await expect(card).toContainText('Closes in');
      await screenshot(page, 'rewards-envelope-open');

      // The first claimant holds the first envelope of the split.
      const amount = moneyOf(drop.amounts[0] as bigint);
      await card.getByTestId('envelope-open').click();
      const dialog = page.getByTestId('envelope-dialog');
      await expect(dialog.getByTestId('envelope-won')).toHaveText(
        `You got ₱${amount}! It is in your balance now.`,
      );
      await expect(dialog.getByTestId('red-envelope-amount')).toHaveText(`₱${amount}`);
      await screenshot(page, 'rewards-envelope-won', { fullPage: false });
      await dialog.getByTestId('envelope-close').click();
      await expect(card.getByTestId('envelope-mine')).toContainText(`₱${amount}`);
      await expect(card.getByTestId('envelope-left')).toHaveText('4 of 5');
      await expect(card.getByTestId('envelope-open')).toHaveCount(0);
      await expect(page.getByTestId('balance-amount').first()).toContainText(amount);

      // Once the drop has ended its seed comes out, and the member's envelope is found in the split.
      await db.query(`update red_envelope_drops set ends_at = now() - interval '1 second' where id = $1`, [
        drop.id,
      ]);
      await page.reload();
      const ended = page.getByTestId('envelope-drop').filter({ hasText: title.EN });
      await expect(ended).toHaveAttribute('data-status', 'ended', CENTRE_LOAD);
      await ended.getByTestId('envelope-verify').click();
      const verification = page.getByTestId('drop-verification');
      await expect(verification.getByTestId('verification-result')).toHaveText(
        'Verified: the result follows from the published seeds.',
      );
      await expect(verification.getByTestId('drop-verification-mine')).toHaveText(
        `Your envelope was number 1 and holds ₱${amount}.`,
      );
      await screenshot(page, 'rewards-envelope-verified', { fullPage: false });

      // The same centre in Tagalog.
      // Added after the visitor's English, this init script wins.
      await page.addInitScript(() => localStorage.setItem('language', 'TY'));
      await page.goto('/member?page=rewardCenter');
      await expect(page.getByTestId('reward-envelopes')).toContainText('Mga pulang sobre', CENTRE_LOAD);
      await expect(page.getByTestId('envelope-drop').filter({ hasText: title.TY })).toContainText('Tapos na');
      await screenshot(page, 'rewards-centre-ty');
      expect(consoleErrors).toEqual([]);
    } finally {
      await db.query('update reward_prize_tables set active = false where id = $1', [egg.id]);
      await db.query(
        `update red_envelope_drops set status = 'cancelled', ends_at = least(ends_at, now()) where id = $1`,
        [drop.id],
      );
    }
  },
);
