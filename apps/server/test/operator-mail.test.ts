import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Operator mail (docs/back-office.md "Mail and message templates"): audiences, the promotions'
// isMarketable, scheduling by the app's clock, delivery once however many passes run at once, the
// live `message` event, sanitising, and the templates of the system messages.

const MINUTE_MS = 60_000;
let nowMs = Date.parse('2026-11-20T04:00:00Z');

let testApp: TestApp;
let merchantId: string;
let content: BackOfficeClient;
let socketUrl: string;
const sockets: Socket[] = [];

const AGENT_TYPE = 1;

async function operator(username: string, roleId: string): Promise<BackOfficeClient> {
  const { token } = await insertOperatorWithSession(testApp.database.db, {
    username,
    merchantId,
    roleId,
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

function mailBody(overrides: Record<string, unknown>) {
  return {
    kind: 'service',
    titles: { TY: 'Paalala sa iyo', EN: 'A note for you' },
    bodies: { TY: '<p>Kumusta!</p>', EN: '<p>Hello!</p>' },
    ...overrides,
  };
}

async function member(account?: string, uplineId?: string): Promise<{ id: string; account: string }> {
  const name = account ?? `mail${uuidv7().slice(-8)}`;
  const id = await insertTeamMember(testApp.database.db, merchantId, {
    account: name,
    uplineId: uplineId ?? null,
  });
  return { id, account: name };
}

async function messagesOf(memberId: string, language: 'TY' | 'EN' = 'EN') {
  const client: AccountsClient = await sessionClientOf(testApp, memberId);
  const reply = await testApp.app.inject({
    method: 'GET',
    url: `/wps/member/messages?language=${language}&pageSize=50`,
    headers: { authorization: `Bearer ${client.token}` },
  });
  const body = reply.json();
  expect(body).toMatchObject({ success: true });
  return body.value as {
    list: { id: string; kind: string; title: string; content: string; format: string; isRead: boolean }[];
    unread: number;
  };
}

async function mailMessageCount(memberId: string): Promise<number> {
  const rows = await testApp.database.db
    .selectFrom('member_messages')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'operator_mail')
    .execute();
  return rows.length;
}

async function runMailJob(): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'inbox.mail');
  if (!job) throw new Error('no job inbox.mail');
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

async function openPage(memberId: string): Promise<{ socket: Socket; heard: unknown[] }> {
  const client = await sessionClientOf(testApp, memberId);
  const socket = connect(socketUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: client.token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const heard: unknown[] = [];
  socket.on('message', (payload) => heard.push(payload));
  return { socket, heard };
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = (
    await testApp.database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow()
  ).id;
  content = await operator('mail_content', 'content');
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  socketUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp.close();
});

describe('operator mail', () => {
  it('reaches one member at once, sanitised, in the reader language, told live with its id and title, and audited', async () => {
    const reader = await member();
    const page = await openPage(reader.id);
    const heard = new Promise((resolve) => page.socket.once('message', resolve));
    const { reply } = await expectOneAuditRow(
      testApp.database.db,
      () =>
        content.call(
          'POST',
          '/bo/mail',
          mailBody({
            audience: 'member',
            account: reader.account.toUpperCase(),
            bodies: {
              TY: '<p>Kumusta!<script>alert(1)</script></p>',
              EN: '<p onclick="steal()">Hello <a href="javascript:alert(1)">there</a></p>',
            },
          }),
        ),
      { action: 'mail.create', merchant_id: merchantId },
    );
    expect(reply.body.value).toMatchObject({ status: 'sent', delivered: 1, read: 0, audience: 'member' });
    const [message] = (await messagesOf(reader.id, 'EN')).list;
    expect(await heard).toEqual({ id: message?.id, title: 'Paalala sa iyo' });
    expect(message).toMatchObject({ kind: 'operator_mail', title: 'A note for you', format: 'html' });
    expect(message?.content).toBe('<p>Hello <a rel="noopener noreferrer">there</a></p>');
    const [tagalog] = (await messagesOf(reader.id, 'TY')).list;
    expect(tagalog).toMatchObject({ title: 'Paalala sa iyo', content: '<p>Kumusta!</p>' });
  });

  it('refuses unknown accounts, a body empty once sanitised, a time in the past, and more accounts than the limit', async () => {
    const known = await member();
    const unknown = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ audience: 'accounts', accounts: [known.account, 'nobody_here'] }),
    );
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { accounts: 'unknown' }, unknownAccounts: ['nobody_here'] },
    });
    const empty = await content.call(
      'POST',
      '/bo/mail',
      mailBody({
        audience: 'member',
        account: known.account,
        bodies: { TY: '<script>x</script>', EN: '<p>ok</p>' },
      }),
    );
    expect(empty.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { 'bodies.TY': 'required' } } });
    const past = await content.call(
      'POST',
      '/bo/mail',
      mailBody({
        audience: 'member',
        account: known.account,
        sendAt: new Date(nowMs - MINUTE_MS).toISOString(),
      }),
    );
    expect(past.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { sendAt: 'past' } } });
    const tooMany = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ audience: 'accounts', accounts: Array.from({ length: 1001 }, (_, index) => `a${index}`) }),
    );
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION' });
    expect(await mailMessageCount(known.id)).toBe(0);
  });

  it("goes to a VIP level's members, and to an agent's team below the agent, not the agent", async () => {
    const db = testApp.database.db;
    const levelId = uuidv7();
    await db
      .insertInto('vip_levels')
      .values({
        id: levelId,
        merchant_id: merchantId,
        rank: 7,
        names: JSON.stringify({ EN: 'Mail', TY: 'Mail' }),
        label: 'V7',
        created_at: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .execute();
    const vip = await member();
    const notVip = await member();
    await db
      .insertInto('member_vip')
      .values({
        member_id: vip.id,
        merchant_id: merchantId,
        level_id: levelId,
        rank: 7,
        reached_at: new Date(nowMs),
        guaranteed_until: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .execute();
    const toVip = await content.call('POST', '/bo/mail', mailBody({ audience: 'vip', vipRank: 7 }));
    expect(toVip.body.value).toMatchObject({ status: 'sent', delivered: 1 });
    expect(await mailMessageCount(vip.id)).toBe(1);
    expect(await mailMessageCount(notVip.id)).toBe(0);
    const missingLevel = await content.call('POST', '/bo/mail', mailBody({ audience: 'vip', vipRank: 99 }));
    expect(missingLevel.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { vipRank: 'unknown' } },
    });

    const agentId = await insertTeamMember(db, merchantId, { type: AGENT_TYPE, account: 'mailagent' });
    const direct = await member(undefined, agentId);
    const below = await member(undefined, direct.id);
    const outsider = await member();
    const toTeam = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ audience: 'team', agentAccount: 'MailAgent' }),
    );
    expect(toTeam.body.value).toMatchObject({ status: 'sent', delivered: 2 });
    expect(await mailMessageCount(direct.id)).toBe(1);
    expect(await mailMessageCount(below.id)).toBe(1);
    expect(await mailMessageCount(agentId)).toBe(0);
    expect(await mailMessageCount(outsider.id)).toBe(0);
    const notAgent = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ audience: 'team', agentAccount: direct.account }),
    );
    expect(notAgent.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { agentAccount: 'notAgent' } },
    });
  });

  it('promotional mail skips members who opted out of promotions; service mail reaches them', async () => {
    const willing = await member();
    const optedOut = await member();
    await testApp.app.bonuses.setOptOut(optedOut.id, true);
    const accounts = [willing.account, optedOut.account];
    const promotional = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ kind: 'promotional', audience: 'accounts', accounts }),
    );
    expect(promotional.body.value).toMatchObject({ status: 'sent', delivered: 1 });
    expect(await mailMessageCount(willing.id)).toBe(1);
    expect(await mailMessageCount(optedOut.id)).toBe(0);
    const service = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ kind: 'service', audience: 'accounts', accounts }),
    );
    expect(service.body.value).toMatchObject({ delivered: 2 });
    expect(await mailMessageCount(optedOut.id)).toBe(1);
  });

  it('a scheduled mail waits for its time on the given clock; a cancelled one never goes; a sent one cannot be cancelled', async () => {
    const reader = await member();
    const sendAt = new Date(nowMs + 10 * MINUTE_MS).toISOString();
    const scheduled = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ audience: 'member', account: reader.account, sendAt }),
    );
    expect(scheduled.body.value).toMatchObject({ status: 'scheduled', delivered: 0 });
    const cancelledMail = await content.call(
      'POST',
      '/bo/mail',
      mailBody({ audience: 'member', account: reader.account, sendAt }),
    );
    await expectOneAuditRow(
      testApp.database.db,
      () => content.call('POST', `/bo/mail/${cancelledMail.body.value.id}/cancel`),
      { action: 'mail.cancel' },
    );

    await runMailJob();
    expect(await mailMessageCount(reader.id)).toBe(0);
    nowMs += 10 * MINUTE_MS;
    await runMailJob();
    expect(await mailMessageCount(reader.id)).toBe(1);
    const sent = await content.call('GET', `/bo/mail/${scheduled.body.value.id}`);
    expect(sent.body.value).toMatchObject({ status: 'sent', delivered: 1, read: 0 });
    const cancelled = await content.call('GET', `/bo/mail/${cancelledMail.body.value.id}`);
    expect(cancelled.body.value).toMatchObject({ status: 'cancelled', delivered: 0 });
    const tooLate = await content.call('POST', `/bo/mail/${scheduled.body.value.id}/cancel`);
    expect(tooLate.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_SCHEDULED' } });

    // The member reads it: the list counts the read.
    await (await sessionClientOf(testApp, reader.id)).call('POST', '/wps/member/messages/read', {});
    const listed = await content.call('GET', '/bo/mail?pageSize=100');
    const row = listed.body.value.list.find((mail: { id: string }) => mail.id === scheduled.body.value.id);
    expect(row).toMatchObject({ delivered: 1, read: 1 });
  });

  it('delivers a due mail once when passes run at once on several nodes, and a delivery claimed again adds nobody twice', async () => {
    const db = testApp.database.db;
    const agentId = await insertTeamMember(db, merchantId, { type: AGENT_TYPE, account: 'mailburst' });
    const team = await Promise.all(Array.from({ length: 30 }, () => member(undefined, agentId)));
    const pages = await Promise.all(team.slice(0, 3).map((teamMember) => openPage(teamMember.id)));
    const created = await content.call(
      'POST',
      '/bo/mail',
      mailBody({
        audience: 'team',
        agentAccount: 'mailburst',
        sendAt: new Date(nowMs + MINUTE_MS).toISOString(),
      }),
    );
    nowMs += MINUTE_MS;
    await Promise.all(Array.from({ length: 5 }, () => runMailJob()));
    for (const teamMember of team) expect(await mailMessageCount(teamMember.id)).toBe(1);
    const sent = await content.call('GET', `/bo/mail/${created.body.value.id}`);
    expect(sent.body.value).toMatchObject({ status: 'sent', delivered: 30 });
    // Each open page heard its one message (the last of them has been sent before the job ended).
    await expect.poll(() => pages.map((page) => page.heard.length)).toEqual([1, 1, 1]);

    // A delivery whose node died is claimed again once stale, and writes no second message.
    await db
      .updateTable('operator_mails')
      .set({ status: 'sending', claimed_at: new Date(nowMs - 11 * MINUTE_MS) })
      .where('id', '=', created.body.value.id)
      .execute();
    await runMailJob();
    for (const teamMember of team) expect(await mailMessageCount(teamMember.id)).toBe(1);
    expect(pages.map((page) => page.heard.length)).toEqual([1, 1, 1]);
    const again = await content.call('GET', `/bo/mail/${created.body.value.id}`);
    expect(again.body.value).toMatchObject({ status: 'sent', delivered: 30 });
  });

  it('needs messages.write to send and messages.read to list; finance has neither, support both', async () => {
    const finance = await operator('mail_finance', 'finance');
    const support = await operator('mail_support', 'support');
    const reader = await member();
    const body = mailBody({ audience: 'member', account: reader.account });
    expect((await finance.call('POST', '/bo/mail', body)).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await finance.call('GET', '/bo/mail')).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await support.call('POST', '/bo/mail', body)).body).toMatchObject({ success: true });
    expect((await support.call('GET', '/bo/message-templates')).body).toMatchObject({ success: true });
  });
});

