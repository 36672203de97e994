import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maskAccountNumbers } from '../src/modules/chat/chat-text.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { insertOperatorWithSession, insertOtherMerchant } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { imageOf, memberAt, uploadFile } from './support/promotion-fixtures.ts';
import { createSeededApp, patchDemoSettings, setDemoMainOrigin } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const START_MS = Date.parse('2026-11-20T04:00:00Z');
let nowMs = START_MS;
const clock = () => new Date(nowMs);

type Ack = { ok: boolean; code?: string; value?: Record<string, unknown> & { id?: string } };

const sockets: Socket[] = [];
function open(url: string, namespace: '/chat' | '/desk', token: string): Socket {
  const socket = connect(`${url}${namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was let in')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

function nextEvent<T>(
  socket: Socket,
  event: string,
  matches: (payload: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), 10_000);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

function emit(socket: Socket, event: string, payload: unknown): Promise<Ack> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<Ack>;
}

async function listen(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

let ipCount = 0;
/** A visitor's launch from an address of its own (the launches are counted per address). */
async function launchVisitor(testApp: TestApp, name = 'Ana Cruz', contact = '+63 917 555 0101') {
  ipCount += 1;
  const client = createAccountsClient(testApp.app, `198.51.100.${ipCount}`);
  const reply = await client.call('POST', '/wps/chat/launch', { name, contact });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value as { chatUrl: string; token: string; expiresAt: string };
}

let operatorCount = 0;
async function operator(testApp: TestApp, merchantId: string, roleId = 'support') {
  operatorCount += 1;
  return insertOperatorWithSession(testApp.database.db, {
    username: `chat_${roleId}_${operatorCount}`,
    merchantId,
    roleId,
    nowMs,
  });
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe('live chat', () => {
  let testApp: TestApp;
  let url: string;
  let merchantId: string;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: clock });
    merchantId = await demoMerchantId(testApp);
    url = await listen(testApp);
    // Seeding the demo merchant takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
  });

  it("answers our chat page on the merchant's configured origin, never the request's host", async () => {
    await setDemoMainOrigin(testApp, 'https://panalo-chat.example.test');
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/wps/chat/launch',
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(reply.json().value).toEqual({ chatUrl: 'https://panalo-chat.example.test/chat' });
    // The demo's LIVECHAT entry names our own page (/chat): it is the desk.
    const models = await testApp.app.inject({ method: 'GET', url: '/wps/chat/models?language=EN' });
    expect(models.json().value).toEqual({
      list: [{ id: expect.any(String), csType: 'LIVECHAT', title: 'Live chat', model: 'desk' }],
    });
  });

  it('answers a visitor a chat token in the body, never in the chat URL', async () => {
    const launched = await launchVisitor(testApp);
    expect(launched.token).toMatch(/^cv1\./);
    expect(launched.chatUrl).not.toContain(launched.token);
    expect(Date.parse(launched.expiresAt) - nowMs).toBe(24 * 3600_000);
  });

  it("refuses a visitor's launch without a valid name and contact", async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.200');
    for (const body of [
      { name: '', contact: '+639175550101' },
      { name: 'Ana', contact: 'not a contact' },
      { name: 'Ana\u0000', contact: 'ana@example.com' },
      { name: 'A'.repeat(61), contact: 'ana@example.com' },
      { name: 'Ana', contact: 'ana@example.com', extra: 1 },
    ]) {
      const reply = await client.call('POST', '/wps/chat/launch', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('counts a burst of launches from one address in full', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.250');
    const replies = await Promise.all(
      Array.from({ length: 16 }, () =>
        client.call('POST', '/wps/chat/launch', { name: 'Burst', contact: 'burst@example.com' }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(10);
    expect(replies.filter((reply) => reply.body.code === 'RATE_LIMITED')).toHaveLength(6);
  });

  it('counts a burst of launches from one device over many addresses in full', async () => {
    const replies = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        testApp.app.inject({
          method: 'POST',
          url: '/wps/chat/launch',
          remoteAddress: `192.0.2.${100 + index}`,
          headers: { 'x-device-id': 'device-chat-burst-0001' },
          payload: { name: 'Device', contact: 'device@example.com' },
        }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(5);
  });

  it('answers an external chat address when the operator points the entry elsewhere', async () => {
    const pointTo = (path: string) =>
      testApp.database.db
        .updateTable('merchant_customer_services')
        .set({ path })
        .where('merchant_id', '=', merchantId)
        .where('cs_type', '=', 'LIVECHAT')
        .returning('id')
        .execute();
    const [entry] = await pointTo('https://support.example.org/chat?site=panalo');
    try {
      const launch = await testApp.app.inject({ method: 'GET', url: '/wps/chat/launch' });
      expect(launch.json().value.chatUrl).toBe('https://support.example.org/chat?site=panalo');
      const models = await testApp.app.inject({ method: 'GET', url: '/wps/chat/models?language=EN' });
      expect(models.json().value.list).toEqual([
        { id: entry?.id, csType: 'LIVECHAT', title: 'Live chat', model: 'external' },
      ]);
      const visitor = await createAccountsClient(testApp.app, '198.51.100.199').call(
        'POST',
        '/wps/chat/launch',
        {
          name: 'Ana',
          contact: 'ana@example.com',
        },
      );
      expect(visitor.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await pointTo('/chat');
    }
  });

  it('refuses a desk socket without support.chat, and a member or visitor token there', async () => {
    const content = await operator(testApp, merchantId, 'content');
    expect(await refusal(open(url, '/desk', content.token))).toBe('NOT_LOGGED_IN');
    const visitor = await launchVisitor(testApp);
    expect(await refusal(open(url, '/desk', visitor.token))).toBe('NOT_LOGGED_IN');
    expect(await refusal(open(url, '/chat', 'cv1.made-up-token'))).toBe('NOT_LOGGED_IN');
  });

  it('leaves a message as a ticket while no operator is on the desk, and masks account numbers', async () => {
    const visitor = await launchVisitor(testApp, 'Offline Olga', 'olga@example.com');
    const socket = open(url, '/chat', visitor.token);
    const state = nextEvent<{ isDeskOnline: boolean; conversation: unknown }>(socket, 'state');
    await connected(socket);
    expect(await state).toMatchObject({ isDeskOnline: false, conversation: null, name: 'Offline Olga' });
    const sent = await emit(socket, 'send', { text: 'Please refund to account 1234 5678 9012 3456' });
    expect(sent.ok).toBe(true);
    expect(sent.value).toMatchObject({
      text: 'Please refund to account •••• •••• •••• 3456',
      senderKind: 'visitor',
    });

    const desk = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    await connected(deskSocket);
    const queue = await emit(deskSocket, 'queue', {});
    const ticket = (
      (queue.value?.open ?? []) as { customerName: string; isTicket: boolean; lastText: string }[]
    ).find((item) => item.customerName === 'Offline Olga');
    expect(ticket).toMatchObject({
      isTicket: true,
      lastText: 'Please refund to account •••• •••• •••• 3456',
    });
  });

  it('lets a visitor and an operator chat: accept, messages both ways, typing and read marks', async () => {
    const desk = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    await connected(deskSocket);

    const visitor = await launchVisitor(testApp, 'Visitor Vic', 'vic@example.com');
    const socket = open(url, '/chat', visitor.token);
    const state = nextEvent<{ isDeskOnline: boolean }>(socket, 'state');
    await connected(socket);
    expect((await state).isDeskOnline).toBe(true);

    const queued = nextEvent<{ id: string; status: string; isTicket: boolean }>(deskSocket, 'queue');
    const atDesk = nextEvent<{ text: string; conversationId: string }>(deskSocket, 'message');
    const first = await emit(socket, 'send', { text: 'Hello, my deposit is missing' });
    expect(first.ok).toBe(true);
    const conversation = await queued;
    expect(conversation).toMatchObject({ status: 'waiting', isTicket: false });
    expect(await atDesk).toMatchObject({
      text: 'Hello, my deposit is missing',
      conversationId: conversation.id,
    });

    const acceptedView = nextEvent<{ status: string; operatorName: string }>(socket, 'conversation');
    const accepted = await emit(deskSocket, 'accept', { conversationId: conversation.id });
    expect(accepted.ok).toBe(true);
    expect(await acceptedView).toMatchObject({ status: 'active', operatorName: desk.id.replace(/^op-/, '') });

    const typing = nextEvent<{ isTyping: boolean }>(socket, 'typing');
    await emit(deskSocket, 'typing', { conversationId: conversation.id, isTyping: true });
    expect(await typing).toEqual({ from: 'operator', isTyping: true });

    const reply = nextEvent<{ text: string; senderKind: string }>(socket, 'message');
    const sentReply = await emit(deskSocket, 'send', {
      conversationId: conversation.id,
      text: 'Let me check.',
    });
    expect(sentReply.ok).toBe(true);
    expect(await reply).toMatchObject({ text: 'Let me check.', senderKind: 'operator' });

    const readAtDesk = nextEvent<{ by: string; upTo: string }>(deskSocket, 'read');
    await emit(socket, 'read', { messageId: sentReply.value?.id });
    expect(await readAtDesk).toMatchObject({ by: 'customer', upTo: sentReply.value?.id });

    const readByOperator = nextEvent<{ by: string; upTo: string }>(socket, 'read');
    await emit(deskSocket, 'read', { conversationId: conversation.id, messageId: first.value?.id });
    expect(await readByOperator).toEqual({ by: 'operator', upTo: first.value?.id });

    const closedView = nextEvent<{ status: string }>(socket, 'conversation');
    expect((await emit(deskSocket, 'close', { conversationId: conversation.id })).ok).toBe(true);
    expect(await closedView).toMatchObject({ status: 'closed' });
    expect((await emit(socket, 'rate', { rating: 5 })).ok).toBe(true);
    const row = await testApp.database.db
      .selectFrom('chat_conversations')
      .select(['rating', 'status'])
      .where('id', '=', conversation.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, status: 'closed' });
  });

  it('gives a conversation to one of two operators accepting at once', async () => {
    const visitor = await launchVisitor(testApp, 'Race Rita', 'rita@example.com');
    const socket = open(url, '/chat', visitor.token);
    await connected(socket);
    const sent = await emit(socket, 'send', { text: 'Anyone there?' });
    const conversationId = String(sent.value?.conversationId);
    const desks = await Promise.all([operator(testApp, merchantId), operator(testApp, merchantId)]);
    const deskSockets = desks.map((desk) => open(url, '/desk', desk.token));
    await Promise.all(deskSockets.map(connected));
    const answers = await Promise.all(deskSockets.map((desk) => emit(desk, 'accept', { conversationId })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 'CONFLICT')).toHaveLength(1);
  });

  it("holds an operator's limit of active conversations under a burst of accepts", async () => {
    await patchDemoSettings(testApp, { liveChat: { activeChatsPerOperatorMax: 2 } });
    try {
      const conversationIds: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const visitor = await launchVisitor(
          testApp,
          `Limit ${String.fromCharCode(65 + index)}`,
          'limit@example.com',
        );
        const socket = open(url, '/chat', visitor.token);
        await connected(socket);
        const sent = await emit(socket, 'send', { text: 'Hi' });
        conversationIds.push(String(sent.value?.conversationId));
      }
      const desk = await operator(testApp, merchantId);
      const deskSocket = open(url, '/desk', desk.token);
      await connected(deskSocket);
      const answers = await Promise.all(
        conversationIds.map((conversationId) => emit(deskSocket, 'accept', { conversationId })),
      );
      expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
      expect(answers.filter((answer) => answer.code === 'LIMIT_REACHED')).toHaveLength(3);

      // A transfer to a colleague at the limit is refused as well.
      const colleague = await operator(testApp, merchantId);
      const colleagueSocket = open(url, '/desk', colleague.token);
      await connected(colleagueSocket);
      const waiting = conversationIds.filter((_, index) => !answers[index]?.ok);
      const taken = await Promise.all(
        waiting.map((conversationId) => emit(colleagueSocket, 'accept', { conversationId })),
      );
      expect(taken.filter((answer) => answer.ok)).toHaveLength(2);
      const mine = conversationIds.find((_, index) => answers[index]?.ok);
      const refused = await emit(deskSocket, 'transfer', { conversationId: mine, operatorId: colleague.id });
      expect(refused.code).toBe('LIMIT_REACHED');
    } finally {
      await patchDemoSettings(testApp, { liveChat: { activeChatsPerOperatorMax: 5 } });
    }
  });

  it('transfers a conversation to a colleague, who then answers it', async () => {
    const visitor = await launchVisitor(testApp, 'Transfer Tess', 'tess@example.com');
    const socket = open(url, '/chat', visitor.token);
    await connected(socket);
    const sent = await emit(socket, 'send', { text: 'Question about bonuses' });
    const conversationId = String(sent.value?.conversationId);
    const [first, second] = await Promise.all([operator(testApp, merchantId), operator(testApp, merchantId)]);
    const firstSocket = open(url, '/desk', first.token);
    const secondSocket = open(url, '/desk', second.token);
    await Promise.all([connected(firstSocket), connected(secondSocket)]);
    expect((await emit(firstSocket, 'accept', { conversationId })).ok).toBe(true);
    const colleagues = await emit(firstSocket, 'colleagues', {});
    expect(colleagues.value).toEqual(
      expect.arrayContaining([{ id: second.id, name: second.id.replace(/^op-/, '') }]),
    );
    expect((await emit(firstSocket, 'transfer', { conversationId, operatorId: second.id })).ok).toBe(true);
    expect((await emit(firstSocket, 'send', { conversationId, text: 'Still me?' })).code).toBe('CONFLICT');
    const reply = nextEvent<{ text: string }>(socket, 'message');
    expect((await emit(secondSocket, 'send', { conversationId, text: 'I can help.' })).ok).toBe(true);
    expect((await reply).text).toBe('I can help.');
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', conversationId)
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['chat.accept', 'chat.transfer']);
  });

  it('lets a member chat with their session, shown to the desk with their account', async () => {
    const member = await memberAt(testApp, merchantId, clock());
    const socket = open(url, '/chat', String(member.client.token));
    await connected(socket);
    const sent = await emit(socket, 'send', { text: 'Hi, member here' });
    expect(sent.value).toMatchObject({ senderKind: 'member' });
    const desk = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    await connected(deskSocket);
    const opened = await emit(deskSocket, 'open', { conversationId: sent.value?.conversationId });
    expect(opened.value).toMatchObject({
      conversation: { memberId: member.id, customerContact: null },
      messages: [{ text: 'Hi, member here', senderKind: 'member' }],
    });
    const facts = await emit(deskSocket, 'customer', { conversationId: sent.value?.conversationId });
    expect(facts.value).toEqual({
      exclusion: null,
      canDeposit: true,
      limits: expect.any(Array),
      realityCheckMinutes: null,
      uplineAccount: null,
    });
  });

  it('flags a withdrawal topic and has the member confirm who they are with their password, counted under a burst', async () => {
    const member = await memberAt(testApp, merchantId, clock());
    const desk = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    await connected(deskSocket);
    const socket = open(url, '/chat', String(member.client.token));
    await connected(socket);

    // A first message on another topic; the second speaks of a withdrawal to a bank.
    const first = await emit(socket, 'send', { text: 'Hello po' });
    const conversationId = String(first.value?.conversationId);
    expect((await emit(deskSocket, 'accept', { conversationId })).ok).toBe(true);
    const flagged = nextEvent<{ id: string; topicFlaggedAt: string | null }>(
      deskSocket,
      'queue',
      (item) => item.id === conversationId && item.topicFlaggedAt !== null,
    );
    await emit(socket, 'send', { text: 'Paano mag-withdraw sa bangko ko?' });
    expect((await flagged).topicFlaggedAt).toBe(clock().toISOString());

    // Nothing to answer before the operator asks.
    expect((await emit(socket, 'confirmIdentity', { password: 'Promo12345' })).code).toBe('CONFLICT');
    const asked = nextEvent<{ text: string; senderKind: string }>(socket, 'message');
    expect((await emit(deskSocket, 'requestIdentity', { conversationId })).ok).toBe(true);
    expect(await asked).toMatchObject({ senderKind: 'system', text: 'identity.requested' });

    // A wrong password leaves a note for the operator; a burst of wrong ones is counted in full.
    const failedNote = nextEvent<{ text: string }>(
      deskSocket,
      'message',
      (message) => message.text === 'identity.failed',
    );
    const wrong = await emit(socket, 'confirmIdentity', { password: 'not-it' });
    expect(wrong.code).toBe('BAD_CREDENTIALS');
    await failedNote;
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => emit(socket, 'confirmIdentity', { password: 'still-not-it' })),
    );
    const codes = burst.map((answer) => answer.code).sort();
    expect(codes.filter((code) => code === 'BAD_CREDENTIALS')).toHaveLength(4);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(4);
    // Even the right password waits once five were wrong.
    expect((await emit(socket, 'confirmIdentity', { password: 'Promo12345' })).code).toBe('RATE_LIMITED');

    // An hour later the right one confirms, once; the desk sees it.
    nowMs += 3600_000 + 1000;
    try {
      const confirmed = nextEvent<{ id: string; identityConfirmedAt: string | null }>(
        deskSocket,
        'queue',
        (item) => item.id === conversationId && item.identityConfirmedAt !== null,
      );
      expect((await emit(socket, 'confirmIdentity', { password: 'Promo12345' })).ok).toBe(true);
      expect((await confirmed).identityConfirmedAt).toBe(clock().toISOString());
      expect((await emit(socket, 'confirmIdentity', { password: 'Promo12345' })).code).toBe('CONFLICT');
    } finally {
      nowMs = START_MS;
    }
    const notes = await testApp.database.db
      .selectFrom('chat_messages')
      .select('body')
      .where('conversation_id', '=', conversationId)
      .where('sender_kind', '=', 'system')
      .orderBy('id')
      .execute();
    expect(notes.map((note) => note.body)).toEqual([
      'identity.requested',
      ...Array(5).fill('identity.failed'),
      'identity.confirmed',
    ]);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', conversationId)
      .execute();
    expect(audit.map((entry) => entry.action)).toContain('chat.identity.request');
  });

  it("never asks a visitor to confirm who they are, nor for another operator's conversation", async () => {
    const desk = await operator(testApp, merchantId);
    const other = await operator(testApp, merchantId);
    const [deskSocket, otherSocket] = [open(url, '/desk', desk.token), open(url, '/desk', other.token)];
    await Promise.all([connected(deskSocket), connected(otherSocket)]);
    const visitor = await launchVisitor(testApp, 'Visitor Val', 'val@example.com');
    const socket = open(url, '/chat', visitor.token);
    await connected(socket);
    const sent = await emit(socket, 'send', { text: 'I want to withdraw to my bank account' });
    const conversationId = String(sent.value?.conversationId);
    expect((await emit(deskSocket, 'accept', { conversationId })).ok).toBe(true);
    expect((await emit(deskSocket, 'requestIdentity', { conversationId })).code).toBe('CONFLICT');
    expect((await emit(socket, 'confirmIdentity', { password: 'anything' })).code).toBe('CONFLICT');
    const row = await testApp.database.db
      .selectFrom('chat_conversations')
      .select(['topic_flagged_at', 'identity_requested_at'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ topic_flagged_at: null, identity_requested_at: null });

    const member = await memberAt(testApp, merchantId, clock());
    const memberSocket = open(url, '/chat', String(member.client.token));
    await connected(memberSocket);
    const fromMember = await emit(memberSocket, 'send', { text: 'Hi' });
    const memberConversation = String(fromMember.value?.conversationId);
    expect((await emit(deskSocket, 'accept', { conversationId: memberConversation })).ok).toBe(true);
    const refused = await emit(otherSocket, 'requestIdentity', { conversationId: memberConversation });
    expect(refused.code).toBe('CONFLICT');
  });

  it('shows pictures both ways: a visitor only once accepted, each sent once, read only by the two sides', async () => {
    const desk = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    await connected(deskSocket);
    const visitor = await launchVisitor(testApp, 'Picture Pia', 'pia@example.com');
    const socket = open(url, '/chat', visitor.token);
    await connected(socket);
    const png = await imageOf('png');
    const picture = { name: 'receipt.png', type: 'image/png', data: png };

    // No conversation yet, then one waiting for an operator: a visitor's picture waits for the accept.
    expect((await uploadFile(testApp, '/wps/chat/image', visitor.token, picture)).body.code).toBe('CONFLICT');
    const first = await emit(socket, 'send', { text: 'Here is my receipt' });
    const conversationId = String(first.value?.conversationId);
    const early = await uploadFile(testApp, '/wps/chat/image', visitor.token, picture);
    expect(early.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_ACCEPTED' } });
    expect((await emit(deskSocket, 'accept', { conversationId })).ok).toBe(true);

    // Checked by content: a text file named .png is refused.
    const fake = await uploadFile(testApp, '/wps/chat/image', visitor.token, {
      ...picture,
      data: Buffer.from('not an image at all'),
    });
    expect(fake.status).toBe(422);
    const uploaded = await uploadFile(testApp, '/wps/chat/image', visitor.token, picture);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const imageId = String(uploaded.body.value.id);

    // Sent once, even by a burst of sends; the desk gets the message with the picture.
    const atDesk = nextEvent<{ imageId: string | null; text: string }>(
      deskSocket,
      'message',
      (message) => message.imageId === imageId,
    );
    const sends = await Promise.all(Array.from({ length: 5 }, () => emit(socket, 'send', { imageId })));
    expect(sends.filter((answer) => answer.ok)).toHaveLength(1);
    expect(sends.filter((answer) => answer.code === 'CONFLICT')).toHaveLength(4);
    expect(await atDesk).toMatchObject({ imageId, text: '' });

    // Read by its customer and by the merchant's desk; nobody else learns it exists.
    const read = (path: string, token: string) =>
      testApp.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    const own = await read(`/wps/chat/images/${imageId}`, visitor.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const stranger = await launchVisitor(testApp, 'Other Olga', 'olga@example.com');
    expect((await read(`/wps/chat/images/${imageId}`, stranger.token)).statusCode).toBe(404);
    expect((await read(`/bo/chat/images/${imageId}`, desk.token)).statusCode).toBe(200);
    const otherMerchant = await insertOtherMerchant(testApp.database.db, `chatimg${operatorCount}`);
    const outsider = await operator(testApp, otherMerchant);
    expect((await read(`/bo/chat/images/${imageId}`, outsider.token)).statusCode).toBe(404);
    // A stranger cannot send someone else's picture into their own conversation.
    const strangerSocket = open(url, '/chat', stranger.token);
    await connected(strangerSocket);
    await emit(strangerSocket, 'send', { text: 'Hi' });
    expect((await emit(strangerSocket, 'send', { imageId })).code).toBe('CONFLICT');

    // The operator answers with a picture of their own, into the conversation they hold.
    const fromDesk = await uploadFile(
      testApp,
      `/bo/chat/conversations/${conversationId}/images`,
      desk.token,
      picture,
    );
    expect(fromDesk.status, JSON.stringify(fromDesk.body)).toBe(200);
    const toCustomer = nextEvent<{ imageId: string | null; senderKind: string }>(socket, 'message');
    const shown = await emit(deskSocket, 'send', { conversationId, imageId: fromDesk.body.value.id });
    expect(shown.ok).toBe(true);
    expect(await toCustomer).toMatchObject({ imageId: fromDesk.body.value.id, senderKind: 'operator' });
    const colleague = await operator(testApp, merchantId);
    const notTheirs = await uploadFile(
      testApp,
      `/bo/chat/conversations/${conversationId}/images`,
      colleague.token,
      picture,
    );
    expect(notTheirs.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_YOURS' } });
  });

  it("holds a conversation's pictures to 30 under a burst of uploads", async () => {
    const desk = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    await connected(deskSocket);
    const visitor = await launchVisitor(testApp, 'Burst Bea', 'bea@example.com');
    const socket = open(url, '/chat', visitor.token);
    await connected(socket);
    const first = await emit(socket, 'send', { text: 'Many receipts' });
    const conversationId = String(first.value?.conversationId);
    expect((await emit(deskSocket, 'accept', { conversationId })).ok).toBe(true);
    // 28 pictures there already; a burst of 5 more finds room for exactly 2.
    await testApp.database.db
      .insertInto('chat_images')
      .values(
        Array.from({ length: 28 }, (_, index) => ({
          id: `burst-image-${index}`,
          merchant_id: merchantId,
          conversation_id: conversationId,
          uploader_kind: 'visitor' as const,
          image_path: 'chat/none.webp',
          byte_size: 100,
          created_at: clock(),
        })),
      )
      .execute();
    const picture = { name: 'receipt.png', type: 'image/png', data: await imageOf('png') };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => uploadFile(testApp, '/wps/chat/image', visitor.token, picture)),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(2);
    expect(replies.filter((reply) => reply.body.code === 'LIMIT_REACHED')).toHaveLength(3);
    const stored = await testApp.database.db
      .selectFrom('chat_images')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .execute();
    expect(stored).toHaveLength(30);
  });

  it("keeps the merchant's canned replies, added and removed at the desk and audited", async () => {
    const desk = await operator(testApp, merchantId);
    const colleague = await operator(testApp, merchantId);
    const deskSocket = open(url, '/desk', desk.token);
    const colleagueSocket = open(url, '/desk', colleague.token);
    await Promise.all([connected(deskSocket), connected(colleagueSocket)]);
    const told = nextEvent<{ id: string; title: string }[]>(colleagueSocket, 'cannedReplies');
    const added = await emit(deskSocket, 'cannedReplyAdd', {
      title: 'Greeting',
      text: 'Hello! How can I help?',
    });
    expect(added.value).toMatchObject({ title: 'Greeting', text: 'Hello! How can I help?' });
    expect((await told).map((reply) => reply.title)).toContain('Greeting');
    expect((await emit(deskSocket, 'cannedReplyAdd', { title: ' ', text: 'x' })).code).toBe('VALIDATION');
    const listed = await emit(colleagueSocket, 'cannedReplies', {});
    expect(listed.value).toEqual(
      expect.arrayContaining([{ id: added.value?.id, title: 'Greeting', text: 'Hello! How can I help?' }]),
    );
    expect((await emit(colleagueSocket, 'cannedReplyRemove', { id: added.value?.id })).ok).toBe(true);
    expect((await emit(colleagueSocket, 'cannedReplyRemove', { id: added.value?.id })).code).toBe(
      'NOT_FOUND',
    );
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(added.value?.id))
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['chat.canned.create', 'chat.canned.delete']);
  });

  it('refuses malformed and oversized payloads', async () => {
    const visitor = await launchVisitor(testApp, 'Sizes Sam', 'sam@example.com');
    const socket = open(url, '/chat', visitor.token);
    await connected(socket);
    expect((await emit(socket, 'send', { text: 'x'.repeat(2001) })).code).toBe('VALIDATION');
    expect((await emit(socket, 'send', { text: '   ' })).code).toBe('VALIDATION');
    expect((await emit(socket, 'send', { body: 'hi' })).code).toBe('VALIDATION');
    expect((await emit(socket, 'send', { text: 'y'.repeat(2000) })).ok).toBe(true);
  });

  it("refuses a visitor's chat token after 24 hours", async () => {
    const visitor = await launchVisitor(testApp, 'Late Lou', 'lou@example.com');
    nowMs += 24 * 3600_000;
    try {
      expect(await refusal(open(url, '/chat', visitor.token))).toBe('NOT_LOGGED_IN');
    } finally {
      nowMs = START_MS;
    }
  });
});

describe('masking account numbers', () => {
  it('masks runs of eight digits or more, keeping the last four, and leaves shorter numbers', () => {
    expect(maskAccountNumbers('acct 001234567890')).toBe('acct ••••••••7890');
    expect(maskAccountNumbers('card 4111-1111-1111-1111 ok')).toBe('card ••••-••••-••••-1111 ok');
    expect(maskAccountNumbers('₱500 on 2026-11-20, ref 1234567')).toBe('₱500 on 2026-11-20, ref 1234567');
    expect(maskAccountNumbers('GCash 0917 555 0101')).toBe('GCash •••• ••• 0101');
  });
});

// A visitor on one process and an operator on another, both on the same PostgreSQL and Redis:
// the adapter carries every event across.
describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)(
  'live chat across processes (PostgreSQL and Redis; skipped without DATABASE_URL and REDIS_URL)',
  () => {
    let first: TestApp;
    let second: TestApp;
    let firstUrl: string;
    let secondUrl: string;
    let merchantId: string;

    beforeAll(async () => {
      first = await createSeededApp({ redisUrl: process.env.REDIS_URL }, { now: clock });
      const { buildApp } = await import('../src/app.ts');
      const app = await buildApp({ config: first.config, database: first.database, now: clock });
      second = { ...first, app, close: async () => app.close() };
      merchantId = await demoMerchantId(first);
      firstUrl = await listen(first);
      secondUrl = await listen(second);
    }, 180_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('carries a chat between a visitor on one process and an operator on the other', async () => {
      const desk = await operator(first, merchantId);
      const deskSocket = open(secondUrl, '/desk', desk.token);
      await connected(deskSocket);
      const visitor = await launchVisitor(first, 'Across Ada', 'ada@example.com');
      // The desk on the other process counts as online through the adapter, once both processes'
      // adapters have subscribed (asynchronously, at their start): a customer who connects then
      // is told so.
      const deskOnlineForNewcomer = async () => {
        const probe = open(firstUrl, '/chat', visitor.token);
        const state = nextEvent<{ isDeskOnline: boolean }>(probe, 'state');
        await connected(probe);
        const { isDeskOnline } = await state;
        probe.disconnect();
        return isDeskOnline;
      };
      await expect.poll(deskOnlineForNewcomer, { timeout: 15_000 }).toBe(true);
      const socket = open(firstUrl, '/chat', visitor.token);
      await connected(socket);

      // The adapter subscribes asynchronously: wait until the first message crosses.
      const atDesk = nextEvent<{ conversationId: string; text: string }>(deskSocket, 'message');
      const sent = await emit(socket, 'send', { text: 'Hello from process one' });
      expect(await atDesk).toMatchObject({ text: 'Hello from process one' });
      const conversationId = String(sent.value?.conversationId);

      expect((await emit(deskSocket, 'accept', { conversationId })).ok).toBe(true);
      const reply = nextEvent<{ text: string }>(socket, 'message');
      expect((await emit(deskSocket, 'send', { conversationId, text: 'Hello from process two' })).ok).toBe(
        true,
      );
      expect((await reply).text).toBe('Hello from process two');
    });
  },
);
