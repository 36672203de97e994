import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegisterRule } from '../src/modules/merchant/merchant-settings.ts';
import { DEMO_REGISTER_RULES } from '../src/seed/demo-merchant.ts';
import { type AccountsClient, createAccountsClient, readLatestCode } from './support/accounts-client.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let merchantId: string;
let nowMs = Date.parse('2026-11-22T08:00:00Z');
let memberCount = 0;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  // Past every per-destination send throttle of the test before.
  nowMs += 2 * 3600_000;
});

/** A new member of the demo merchant, logged in from an address of its own. */
async function newMember(
  extra: { mobile?: { dialingCode: string; nationalNumber: string }; email?: string } = {},
): Promise<{ id: string; player: AccountsClient }> {
  memberCount += 1;
  const account = `profile${memberCount}`;
  const { id } = await testApp.app.members.createMember({
    merchantId,
    account,
    password: 'Secret123',
    email: extra.email ?? null,
    mobile: extra.mobile ? { ...extra.mobile, verified: true } : null,
  });
  const player = createAccountsClient(testApp.app, `198.51.100.${memberCount}`);
  const login = await player.logIn(account, 'Secret123');
  if (!login.success) throw new Error(`${account} could not log in: ${login.code}`);
  return { id, player };
}

function profileChanges(memberId: string) {
  return testApp.database.db
    .selectFrom('member_profile_changes')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function auditRows(memberId: string, action = 'member.profile') {
  return testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', memberId)
    .where('action', '=', action)
    .execute();
}

/** An administrator of the demo merchant with a session that starts now (the test clock moves on). */
async function signedInOperator(): Promise<BackOfficeClient & { id: string; username: string }> {
  memberCount += 1;
  const username = `profile-admin-${memberCount}`;
  const session = await insertOperatorWithSession(testApp.database.db, {
    username,
    merchantId,
    roleId: 'admin',
    nowMs,
  });
  const operator = createBackOfficeClient(testApp.app);
  operator.token = session.token;
  return Object.assign(operator, { id: session.id, username });
}

/** Shows these register rules of the demo merchant on the register form (the others as seeded). */
async function showRules(fields: readonly string[], changes: Partial<RegisterRule> = {}): Promise<void> {
  await patchDemoSettings(testApp, {
    register: DEMO_REGISTER_RULES.map((rule) =>
      fields.includes(rule.field) ? { ...rule, enabled: true, ...changes } : rule,
    ),
  });
}

/** A registration by account name from an address of its own, with the form's extra fields. */
async function register(extra: Record<string, unknown>) {
  memberCount += 1;
  const account = `regprofile${memberCount}`;
  const player = createAccountsClient(testApp.app, `203.0.113.${memberCount}`);
  const reply = await player.sealed('PUT', '/wps/member/register', {
    username: account,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    ...extra,
  });
  if (reply.body.success) player.token = reply.body.value.token;
  return { account, player, reply };
}

const findMember = (account: string) =>
  testApp.database.db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('account', '=', account)
    .executeTakeFirst();

/** Locks (or unlocks) one register rule of the demo merchant after registration. */
async function lockRule(field: string, isLocked: boolean): Promise<void> {
  await patchDemoSettings(testApp, {
    register: DEMO_REGISTER_RULES.map((rule) =>
      rule.field === field ? { ...rule, lockedAfterRegistration: isLocked } : rule,
    ),
  });
}

describe('profile fields', () => {
  it('answers the values with each field’s register rule', async () => {
    const { player } = await newMember();
    const reply = await player.call('GET', '/wps/member/profile');
    expect(reply.body.success).toBe(true);
    expect(reply.body.value.values).toMatchObject({ nickname: null, birthday: null, telegram: null });
    expect(reply.body.value.rules.nickname).toMatchObject({ minLength: 2, maxLength: 20, locked: false });
    expect(reply.body.value.rules.email).toMatchObject({ patternId: 4, type: 'email' });
  });

  it('saves fields the rules accept, writes each change to the history and one audit row', async () => {
    const { id, player } = await newMember();
    const reply = await player.call('PUT', '/wps/member/profile', {
      nickname: ' Lakan ',
      telegram: '@lakan_ph',
      address: '12 Mabini St, Quezon City',
      occupation: 'Nurse',
    });
    expect(reply.body).toMatchObject({
      success: true,
      value: { nickname: 'Lakan', telegram: '@lakan_ph', occupation: 'Nurse', zalo: null },
    });
    const reread = await player.call('GET', '/wps/member/profile');
    expect(reread.body.value.values).toMatchObject({
      nickname: 'Lakan',
      address: '12 Mabini St, Quezon City',
    });
    const history = await profileChanges(id);
    expect(history.map((row) => [row.field, row.before, row.after, row.actor_type])).toEqual([
      ['nickname', null, 'Lakan', 'member'],
      ['telegram', null, '@lakan_ph', 'member'],
      ['address', null, '12 Mabini St, Quezon City', 'member'],
      ['occupation', null, 'Nurse', 'member'],
    ]);
    const audit = await auditRows(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ nickname: 'Lakan', telegram: '@lakan_ph' });

    // Clearing an optional field is a change too; saving the same value again is none.
    await player.call('PUT', '/wps/member/profile', { telegram: '', nickname: 'Lakan' });
    const after = await profileChanges(id);
    expect(after).toHaveLength(5);
    expect(after[4]).toMatchObject({ field: 'telegram', before: '@lakan_ph', after: null });
    const contacts = await testApp.database.db
      .selectFrom('members')
      .select('contacts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(contacts.contacts).toEqual({});
  });

  it('refuses a value its rule refuses, naming the field, and changes nothing', async () => {
    const { id, player } = await newMember();
    const reply = await player.call('PUT', '/wps/member/profile', {
      nickname: 'L',
      nationality: 'Filipino 1',
      occupation: 'Driver',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('VALIDATION');
    expect(Object.keys(reply.body.value.fields).sort()).toEqual(['nationality', 'nickname']);
    expect(reply.body.value.fields.nickname).toBe('Enter 2-20 characters.');
    expect(await profileChanges(id)).toHaveLength(0);
  });

  it('refuses an unknown field and a value over the size limit at the wire', async () => {
    const { player } = await newMember();
    expect((await player.call('PUT', '/wps/member/profile', { payeeName: 'Juan' })).body.code).toBe(
      'VALIDATION',
    );
    const long = await player.call('PUT', '/wps/member/profile', { address: 'x'.repeat(301) });
    expect(long.body.code).toBe('VALIDATION');
  });

  it('refuses a field the merchant locked after registration, and answers it as locked', async () => {
    const { id, player } = await newMember();
    await lockRule('occupation', true);
    try {
      const profile = await player.call('GET', '/wps/member/profile');
      expect(profile.body.value.rules.occupation.locked).toBe(true);
      const reply = await player.call('PUT', '/wps/member/profile', { occupation: 'Teacher' });
      expect(reply.body.code).toBe('VALIDATION');
      expect(reply.body.value.fields.occupation).toBe('This cannot be changed after registration.');
      expect(await profileChanges(id)).toHaveLength(0);
    } finally {
      await lockRule('occupation', false);
    }
  });

  it('needs a member’s session', async () => {
    const anonymous = createAccountsClient(testApp.app, '198.51.100.250');
    expect((await anonymous.call('GET', '/wps/member/profile')).body.code).toBe('NOT_LOGGED_IN');
    expect((await anonymous.call('PUT', '/wps/member/profile', { nickname: 'Juan' })).body.code).toBe(
      'NOT_LOGGED_IN',
    );
  });
});

describe('registration', () => {
  it('stores the profile fields its rules show, where the security centre reads them', async () => {
    await showRules(['nickname', 'birthday', 'telegram', 'zalo', 'address', 'nationality', 'sourceOfIncome']);
    try {
      const { account, player, reply } = await register({
        nickname: ' Lakan ',
        birthday: '05-17-1990',
        telegram: '@lakan_ph',
        zalo: 'zalo.lakan',
        address: '12 Mabini St, Quezon City',
        nationality: 'Filipino',
        sourceOfIncome: 'Salary',
        // Hidden by the demo's rules: sent, but not asked for, so not stored.
        occupation: 'Nurse',
        idNumber: 'AB123456',
      });
      expect(reply.body.success).toBe(true);
      const profile = await player.call('GET', '/wps/member/profile');
      expect(profile.body.value.values).toMatchObject({
        nickname: 'Lakan',
        birthday: '1990-05-17',
        telegram: '@lakan_ph',
        zalo: 'zalo.lakan',
        address: '12 Mabini St, Quezon City',
        nationality: 'Filipino',
        sourceOfIncome: 'Salary',
        occupation: null,
      });
      const member = await findMember(account);
      expect(member?.id_number).toBeNull();
      // What the member gave at registration is their first value, not a change.
      expect(await profileChanges(member?.id ?? '')).toHaveLength(0);
    } finally {
      await showRules([]);
    }
  });

  it('ignores a field the merchant’s rules hide, even when it is sent', async () => {
    const { account, player, reply } = await register({
      nickname: 'Lakan',
      birthday: '1990-05-17',
      telegram: '@lakan_ph',
      address: '12 Mabini St, Quezon City',
      sourceOfIncome: 'Salary',
    });
    expect(reply.body.success).toBe(true);
    const profile = await player.call('GET', '/wps/member/profile');
    expect(profile.body.value.values).toMatchObject({
      nickname: null,
      birthday: null,
      telegram: null,
      address: null,
      sourceOfIncome: null,
    });
    expect((await findMember(account))?.contacts).toEqual({});
  });

  it('refuses a value its rule refuses, naming each field, and opens no account', async () => {
    await showRules(['nickname', 'address', 'nationality'], { required: true });
    try {
      const { account, reply } = await register({ nickname: 'L', address: '12 Mabini St' });
      expect(reply.status).toBe(422);
      expect(reply.body.code).toBe('VALIDATION');
      // A required field left out is named too; the address given is right.
      expect(reply.body.value.fields).toEqual({
        nickname: 'Enter 2-20 characters.',
        nationality: expect.any(String),
      });
      expect(await findMember(account)).toBeUndefined();
    } finally {
      await showRules([]);
    }
  });
});

describe('birthday', () => {
  it('is set once, at least the merchant’s minimum age ago', async () => {
    const { id, player } = await newMember();
    // 2026-11-22 in Manila: the demo merchant's minimum age is 21.
    const tooYoung = await player.call('PUT', '/wps/member/profile', { birthday: '2006-01-01' });
    expect(tooYoung.body.value.fields.birthday).toBe('You must be at least 21 years old.');
    const set = await player.call('PUT', '/wps/member/profile', { birthday: '1990-05-17' });
    expect(set.body.value.birthday).toBe('1990-05-17');
    const again = await player.call('PUT', '/wps/member/profile', { birthday: '1991-05-17' });
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'BIRTHDAY_SET' } });
    expect((await profileChanges(id)).map((row) => row.after)).toEqual(['1990-05-17']);
  });

  it('of two simultaneous first settings, exactly one wins', async () => {
    const { id, player } = await newMember();
    const days = ['1980-01-02', '1981-02-03', '1982-03-04', '1983-04-05', '1984-05-06'];
    const replies = await Promise.all(
      days.map((birthday) => player.call('PUT', '/wps/member/profile', { birthday })),
    );
    const won = replies.filter((reply) => reply.body.success);
    expect(won).toHaveLength(1);
    for (const reply of replies.filter((each) => !each.body.success)) {
      expect(reply.body.value).toEqual({ reason: 'BIRTHDAY_SET' });
    }
    const kept = await testApp.database.db
      .selectFrom('members')
      .select('birthday')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.birthday).toBe(won[0]?.body.value.birthday);
    expect(await profileChanges(id)).toHaveLength(1);
  });
});