describe('message templates', () => {
  it('list every system message in both languages with the placeholders each may use', async () => {
    const reply = await content.call('GET', '/bo/message-templates');
    const list = reply.body.value.list as { kind: string; language: string; placeholders: string[] }[];
    const deposit = list.find((view) => view.kind === 'deposit_arrived' && view.language === 'EN');
    expect(deposit).toMatchObject({ placeholders: ['amount', 'site'], custom: null });
    expect(
      list
        .filter((view) => view.kind === 'withdrawal_rejected')
        .map((view) => view.language)
        .sort(),
    ).toEqual(['EN', 'TY']);
  });

  it('refuse a placeholder the message does not fill, and an empty title', async () => {
    const unknown = await content.call('PUT', '/bo/message-templates/deposit_arrived/EN', {
      title: 'Money in',
      body: '{amount} arrived for order {orderNo}.',
    });
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { body: 'placeholder' }, unknownPlaceholders: ['orderNo'] },
    });
    const empty = await content.call('PUT', '/bo/message-templates/deposit_arrived/EN', {
      title: ' ',
      body: '{amount}',
    });
    expect(empty.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { title: 'required' } } });
    const preview = await content.call('POST', '/bo/message-templates/preview', {
      kind: 'deposit_arrived',
      language: 'EN',
      title: 'Money in',
      body: '{amount} is in your {site} wallet.',
    });
    expect(preview.body.value).toEqual({ title: 'Money in', body: '₱1,000.00 is in your Panalo wallet.' });
  });

  it("word the merchant's messages in its template of that language, audited, until reset to the built-in one", async () => {
    const reader = await member();
    await expectOneAuditRow(
      testApp.database.db,
      () =>
        content.call('PUT', '/bo/message-templates/deposit_arrived/EN', {
          title: 'Money in: {amount}',
          body: 'We added {amount} to your {site} wallet.',
        }),
      { action: 'message_template.save' },
    );
    const page = await openPage(reader.id);
    const heard = new Promise((resolve) => page.socket.once('message', resolve));
    await testApp.app.inbox.send({
      merchantId,
      memberId: reader.id,
      kind: 'deposit_arrived',
      params: { amount: '₱250.00' },
      dedupeKey: `deposit:${uuidv7()}`,
    });
    // The event's title is in the default language, which still has the built-in wording.
    expect(await heard).toMatchObject({ title: 'Natanggap ang deposito' });
    expect((await messagesOf(reader.id, 'EN')).list[0]).toMatchObject({
      title: 'Money in: ₱250.00',
      content: 'We added ₱250.00 to your Panalo wallet.',
      format: 'text',
    });
    expect((await messagesOf(reader.id, 'TY')).list[0]).toMatchObject({ title: 'Natanggap ang deposito' });

    await expectOneAuditRow(
      testApp.database.db,
      () => content.call('DELETE', '/bo/message-templates/deposit_arrived/EN'),
      { action: 'message_template.reset' },
    );
    expect((await messagesOf(reader.id, 'EN')).list[0]).toMatchObject({ title: 'Deposit received' });
  });
});
