import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PATTERN_KINDS } from '../src/modules/merchant/register-patterns.ts';
import { DEMO_REGISTER_RULES, DEMO_SETTINGS } from '../src/seed/demo-merchant.ts';
import { createAccountsClient, readLatestCode } from './support/accounts-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-22T08:00:00Z');
let serial = 0;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  nowMs += 2 * 3600_000;
  await patchDemoSettings(testApp, { register: DEMO_REGISTER_RULES, whitelabel: DEMO_SETTINGS.whitelabel });
});

const nextName = () => `player${String(++serial).padStart(4, '0')}`;

function usernameForm(overrides: Record<string, unknown> = {}) {
  return {
    username: nextName(),
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    registerMethod: 'WEB',
    ...overrides,
  };
}

function register(form: Record<string, unknown>, path = '/wps/member/register', ip?: string) {
  return createAccountsClient(testApp.app, ip).sealed('PUT', path, form);
}

describe('registration by account name', () => {
  it('answers a login result, already logged in', async () => {
    const client = createAccountsClient(testApp.app);
    const form = usernameForm();
    const reply = await client.sealed('PUT', '/wps/member/register', form);
    expect(reply.body).toMatchObject({
      success: true,
      value: { firstTimeLogin: true, passwordExpired: false },
    });
    client.token = reply.body.value.token;
    expect((await client.call('GET', '/wps/member/info')).body.value.account).toBe(form.username);
    expect((await createAccountsClient(testApp.app).logIn(form.username, 'Secret123')).success).toBe(true);
  });

  it('refuses a taken name whatever its case, next to the field', async () => {
    const reply = await register(usernameForm({ username: 'DEMO123' }));
    expect(reply.body.success).toBe(true);
    const again = await register(usernameForm({ username: 'demo123' }));
    expect(again.body.code).toBe('VALIDATION');
    expect(again.body.value.fields).toEqual({ username: 'This account name is already taken.' });
  });

  it('checks confirmation, terms and age, each next to its field', async () => {
    const reply = await register(
      usernameForm({ confirmPassword: 'Other123', termsAccepted: false, ageConfirmed: undefined }),
    );
    expect(reply.body.code).toBe('VALIDATION');
    expect(reply.body.value.fields).toEqual({
      confirmPassword: 'Incorrect confirmation input.',
      termsAccepted: 'Please agree to the terms.',
      ageConfirmed: 'You must be at least 21 years old.',
    });
  });

  it('shows the rule text with the length range, one number when the bounds are equal', async () => {
    const reply = await register(usernameForm({ username: '1abc', password: 'abc', confirmPassword: 'abc' }));
    expect(reply.body.value.fields).toMatchObject({
      username: 'Enter 6-16 letters or digits, starting with a letter.',
      password: 'Enter 6-20 characters without spaces.',
    });
    const rules = DEMO_REGISTER_RULES.map((rule) =>
      rule.field === 'paymentPassword' ? { ...rule, enabled: true, required: true } : rule,
    );
    await patchDemoSettings(testApp, { register: rules });
    const payment = await register(usernameForm({ paymentPassword: '12' }));
    expect(payment.body.value.fields).toEqual({ paymentPassword: 'Enter 6 digits.' });
  });

  it('answers in Tagalog when asked', async () => {
    const client = createAccountsClient(testApp.app);
    const key = (await client.call('GET', '/wps/system/publicKey')).body.value;
    const { sealPayload } = await import('@panalo/crypto/sealed-payload.ts');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/member/register?language=TY',
      payload: await sealPayload(usernameForm({ termsAccepted: false }), key),
    });
    expect(response.json().value.fields.termsAccepted).toBe('Mangyaring sumang-ayon sa mga tuntunin.');
  });

  it('refuses an underage birthday by the merchant minimum age', async () => {
    const rules = DEMO_REGISTER_RULES.map((rule) =>
      rule.field === 'birthday' ? { ...rule, enabled: true, required: true } : rule,
    );
    await patchDemoSettings(testApp, { register: rules, minimumAge: 25 });
    try {
      const young = await register(usernameForm({ birthday: '2002-01-01' }));
      expect(young.body.value.fields).toEqual({ birthday: 'You must be at least 25 years old.' });
      const old = await register(usernameForm({ birthday: '01-15-1990' }));
      expect(old.body.success).toBe(true);
    } finally {
      await patchDemoSettings(testApp, { minimumAge: DEMO_SETTINGS.minimumAge });
    }
  });

  it("counts the minimum age to today in the merchant's time zone, Asia/Manila", async () => {
    const rules = DEMO_REGISTER_RULES.map((rule) =>
      rule.field === 'birthday' ? { ...rule, enabled: true, required: true } : rule,
    );
    await patchDemoSettings(testApp, { register: rules });
    // 23 November 2027 in Manila begins at 16:00 UTC on the 22nd: a member born on 23 November
    // 2006 is 20 until then and 21 from then on, whatever the day is in UTC. The clock only moves
    // forward, as the new-account counts expect.
    nowMs = Date.parse('2027-11-22T15:59:59Z');
    const dayBefore = await register(usernameForm({ birthday: '2006-11-23' }));
    expect(dayBefore.body.value.fields).toEqual({ birthday: 'You must be at least 21 years old.' });
    const future = await register(usernameForm({ birthday: '2030-01-01' }));
    expect(future.body.value.fields).toEqual({ birthday: 'You must be at least 21 years old.' });
    nowMs = Date.parse('2027-11-22T16:00:00Z');
    const onBirthday = await register(usernameForm({ birthday: '11-23-2006' }));
    expect(onBirthday.body.success).toBe(true);
    const dayAfter = await register(usernameForm({ birthday: '2006-11-24' }));
    expect(dayAfter.body.value.fields).toEqual({ birthday: 'You must be at least 21 years old.' });
  });

  it('checks the invitation code first, and files the member under its agent', async () => {
    const bad = await register(usernameForm({ affiliateCode: 'NOPE', password: 'x' }));
    expect(bad.body.code).toBe('INVITATION_CODE_INVALID');
    const form = usernameForm({ affiliateCode: 'PANALO' });
    expect((await register(form)).body.success).toBe(true);
    const rows = await testApp.database.db
      .selectFrom('members as m')
      .innerJoin('members as upline', 'upline.id', 'm.upline_id')
      .select(['upline.account as upline'])
      .where('m.account', '=', form.username)
      .execute();
    expect(rows).toEqual([{ upline: 'agent' }]);
    const check = await createAccountsClient(testApp.app).call(
      'GET',
      '/wps/agent/affiliate?code=PANALO&domain=localhost',
    );
    expect(check.body.value).toEqual({ valid: true });
  });

  it('exists only while USERNAMEREG3 is on', async () => {
    await patchDemoSettings(testApp, {
      whitelabel: [{ modId: 'USERNAMEREG3', enabled: false, children: [] }],
    });
    const reply = await register(usernameForm());
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('FEATURE_DISABLED');
  });

  describe.each(Object.entries(PATTERN_KINDS))('pattern kind %s', (patternId) => {
    const samples: Record<string, [string, string]> = {
      1: ['any thing!', 'x'],
      2: ['abc123', '1abc'],
      3: ['中文123', 'abc'],
      4: ['a@b.co', 'a@b'],
      5: ['abc123', 'abc-123'],
      6: ['abc123', 'abcdef'],
      7: ['123456', '12a456'],
      8: ['Abc123', 'abc123'],
      9: ['Ab cd', 'Ab1'],
      10: ['a-b_c', 'a b'],
      11: ['中文，', 'abc'],
      12: ['2000-01-31', '2000/01/31'],
      13: ['José Cruz', 'Jose1'],
      14: ['한국어', 'abc'],
      15: ['ภาษาไทย', 'abc'],
      16: ['ไทย abc', 'abc1'],
      17: ['ABC DEF', 'Abc'],
      18: ['a!b#c', 'a b'],
      19: ['Ab1!xyz', 'Abcdefg'],
    };
    it('accepts a matching value and refuses another with its text', async () => {
      const kind = PATTERN_KINDS[Number(patternId) as keyof typeof PATTERN_KINDS];
      const rules = DEMO_REGISTER_RULES.map((rule) =>
        rule.field === 'idNumber'
          ? {
              ...rule,
              enabled: true,
              required: true,
              patternId: Number(patternId),
              acceptedPattern: kind.pattern,
              minLength: 2,
              maxLength: 20,
            }
          : rule,
      );
      await patchDemoSettings(testApp, { register: rules });
      const [good, bad] = samples[patternId] ?? ['', ''];
      expect((await register(usernameForm({ idNumber: good }))).body.success).toBe(true);
      const refused = await register(usernameForm({ idNumber: bad }));
      expect(refused.body.code).toBe('VALIDATION');
      expect(Object.keys(refused.body.value.fields)).toEqual(['idNumber']);
      expect(refused.body.value.fields.idNumber).toMatch(/2-20|date/);
    });
  });
});