describe('mobile and e-mail changes', () => {
  it('change the mobile number only with the code sent to the new number', async () => {
    const { id, player } = await newMember({ mobile: { dialingCode: '+63', nationalNumber: '9170000101' } });
    const target = { kind: 'mobile', countryDialingCode: '+63', mobileNum: '09170000202' };
    const sent = await player.call('POST', '/wps/member/profile/contact/code', target);
    expect(sent.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await readLatestCode(testApp, '+639170000202');
    const wrong = await player.sealed('POST', '/wps/member/profile/contact', {
      ...target,
      code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.body.code).toBe('SMS_CODE_INVALID');
    const right = await player.sealed('POST', '/wps/member/profile/contact', { ...target, code });
    expect(right.body).toMatchObject({
      success: true,
      value: { mobile: { dialingCode: '+63', nationalNumber: '9170000202' }, mobileVerified: true },
    });
    const history = await profileChanges(id);
    expect(history.map((row) => [row.field, row.before, row.after])).toEqual([
      ['mobile', '+639170000101', '+639170000202'],
    ]);
    // The audit log masks numbers as the rest of the log does.
    const audit = await auditRows(id);
    expect(audit[0]?.before).toEqual({ mobile: '+63 9*****0101' });
    expect(audit[0]?.after).toEqual({ mobile: '+63 9*****0202' });
    // Done once: the number is now the member's own.
    const again = await player.sealed('POST', '/wps/member/profile/contact', { ...target, code });
    expect(again.body.value.fields.mobileNum).toBe('This is already your current one.');
  });

  it('refuses a number or address another member of the merchant holds', async () => {
    await newMember({
      mobile: { dialingCode: '+63', nationalNumber: '9170000303' },
      email: 'taken@panalo.example',
    });
    const { player } = await newMember();
    const mobile = await player.call('POST', '/wps/member/profile/contact/code', {
      kind: 'mobile',
      countryDialingCode: '+63',
      mobileNum: '09170000303',
    });
    expect(mobile.body.code).toBe('VALIDATION');
    expect(mobile.body.value.fields.mobileNum).toBe('This mobile number is already registered.');
    const email = await player.call('POST', '/wps/member/profile/contact/code', {
      kind: 'email',
      email: 'Taken@Panalo.example',
    });
    expect(email.body.value.fields.email).toBe('This email address belongs to another account.');
    const sent = await testApp.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('destination', 'in', ['+639170000303', 'taken@panalo.example'])
      .where('purpose', '=', 'contactChange')
      .execute();
    expect(sent).toHaveLength(0);
  });

  it('refuses an address taken between the code and its confirmation', async () => {
    const { player } = await newMember();
    const target = { kind: 'email', email: 'race@panalo.example' };
    expect((await player.call('POST', '/wps/member/profile/contact/code', target)).body.success).toBe(true);
    const code = await readLatestCode(testApp, 'race@panalo.example');
    await newMember({ email: 'race@panalo.example' });
    const reply = await player.sealed('POST', '/wps/member/profile/contact', { ...target, code });
    expect(reply.body.value.fields.email).toBe('This email address belongs to another account.');
  });

  it('change the e-mail address with the code e-mailed to it, and keep the send throttles', async () => {
    const { id, player } = await newMember({ email: 'old@panalo.example' });
    const target = { kind: 'email', email: 'New@Panalo.example' };
    expect((await player.call('POST', '/wps/member/profile/contact/code', target)).body.success).toBe(true);
    nowMs += 2000;
    const again = await player.call('POST', '/wps/member/profile/contact/code', target);
    expect(again.body.code).toBe('RATE_LIMITED');
    const code = await readLatestCode(testApp, 'new@panalo.example');
    const reply = await player.sealed('POST', '/wps/member/profile/contact', { ...target, code });
    expect(reply.body.value).toMatchObject({ email: 'new@panalo.example', emailVerified: true });
    const audit = await auditRows(id);
    expect(audit[0]?.after).toEqual({ email: 'n***@p***.example' });
  });

  it('refuses a locked mobile number and the member’s current one', async () => {
    const { player } = await newMember({ mobile: { dialingCode: '+63', nationalNumber: '9170000404' } });
    const same = await player.call('POST', '/wps/member/profile/contact/code', {
      kind: 'mobile',
      mobileNum: '09170000404',
    });
    expect(same.body.value.fields.mobileNum).toBe('This is already your current one.');
    await lockRule('mobileNum', true);
    try {
      const locked = await player.call('POST', '/wps/member/profile/contact/code', {
        kind: 'mobile',
        mobileNum: '09170000505',
      });
      expect(locked.body.value.fields.mobileNum).toBe('This cannot be changed after registration.');
    } finally {
      await lockRule('mobileNum', false);
    }
  });
});

describe('the back office', () => {
  it('shows the member’s profile changes on the player page', async () => {
    const { id, player } = await newMember();
    await player.call('PUT', '/wps/member/profile', { zalo: 'zalo.lakan' });
    const operator = await signedInOperator();
    const page = await operator.call('GET', `/bo/players/${id}`);
    expect(page.body.value.profileChanges).toEqual([
      expect.objectContaining({ field: 'zalo', before: null, after: 'zalo.lakan', actorType: 'member' }),
    ]);
  });

  it('reads a player’s profile with each field’s rule and lock', async () => {
    const { id, player } = await newMember();
    await player.call('PUT', '/wps/member/profile', { nickname: 'Lakan' });
    await lockRule('nationality', true);
    try {
      const operator = await signedInOperator();
      const reply = await operator.call('GET', `/bo/players/${id}/profile`);
      expect(reply.body.value.values).toMatchObject({ nickname: 'Lakan', email: null, mobile: null });
      expect(reply.body.value.rules.nationality).toMatchObject({ locked: true, minLength: 2 });
      expect(reply.body.value.rules.mobileNum).toMatchObject({ locked: false, type: 'tel' });
    } finally {
      await lockRule('nationality', false);
    }
  });

  it('lets an operator change fields, locked ones and a set birthday too, naming the operator', async () => {
    const { id, player } = await newMember();
    await player.call('PUT', '/wps/member/profile', { birthday: '1990-05-17', telegram: '@lakan_ph' });
    await lockRule('occupation', true);
    try {
      const operator = await signedInOperator();
      const reply = await operator.call('PUT', `/bo/players/${id}/profile`, {
        occupation: ' Teacher ',
        birthday: '1985-03-04',
        telegram: '',
        nickname: null,
        address: '12 Mabini St, Quezon City',
      });
      expect(reply.body).toMatchObject({
        success: true,
        value: { occupation: 'Teacher', birthday: '1985-03-04', telegram: null, nickname: null },
      });
      // The member still cannot change the locked field themself.
      const own = await player.call('PUT', '/wps/member/profile', { occupation: 'Nurse' });
      expect(own.body.value.fields.occupation).toBe('This cannot be changed after registration.');
      const history = (await profileChanges(id)).filter((row) => row.actor_type === 'operator');
      expect(history.map((row) => [row.field, row.before, row.after, row.actor_id])).toEqual([
        ['birthday', '1990-05-17', '1985-03-04', operator.id],
        ['telegram', '@lakan_ph', null, operator.id],
        ['address', null, '12 Mabini St, Quezon City', operator.id],
        ['occupation', null, 'Teacher', operator.id],
      ]);
      const audit = await auditRows(id, 'player.profile');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: operator.id, actor_name: operator.username });
      expect(audit[0]?.after).toMatchObject({ occupation: 'Teacher', birthday: '1985-03-04' });
      const page = await operator.call('GET', `/bo/players/${id}`);
      expect(page.body.value.profileChanges[0]).toMatchObject({ actorType: 'operator' });
    } finally {
      await lockRule('occupation', false);
    }
  });

  it('lets an operator change the e-mail address and mobile number without a code, unverified', async () => {
    const { id } = await newMember({
      mobile: { dialingCode: '+63', nationalNumber: '9170000606' },
      email: 'old.address@panalo.example',
    });
    const operator = await signedInOperator();
    const reply = await operator.call('PUT', `/bo/players/${id}/profile`, {
      email: ' New.Address@Panalo.example ',
      countryDialingCode: '+63',
      mobileNum: '09170000707',
    });
    expect(reply.body.value).toMatchObject({
      email: 'new.address@panalo.example',
      emailVerified: false,
      mobile: { dialingCode: '+63', nationalNumber: '9170000707' },
      mobileVerified: false,
    });
    const sent = await testApp.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('destination', 'in', ['+639170000707', 'new.address@panalo.example'])
      .execute();
    expect(sent).toHaveLength(0);
    const audit = await auditRows(id, 'player.profile');
    expect(audit[0]?.after).toEqual({ email: 'n***@p***.example', mobile: '+63 9*****0707' });
    // The number as loaded, in another form, is no change; an optional address may be emptied.
    const again = await operator.call('PUT', `/bo/players/${id}/profile`, {
      email: '',
      mobileNum: '9170000707',
    });
    expect(again.body.value).toMatchObject({ email: null, mobile: { nationalNumber: '9170000707' } });
    expect((await profileChanges(id)).map((row) => row.field)).toEqual(['email', 'mobile', 'email']);
  });

  it('refuses what the rules refuse and a contact another member holds, naming each field', async () => {
    await newMember({
      mobile: { dialingCode: '+63', nationalNumber: '9170000808' },
      email: 'held@panalo.example',
    });
    const { id } = await newMember();
    const operator = await signedInOperator();
    const refused = await operator.call('PUT', `/bo/players/${id}/profile`, {
      nickname: 'L',
      birthday: '2010-01-01',
      email: 'not-an-address',
      mobileNum: '12',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.value.fields).toEqual({
      nickname: 'Enter 2-20 characters.',
      birthday: 'You must be at least 21 years old.',
      email: expect.any(String),
      mobileNum: expect.any(String),
    });
    const email = await operator.call('PUT', `/bo/players/${id}/profile`, {
      nickname: 'Lakan',
      email: 'Held@Panalo.example',
    });
    expect(email.body.value.fields).toEqual({ email: 'This email address belongs to another account.' });
    const mobile = await operator.call('PUT', `/bo/players/${id}/profile`, { mobileNum: '09170000808' });
    expect(mobile.body.value.fields).toEqual({ mobileNum: 'This mobile number is already registered.' });
    expect(await profileChanges(id)).toHaveLength(0);
    expect(await auditRows(id, 'player.profile')).toHaveLength(0);
  });

  it('saves a rule’s lockedAfterRegistration with the register rules', async () => {
    const rules = DEMO_REGISTER_RULES.map((rule) =>
      rule.field === 'nationality' ? { ...rule, lockedAfterRegistration: true } : rule,
    );
    const operator = await signedInOperator();
    const saved = await operator.call('PUT', `/bo/merchants/${merchantId}/register`, { rules });
    expect(saved.body.success).toBe(true);
    const config = await operator.call('GET', `/bo/merchants/${merchantId}/config`);
    const nationality = config.body.value.register.find(
      (rule: { field: string }) => rule.field === 'nationality',
    );
    expect(nationality.lockedAfterRegistration).toBe(true);
    await lockRule('nationality', false);
  });
});
