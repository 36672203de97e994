import { createHmac, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { expect, type Page } from '@playwright/test';
import type pg from 'pg';

/** A new account straight in the database, as an operator or an earlier visit would have made it. */
export async function insertMember(
  db: pg.Client,
  input: { account: string; password: string; mobileNumber?: string; email?: string; payeeName?: string },
): Promise<string> {
  const id = `e2e-${randomBytes(8).toString('hex')}`;
  // argon2id with the server's parameters (2 is Argon2id).
  const passwordHash = await hash(input.password, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await db.query(
    `insert into members (id, merchant_id, account, account_key, referral_code, password_hash,
                          password_changed_at, mobile_dialing_code, mobile_number, email, payee_name, icon)
     select $1, id, $2, lower($2), $3, $4, now(), $5, $6, $7, $8, 'avatar-3' from merchants where is_default`,
    [
      id,
      input.account,
      randomBytes(5).toString('hex').toUpperCase(),
      passwordHash,
      input.mobileNumber ? '+63' : null,
      input.mobileNumber ?? null,
      input.email ?? null,
      input.payeeName ?? null,
    ],
  );
  return id;
}

/** A name no earlier run or project has used: a prefix, the project's letter and the time. */
export function uniqueAccount(prefix: string, projectName: string): string {
  return `${prefix}${projectName.slice(0, 1)}${Date.now().toString(36)}`.slice(0, 16);
}

/** The newest six-digit code the outbox holds for a phone number (the SMS a player would read). */
export async function readOutboxCode(db: pg.Client, e164: string): Promise<string> {
  const result = await db.query<{ body: string }>(
    'select body from outbox_messages where destination = $1 order by created_at desc, id desc limit 1',
    [e164],
  );
  const code = /\b(\d{6})\b/.exec(result.rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${e164}`);
  return code;
}

/** Every request of the page comes from its own address, so throttles of other tests do not apply. */
export async function actAsVisitor(page: Page, address: string): Promise<void> {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  await page.addInitScript(() => {
    sessionStorage.setItem('publicPopupClosed:anonymous', '1');
    // The journeys read English labels; Tagalog has its own test in the shell suite.
    localStorage.setItem('language', 'EN');
    localStorage.setItem('historyLanguage', 'EN');
  });
}

const POPUP_WAIT_MS = 4_000;

/**
 * A logged-in member sees the announcements popup once per session (spec §4, the demo has
 * execution A and F announcements): wait for it and close it, so it does not cover what the test
 * clicks next.
 */
export async function closePublicPopup(page: Page): Promise<void> {
  const popup = page.getByTestId('public-modal');
  const hasAppeared = await popup
    .waitFor({ state: 'visible', timeout: POPUP_WAIT_MS })
    .then(() => true)
    .catch(() => false);
  if (hasAppeared) {
    await popup
      .getByRole('button', { name: /close|isara/i })
      .first()
      .click();
    await popup.waitFor({ state: 'hidden' });
  }
}

/** Marks the announcements popup as already closed for a member of known id. */
export async function skipMemberPopup(page: Page, memberId: string): Promise<void> {
  await page.addInitScript((id) => sessionStorage.setItem(`publicPopupClosed:${id}`, '1'), memberId);
}

/** The current code of a base32 TOTP secret (RFC 6238: HMAC-SHA1, 30 s, 6 digits), as an authenticator app shows it. */
export function authenticatorCode(secretBase32: string, unixMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of secretBase32.replace(/=+$/, '')) {
    bits += alphabet.indexOf(character).toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8)
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixMs / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Turns the merchant's second login step on or off (the merchant cache lives up to 2 s). */
export async function setLoginVerification(db: pg.Client, enabled: boolean): Promise<void> {
  await db.query(
    `update merchants set settings = settings || $1::jsonb, updated_at = now() where is_default`,
    [JSON.stringify({ loginVerification: { enabled, methods: ['sms', 'email', 'totp', 'bankName'] } })],
  );
  await new Promise((resolve) => setTimeout(resolve, 2_500));
}

/** A random private address per test, so that throttles of other tests do not apply. */
export function nextAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Logs in through the login page's form and waits for the member's header. */
export async function logInThroughPage(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // The member menu loads as its own chunk after the login answers: on a busy machine the two
  // round trips and the render take longer than an assertion's usual wait.
  await expect(page.getByTestId('member-menu')).toBeVisible({ timeout: 15_000 });
}

/**
 * The preamble of most member journeys: a visitor from an address of its own, a new account
 * straight in the database (its announcements popup marked as closed) and a login through the
 * page. `beforeLogIn` prepares the member first (funds them, say), so the header shows it at once.
 */
export async function logInAsNewMember(
  page: Page,
  db: pg.Client,
  input: {
    prefix: string;
    projectName: string;
    password: string;
    address?: string;
    beforeLogIn?: (memberId: string) => Promise<void>;
  },
): Promise<{ account: string; memberId: string }> {
  await actAsVisitor(page, input.address ?? nextAddress());
  const account = uniqueAccount(input.prefix, input.projectName);
  const memberId = await insertMember(db, { account, password: input.password });
  await skipMemberPopup(page, memberId);
  await input.beforeLogIn?.(memberId);
  await logInThroughPage(page, account, input.password);
  return { account, memberId };
}
