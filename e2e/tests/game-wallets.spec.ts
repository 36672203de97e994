import {
  actAsVisitor,
  insertMember,
  logInThroughPage,
  nextAddress,
  skipMemberPopup,
  uniqueAccount,
} from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { moveMemberMoney } from '../ledger.ts';
import { PHONE_ONLY } from '../tags.ts';

// The vendor sandbox's transfer-wallet vendor: it keeps the players' money itself, so the member
// moves money to it and back on the Game wallets page of the member centre.
const TRANSFER_VENDOR = 'DIWATA';

test(
  'a member moves ₱100 to a game wallet, sees both balances change, and recalls it all to the main wallet',
  { tag: PHONE_ONLY },
  async ({ page, db, consoleErrors }, testInfo) => {
    test.slow();
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('gwl', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'Wallets123' });
    await moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' });
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
  },
);
