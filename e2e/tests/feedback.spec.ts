import { logInAsNewMember } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { PHONE_ONLY } from '../tags.ts';

// Feedback (spec §2 "feedback form", §7 PUT /wps/feedback): a member sends feedback with a picture
// from the member centre, an operator answers it from the back office's feedback inbox, and the
// member reads the answer in their messages and beside their feedback.

const PASSWORD = 'Feedback1234';
// A 1 × 1 PNG: a real picture, decoded and re-encoded by the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test(
  'a member sends feedback with a picture, an operator answers, and the member reads it',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'fdb',
      projectName: testInfo.project.name,
      password: PASSWORD,
    });
    const text = `The fishing game froze after a win (${account}).`;

    // The form says what is wrong next to the field before anything is sent.
    await page.goto('/member?page=feedback');
    const form = page.getByTestId('feedback-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('feedback-history').getByTestId('empty-state')).toBeVisible();
    await form.getByTestId('feedback-type').selectOption('game');
    await form.getByTestId('feedback-content').fill('Too short');
    await form.getByTestId('feedback-submit').click();
    await expect(form.getByTestId('feedback-content-error')).toContainText('at least 10 characters');
    await form.getByTestId('feedback-content').fill(text);
    await expect(form.getByTestId('feedback-count')).toHaveText(`${text.length}/500`);
    await form.getByTestId('feedback-file-input').setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(form.getByRole('img', { name: 'Picture 1' })).toBeVisible();
    await screenshot(page, 'feedback-form-en');
    await form.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-sent')).toBeVisible();
    const item = page.getByTestId('feedback-item');
    await expect(item).toHaveAttribute('data-status', 'open');
    await expect(item).toContainText(text);
    await expect(item).toContainText('1 picture attached');

    // An operator answers it from the feedback inbox, in a tab of their own.
    const operator = await page.context().newPage();
    await signInAsNewOwner(operator, db, 'fdbop', testInfo.project.name);
    await openSection(operator, 'Feedback');
    const row = operator.getByTestId('feedback-row').filter({ hasText: account });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Open' }).click();
    const panel = operator.getByTestId('feedback-panel');
    await expect(panel).toContainText(text);
    await expect(panel.getByRole('img', { name: `Picture 1 of ${account}` })).toBeVisible();
    await screenshot(operator, 'feedback-inbox');
    const answer = 'Thank you! We fixed the fishing game; your round was settled.';
    await panel.getByTestId('feedback-answer-input').fill(answer);
    await panel.getByRole('button', { name: 'Answer…' }).click();
    const dialog = operator.getByRole('dialog');
    await expect(dialog).toContainText(answer);
    await dialog.getByRole('button', { name: 'Send answer', exact: true }).click();
    await expect(operator.getByText(`The answer reached the messages of ${account}.`)).toBeVisible();
    // Answered, it leaves the queue of feedback waiting for an answer.
    await expect(row).toHaveCount(0);
    await operator.close();

    // The member reads the answer in their messages, and beside the feedback.
    await page.goto('/member?page=messageV2');
    const messages = page.getByTestId('messages-page');
    await expect(messages).toContainText('Answer to your feedback');
    await messages.getByText('Answer to your feedback').click();
    await expect(page.getByTestId('message-content')).toContainText(answer);
    await page.goto('/member?page=feedback');
    await expect(page.getByTestId('feedback-item')).toHaveAttribute('data-status', 'answered');
    await expect(page.getByTestId('feedback-answer')).toContainText(answer);
    await screenshot(page, 'feedback-answered-en');

    // The same page in Tagalog, the site's default language.
    // Added after the journey's English, this init script wins on the next load.
    await page.addInitScript(() => {
      localStorage.setItem('language', 'TY');
      localStorage.setItem('historyLanguage', 'TY');
    });
    await page.reload();
    await expect(page.getByTestId('feedback-form')).toContainText('Ang iyong mensahe');
    await expect(page.getByTestId('feedback-item')).toContainText('Nasagot na');
    await screenshot(page, 'feedback-answered-ty');
  },
);