describe('registration by mobile number', () => {
  const mobileForm = (mobileNum: string, verificationCode: string) => ({
    mobileNum,
    countryDialingCode: '+63',
    verificationCode,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
  });

  it('sends a code, checks it once, and makes the number the account name', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.50');
    const sent = await client.call('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+63',
      mobileNo: '09181112222',
    });
    expect(sent.body).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await readLatestCode(testApp, '+639181112222');

    const wrong = await client.sealed(
      'PUT',
      '/wps/member/register/mobile',
      mobileForm('09181112222', code === '000000' ? '111111' : '000000'),
    );
    expect(wrong.body.code).toBe('SMS_CODE_INVALID');
    const reply = await client.sealed('PUT', '/wps/member/register/mobile', mobileForm('09181112222', code));
    expect(reply.body.success).toBe(true);
    client.token = reply.body.value.token;
    expect((await client.call('GET', '/wps/member/info')).body.value.account).toBe('09181112222');

    const reused = await register(mobileForm('09181112222', code), '/wps/member/register/mobile');
    expect(reused.body.code).toBe('VALIDATION');
    nowMs += 61_000;
    const taken = await client.call('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+63',
      mobileNo: '9181112222',
    });
    expect(taken.body.value.fields).toEqual({ mobileNo: 'This mobile number is already registered.' });
  });

  it('lets a code expire after five minutes', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.51');
    await client.call('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+63',
      mobileNo: '09183334444',
    });
    const code = await readLatestCode(testApp, '+639183334444');
    nowMs += 5 * 60_000 + 1000;
    const reply = await client.sealed('PUT', '/wps/member/register/mobile', mobileForm('09183334444', code));
    expect(reply.body.code).toBe('SMS_CODE_EXPIRED');
  });

  it('refuses a number that is not a mobile number of the country', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.52');
    const reply = await client.call('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+63',
      mobileNo: '12345',
    });
    expect(reply.body.value.fields).toEqual({ mobileNo: 'Enter a valid mobile number.' });
  });
});
