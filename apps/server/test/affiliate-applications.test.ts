import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
const nowMs = Date.parse('2026-11-24T10:00:00Z');
let merchantId: string;
let otherMerchantId: string;
let top: string;
let adminOfA: BackOfficeClient;
let secondAdminOfA: BackOfficeClient;
let financeOfA: BackOfficeClient;
let contentOfA: BackOfficeClient;
let ownerOfB: BackOfficeClient;

const FORM = { channel: 'facebook', audience: 1200, contact: '+63 917 555 0101', message: 'I run a page.' };
const APPLICATION = '/wps/agent/affiliate/application';

async function memberClient(memberId: string): Promise<AccountsClient> {
  const member = await testApp.app.members.findById(memberId);
  if (!member) throw new Error('no member');
  const started = await testApp.app.members.startSession({
    member,
    policy: { idleMinutes: 600, absoluteMinutes: 6000 },
    method: 'username',
    agentPage: false,
    passwordChangeRequired: false,
    ip: '203.0.113.9',
    country: null,
    userAgent: null,
  });
  const client = createAccountsClient(testApp.app);
  client.token = started.token;
  return client;
}

async function operatorClient(username: string, merchant: string, roleId: string) {
  const { token } = await insertOperatorWithSession(testApp.database.db, {
    username,
    merchantId: merchant,
    roleId,
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

/** A new player of merchant A with a session, and the id of the application they filed. */
async function applicant(
  account: string,
): Promise<{ id: string; client: AccountsClient; applicationId: string }> {
  const id = await insertTeamMember(testApp.database.db, merchantId, { account });
  const client = await memberClient(id);
  const reply = await client.call('POST', APPLICATION, FORM);
  expect(reply.body).toMatchObject({ success: true, value: { status: 'pending' } });
  return { id, client, applicationId: reply.body.value.id };
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherMerchantId = await insertOtherMerchant(db, 'other');
  top = await insertTeamMember(db, merchantId, { type: 1, account: 'aff_top' });
  adminOfA = await operatorClient('aff_admin', merchantId, 'admin');
  secondAdminOfA = await operatorClient('aff_admin2', merchantId, 'admin');
  financeOfA = await operatorClient('aff_finance', merchantId, 'finance');
  contentOfA = await operatorClient('aff_content', merchantId, 'content');
  ownerOfB = await operatorClient('aff_owner_b', otherMerchantId, 'owner');
});
afterAll(async () => {
  await testApp.close();
});

describe("a member's affiliate application", () => {
  it('needs a session, and is refused to trial accounts and to agents', async () => {
    const anonymous = createAccountsClient(testApp.app);
    expect((await anonymous.call('GET', APPLICATION)).body.code).toBe('NOT_LOGGED_IN');
    const trial = await memberClient(await insertTeamMember(testApp.database.db, merchantId, { type: 4 }));
    expect((await trial.call('GET', APPLICATION)).body.code).toBe('TRIAL_ACCOUNT');
    expect((await trial.call('POST', APPLICATION, FORM)).body.code).toBe('TRIAL_ACCOUNT');
    const agent = await memberClient(top);
    expect((await agent.call('GET', APPLICATION)).body.value).toMatchObject({
      application: null,
      mayApply: false,
    });
    const refused = await agent.call('POST', APPLICATION, FORM);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'agent' } });
  });

  it('validates the channel, the audience, the contact and the message length', async () => {
    const client = await memberClient(await insertTeamMember(testApp.database.db, merchantId));
    for (const body of [
      { ...FORM, channel: 'carrier-pigeon' },
      { ...FORM, audience: -1 },
      { ...FORM, audience: 1.5 },
      { ...FORM, contact: '' },
      { ...FORM, contact: '   ' },
      { ...FORM, contact: 'x'.repeat(101) },
      { ...FORM, message: 'x'.repeat(501) },
    ]) {
      const reply = await client.call('POST', APPLICATION, body);
      expect(reply.body.code, JSON.stringify(body)).toBe('VALIDATION');
    }
    expect((await client.call('GET', APPLICATION)).body.value).toMatchObject({
      application: null,
      mayApply: true,
    });
    expect((await client.call('POST', APPLICATION, { ...FORM, message: 'x'.repeat(500) })).body.success).toBe(
      true,
    );
  });

  it('files one pending application under a burst of simultaneous requests', async () => {
    const id = await insertTeamMember(testApp.database.db, merchantId);
    const client = await memberClient(id);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.call('POST', APPLICATION, FORM)),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((each) => !each.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'pending' } });
    }
    const rows = await testApp.database.db
      .selectFrom('affiliate_applications')
      .select('status')
      .where('member_id', '=', id)
      .execute();
    expect(rows).toEqual([{ status: 'pending' }]);
    expect((await client.call('GET', APPLICATION)).body.value).toMatchObject({
      application: { status: 'pending', channel: 'facebook', audience: 1200, contact: FORM.contact },
      mayApply: false,
    });
  });
});

