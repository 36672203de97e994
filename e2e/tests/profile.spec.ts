import { logInAsNewMember, readOutboxCode } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';

/** A Philippine mobile number no other journey uses: 917 and seven random digits. */
function randomMobileNumber(): string {
  return `917${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

test('a member edits their nickname and Telegram, and changes their mobile number with the code sent to it', async ({
  page,
  db,
}, testInfo) => {
  // Two logins' worth of argon2 on the server and two page loads: more than the default budget on a
  // busy machine, as the accounts journeys find.
  test.slow();
  const { memberId } = await logInAsNewMember(page, db, {
    prefix: 'prof',
    projectName: testInfo.project.name,
    password: 'Profile1234',
    beforeLogIn: async (id) => {
      await db.query(`update members set mobile_dialing_code = '+63', mobile_number = $2 where id = $1`, [
        id,
        randomMobileNumber(),
      ]);
    },
  });
  await page.goto('/member?page=securityCenter');
  const form = page.getByTestId('profile-form');
  await form.getByTestId('profile-nickname').fill('Lakan');
  await form.getByTestId('profile-telegram').fill('@lakan_ph');
  await form.getByTestId('profile-save').click();
  await expect(form).toContainText('Your profile is saved.');

  const newNumber = randomMobileNumber();
  const mobile = page.getByTestId('profile-mobile');
  await mobile.getByTestId('change-mobile').click();
  await mobile.getByTestId('new-mobile').fill(`0${newNumber}`);
  await mobile.getByTestId('send-mobile-code').click();
  await expect(mobile).toContainText('We sent a code by SMS to the new number.');
  await mobile.getByTestId('mobile-code').fill(await readOutboxCode(db, `+63${newNumber}`));
  await mobile.getByTestId('confirm-mobile').click();
  await expect(page.getByTestId('profile-mobile-value')).toHaveText(`+63 ${newNumber}`);

  // What the member saved is what the server keeps, field by field in the member's history.
  await page.reload();
  await expect(page.getByTestId('profile-nickname')).toHaveValue('Lakan');
  await expect(page.getByTestId('profile-telegram')).toHaveValue('@lakan_ph');
  const history = await db.query<{ field: string }>(
    'select field from member_profile_changes where member_id = $1 order by created_at, id',
    [memberId],
  );
  expect(history.rows.map((row) => row.field)).toEqual(['nickname', 'telegram', 'mobile']);
  await page.getByTestId('profile-form').scrollIntoViewIfNeeded();
  await screenshot(page, 'profile-en', { fullPage: false });

  await page.addInitScript(() => localStorage.setItem('language', 'TY'));
  await page.reload();
  await expect(page.getByTestId('profile-form')).toContainText('Palayaw');
  await page.getByTestId('profile-mobile').scrollIntoViewIfNeeded();
  await screenshot(page, 'profile-ty', { fullPage: false });
});
