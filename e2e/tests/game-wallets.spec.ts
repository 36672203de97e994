import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  actAsVisitor,
  insertMember,
  logInThroughPage,
  nextAddress,
  skipMemberPopup,
  uniqueAccount,
} from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';

// The vendor sandbox's transfer-wallet vendor: it keeps the players' money itself, so the member
// moves money to it and back on the Game wallets page of the member centre.
const TRANSFER_VENDOR = 'DIWATA';

/** Puts money in a member's cash as a deposit would: one transfer through the ledger's own function. */
async function fundMember(db: pg.Client, memberId: string, amountMinor: number): Promise<void> {
  const id = () => `e2e-${randomBytes(8).toString('hex')}`;
  const merchant = await db.query<{ merchant_id: string }>('select merchant_id from members where id = $1', [
    memberId,
  ]);
  const merchantId = merchant.rows[0]?.merchant_id;
  const [cashId, bonusId] = [id(), id()];
  await db.query(
    `insert into ledger_accounts (id, merchant_id, kind, owner_id, currency) values
       ($1, $3, 'player_cash', $4, 'PHP'), ($2, $3, 'player_bonus', $4, 'PHP')`,
    [cashId, bonusId, merchantId, memberId],
  );
  // One house account for every test's money; another test or project may have made it already.
  await db.query(
    `insert into ledger_accounts (id, merchant_id, kind, purpose, shard, currency)
     values ($1, $2, 'house', 'deposit:e2e', 0, 'PHP') on conflict do nothing`,
    [id(), merchantId],
  );
  const house = await db.query<{ id: string }>(
    `select id from ledger_accounts where merchant_id = $1 and purpose = 'deposit:e2e' and shard = 0`,
    [merchantId],
  );
  await db.query(
    `select * from ledger_apply_transfer($1, $2, $3, 'deposit', null, $4, $5, 'PHP', $6, null)`,
    [id(), merchantId, id(), house.rows[0]?.id, cashId, amountMinor],
  );
}

test('a member moves ₱100 to a game wallet, sees both balances change, and recalls it all to the main wallet', async ({
  page,
  db,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await actAsVisitor(page, nextAddress());
  const account = uniqueAccount('gwl', testInfo.project.name);
  const memberId = await insertMember(db, { account, password: 'Wallets123' });
  await fundMember(db, memberId, 50_000);
  await skipMemberPopup(page, memberId);
  await logInThroughPage(page, account, 'Wallets123');

  await page.goto('/member?page=securityCenter');
  // The merchant has a transfer-wallet vendor, so the member centre lists the page.
  const menuItem =
    testInfo.project.name === 'phone'
      ? page.getByRole('tab', { name: 'Game wallets' })
      : page.getByRole('button', { name: 'Game wallets' });
  await menuItem.click();
  const wallets = page.getByTestId('game-wallets-page');
  const mainBalance = wallets.getByTestId('wallet-main').getByTestId('wallet-balance');
  const vendorBalance = wallets.getByTestId(`wallet-${TRANSFER_VENDOR}`).getByTestId('wallet-balance');
  await expect(mainBalance).toHaveText('₱500.00');
  await expect(vendorBalance).toHaveText('₱0.00');
  await screenshot(page, 'game-wallets');

  const form = page.getByTestId('game-wallet-transfer');
  await form.getByTestId('game-wallet-vendor').selectOption(TRANSFER_VENDOR);
  // More than the main wallet holds is refused next to the field, before any call.
  await form.getByTestId('game-wallet-amount').fill('600');
  await form.getByTestId('game-wallet-submit').click();
  await expect(form).toContainText('More than Main wallet holds (₱500.00)');

  await form.getByRole('button', { name: '₱100', exact: true }).click();
  await form.getByTestId('game-wallet-submit').click();
  await expect(form.getByTestId('game-wallet-done')).toContainText('₱100.00 moved to');
  await expect(mainBalance).toHaveText('₱400.00');
  await expect(vendorBalance).toHaveText('₱100.00');
  // One-wallet mode (the demo merchant's): the header, asked again after the move, counts the
  // money at the vendor too, so the player's one balance stays whole.
  await expect(page.getByTestId('balance-amount')).toContainText('500.00');
  await screenshot(page, 'game-wallets-moved');

  // The vendor holds the money: asking everything again shows the same balances.
  await wallets.getByTestId('game-wallets-refresh').click();
  await expect(vendorBalance).toHaveText('₱100.00');

  await wallets.getByTestId('game-wallets-recall').click();
  await expect(wallets.getByTestId('game-wallets-recall-done')).toContainText('back in your main wallet');
  await expect(mainBalance).toHaveText('₱500.00');
  await expect(vendorBalance).toHaveText('₱0.00');
  await expect(page.getByTestId('balance-amount')).toContainText('500.00');
  await expect(wallets.getByTestId('game-wallets-recall')).toBeDisabled();
  await screenshot(page, 'game-wallets-recalled');
  expect(consoleErrors).toEqual([]);
});