describe("the spec's invitation code check (GET /wps/agent/affiliate)", () => {
  it("answers whether a code is an agent's, and refuses an address that keeps trying codes", async () => {
    const { db } = testApp.database;
    await db.updateTable('members').set({ affiliate_code: 'AFFTOP1' }).where('id', '=', top).execute();
    const visitor = createAccountsClient(testApp.app, '198.51.100.77');
    expect(
      (await visitor.call('GET', '/wps/agent/affiliate?code=AFFTOP1&domain=localhost')).body.value,
    ).toEqual({
      valid: true,
    });
    expect((await visitor.call('GET', '/wps/agent/affiliate?code=NOSUCH1')).body.value).toEqual({
      valid: false,
    });
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) => visitor.call('GET', `/wps/agent/affiliate?code=TRY${index}`)),
    );
    const refused = burst.filter((reply) => reply.body.code === 'RATE_LIMITED');
    expect(refused).toHaveLength(2);
    expect(refused[0]?.status).toBe(429);
    // Another address checks on.
    const other = createAccountsClient(testApp.app, '198.51.100.78');
    expect((await other.call('GET', '/wps/agent/affiliate?code=AFFTOP1')).body.value).toEqual({
      valid: true,
    });
  });
});

describe('the back office affiliate applications queue', () => {
  it('is read by staff who see players, of their own merchant only, and changed by those who change players', async () => {
    const { applicationId } = await applicant('aff_roles');
    expect((await contentOfA.call('GET', '/bo/affiliate-applications')).status).toBe(403);
    const list = await financeOfA.call('GET', '/bo/affiliate-applications?status=pending&pageSize=100');
    expect(list.body.value.list.map((row: { id: string }) => row.id)).toContain(applicationId);
    expect(list.body.value.list.find((row: { id: string }) => row.id === applicationId)).toMatchObject({
      account: 'aff_roles',
      channel: 'facebook',
      status: 'pending',
    });
    const none = await ownerOfB.call('GET', '/bo/affiliate-applications');
    expect(none.body.value.list.map((row: { id: string }) => row.id)).not.toContain(applicationId);
    expect(
      (await ownerOfB.call('POST', `/bo/affiliate-applications/${applicationId}/reject`, { note: 'no' }))
        .status,
    ).toBe(404);
    expect(
      (await financeOfA.call('POST', `/bo/affiliate-applications/${applicationId}/reject`, { note: 'no' }))
        .status,
    ).toBe(403);
    const badCode = await adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/approve`, {
      agentType: 1,
      uplineId: null,
      invitationCode: 'no spaces!',
    });
    expect(badCode.body.code).toBe('VALIDATION');
    expect(
      (await adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/reject`, { note: '' })).body
        .code,
    ).toBe('VALIDATION');
  });

  it('pages and filters by status', async () => {
    const pending = await adminOfA.call('GET', '/bo/affiliate-applications?status=pending&pageSize=1&page=1');
    expect(pending.body.value.list).toHaveLength(1);
    expect(pending.body.value.total).toBeGreaterThanOrEqual(2);
    expect(pending.body.value.totalPages).toBe(pending.body.value.total);
    const rejected = await adminOfA.call('GET', '/bo/affiliate-applications?status=rejected');
    for (const row of rejected.body.value.list) expect(row.status).toBe('rejected');
  });

  it('approves: the member becomes an agent of the type, under the upline, with the code, in the tree, audited and told', async () => {
    const { db } = testApp.database;
    const { id, client, applicationId } = await applicant('aff_approved');
    const approved = await adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/approve`, {
      agentType: 2,
      uplineId: top,
      invitationCode: 'AFFNEW1',
      note: 'Welcome',
    });
    expect(approved.body).toMatchObject({ success: true, value: { id: applicationId, status: 'approved' } });
    const member = await db
      .selectFrom('members')
      .select(['type', 'upline_id', 'affiliate_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ type: 2, upline_id: top, affiliate_code: 'AFFNEW1' });
    const closure = await db
      .selectFrom('member_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', id)
      .where('depth', '>', 0)
      .execute();
    expect(closure).toEqual([{ ancestor_id: top, depth: 1 }]);
    const actions = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', 'in', [id, applicationId])
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['affiliate.approve', 'agent.make']);
    const status = await client.call('GET', APPLICATION);
    expect(status.body.value).toMatchObject({
      application: { status: 'approved', reviewNote: 'Welcome' },
      mayApply: false,
    });
    const messages = await db
      .selectFrom('member_messages')
      .select(['kind'])
      .where('member_id', '=', id)
      .execute();
    expect(messages).toEqual([{ kind: 'affiliate_approved' }]);
    const agentView = await client.call('GET', '/wps/agent/downlines');
    expect(agentView.status).toBe(200);
  });

  it('rejects with a note the member reads, and lets them apply again', async () => {
    const { db } = testApp.database;
    const { id, client, applicationId } = await applicant('aff_rejected');
    await expectOneAuditRow(
      db,
      () =>
        adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/reject`, {
          note: 'Audience too small',
        }),
      { action: 'affiliate.reject', target_id: applicationId },
    );
    const status = await client.call('GET', APPLICATION);
    expect(status.body.value).toMatchObject({
      application: { status: 'rejected', reviewNote: 'Audience too small' },
      mayApply: true,
    });
    const message = await db
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ kind: 'affiliate_rejected', params: { note: 'Audience too small' } });
    expect(
      (await db.selectFrom('members').select('type').where('id', '=', id).executeTakeFirstOrThrow()).type,
    ).toBe(0);
    expect((await client.call('POST', APPLICATION, FORM)).body.success).toBe(true);
  });

  it('refuses a second review: of two operators approving at once, one wins', async () => {
    const { db } = testApp.database;
    const { id, applicationId } = await applicant('aff_race');
    const body = (code: string) => ({ agentType: 41, uplineId: null, invitationCode: code });
    const [first, second] = await Promise.all([
      adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/approve`, body('RACEONE')),
      secondAdminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/approve`, body('RACETWO')),
    ]);
    const outcomes = [first.body, second.body];
    expect(outcomes.filter((outcome) => outcome.success)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.success)).toMatchObject({
      code: 'CONFLICT',
      value: { status: 'approved' },
    });
    const member = await db
      .selectFrom('members')
      .select(['type', 'affiliate_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(member.type).toBe(41);
    expect(['RACEONE', 'RACETWO']).toContain(member.affiliate_code);
    const rejectAfter = await adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/reject`, {
      note: 'late',
    });
    expect(rejectAfter.body).toMatchObject({ code: 'CONFLICT' });
    const moves = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', applicationId)
      .execute();
    expect(moves).toEqual([{ action: 'affiliate.approve' }]);
  });

  it('leaves the application pending when the approval fails: a taken code, an unknown upline', async () => {
    const { db } = testApp.database;
    const { id, applicationId } = await applicant('aff_taken');
    const taken = await adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/approve`, {
      agentType: 1,
      uplineId: null,
      invitationCode: 'AFFNEW1',
    });
    expect(taken.body.code).toBe('VALIDATION');
    expect(Object.keys(taken.body.value.fields)).toEqual(['invitationCode']);
    const notAgent = await adminOfA.call('POST', `/bo/affiliate-applications/${applicationId}/approve`, {
      agentType: 1,
      uplineId: id,
      invitationCode: 'AFFFREE1',
    });
    expect(notAgent.body.code).toBe('VALIDATION');
    const row = await db
      .selectFrom('affiliate_applications')
      .select(['status', 'reviewed_at'])
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', reviewed_at: null });
    expect(
      (await db.selectFrom('members').select('type').where('id', '=', id).executeTakeFirstOrThrow()).type,
    ).toBe(0);
  });
});
