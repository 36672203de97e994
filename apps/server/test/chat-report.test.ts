import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The live chat's figures (docs/chat.md "Figures"): conversations written straight into the
// database at known times, read back through GET /bo/reports/live-chat as the desk's figures tab
// reads them. Days are the merchant's (Asia/Manila, UTC+8).

const NOW_MS = Date.parse('2026-11-20T04:00:00Z');
const at = (iso: string) => new Date(iso);

let testApp: TestApp;
let merchantA: string;
let merchantB: string;
let ana: { id: string; token: string };
let ben: { id: string; token: string };
let count = 0;

/** A visitor's conversation of a merchant with the moments it went through. */
async function conversation(input: {
  merchantId: string;
  createdAt: string;
  acceptedAt?: string;
  closedAt?: string;
  operatorId?: string;
  isTicket?: boolean;
  rating?: number;
}) {
  count += 1;
  const db = testApp.database.db;
  const visitorId = `visitor-${count}`;
  await db
    .insertInto('chat_visitors')
    .values({
      id: visitorId,
      merchant_id: input.merchantId,
      name: `Visitor ${count}`,
      contact: 'visitor@example.com',
      token_hash: `hash-${count}`,
      expires_at: at(input.createdAt),
      created_at: at(input.createdAt),
    })
    .execute();
  const status = input.closedAt ? 'closed' : input.acceptedAt ? 'active' : 'waiting';
  await db
    .insertInto('chat_conversations')
    .values({
      id: `conversation-${count}`,
      merchant_id: input.merchantId,
      visitor_id: visitorId,
      status,
      is_ticket: input.isTicket ?? false,
      operator_id: input.operatorId ?? null,
      rating: input.rating ?? null,
      created_at: at(input.createdAt),
      accepted_at: input.acceptedAt ? at(input.acceptedAt) : null,
      closed_at: input.closedAt ? at(input.closedAt) : null,
      last_message_at: at(input.closedAt ?? input.acceptedAt ?? input.createdAt),
    })
    .execute();
}

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => new Date(NOW_MS) });
  const db = testApp.database.db;
  merchantA = await insertOtherMerchant(db, 'chatfig_a');
  merchantB = await insertOtherMerchant(db, 'chatfig_b');
  ana = await insertOperatorWithSession(db, {
    username: 'fig_ana',
    merchantId: merchantA,
    roleId: 'support',
    nowMs: NOW_MS,
  });
  ben = await insertOperatorWithSession(db, {
    username: 'fig_ben',
    merchantId: merchantA,
    roleId: 'support',
    nowMs: NOW_MS,
  });
  const other = await insertOperatorWithSession(db, {
    username: 'fig_other',
    merchantId: merchantB,
    roleId: 'support',
    nowMs: NOW_MS,
  });

  // 19 November (Manila): Ana answers after 60 s and closes, rated 5; Ben answers a ticket after
  // 300 s and closes, rated 3; one visitor leaves before anyone answers.
  await conversation({
    merchantId: merchantA,
    createdAt: '2026-11-19T02:00:00Z',
    acceptedAt: '2026-11-19T02:01:00Z',
    closedAt: '2026-11-19T02:10:00Z',
    operatorId: ana.id,
    rating: 5,
  });
  await conversation({
    merchantId: merchantA,
    createdAt: '2026-11-19T03:00:00Z',
    acceptedAt: '2026-11-19T03:05:00Z',
    closedAt: '2026-11-19T03:20:00Z',
    operatorId: ben.id,
    isTicket: true,
    rating: 3,
  });
  await conversation({
    merchantId: merchantA,
    createdAt: '2026-11-19T04:00:00Z',
    closedAt: '2026-11-19T04:02:00Z',
  });
  // Begun at 23:50 on 19 November in Manila, answered at 00:10 on the 20th: begun on one day and
  // answered (after 1,200 s) on the next; still open.
  await conversation({
    merchantId: merchantA,
    createdAt: '2026-11-19T15:50:00Z',
    acceptedAt: '2026-11-19T16:10:00Z',
    operatorId: ana.id,
  });
  // 20 November: one waiting now.
  await conversation({ merchantId: merchantA, createdAt: '2026-11-20T03:00:00Z' });
  // Another merchant's conversation, never in merchant A's figures.
  await conversation({
    merchantId: merchantB,
    createdAt: '2026-11-19T02:00:00Z',
    acceptedAt: '2026-11-19T02:00:30Z',
    closedAt: '2026-11-19T02:05:00Z',
    operatorId: other.id,
    rating: 1,
  });
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

function clientOf(token: string) {
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

describe('the live chat figures', () => {
  it('counts per merchant day: begun, tickets, answered with the wait, handled, unanswered and ratings', async () => {
    const reply = await clientOf(ana.token).call(
      'GET',
      '/bo/reports/live-chat?from=2026-11-19&to=2026-11-20',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { range, days } = reply.body.value;
    expect(range).toEqual({ from: '2026-11-19', to: '2026-11-20' });
    expect(days).toEqual([
      {
        day: '2026-11-20',
        merchantId: merchantA,
        merchantCode: 'chatfig_a',
        begun: 1,
        tickets: 0,
        unanswered: 0,
        answered: 1,
        waitAverageSeconds: 1200,
        waitLongestSeconds: 1200,
        handled: 0,
        ratings: 0,
        ratingAverage: null,
      },
      {
        day: '2026-11-19',
        merchantId: merchantA,
        merchantCode: 'chatfig_a',
        begun: 4,
        tickets: 1,
        unanswered: 1,
        answered: 2,
        waitAverageSeconds: 180,
        waitLongestSeconds: 300,
        handled: 2,
        ratings: 2,
        ratingAverage: 4,
      },
    ]);
  });

  it('gives each operator their answered and handled chats, waiting time and rating over the days', async () => {
    const reply = await clientOf(ben.token).call(
      'GET',
      '/bo/reports/live-chat?from=2026-11-19&to=2026-11-20',
    );
    const operators = reply.body.value.operators as { operatorId: string }[];
    expect(operators).toEqual([
      {
        merchantId: merchantA,
        operatorId: ana.id,
        operatorName: 'fig_ana',
        answered: 2,
        waitAverageSeconds: 630,
        waitLongestSeconds: 1200,
        handled: 1,
        ratings: 1,
        ratingAverage: 5,
      },
      {
        merchantId: merchantA,
        operatorId: ben.id,
        operatorName: 'fig_ben',
        answered: 1,
        waitAverageSeconds: 300,
        waitLongestSeconds: 300,
        handled: 1,
        ratings: 1,
        ratingAverage: 3,
      },
    ]);
  });

  it('reads only the days asked, and refuses another merchant to its staff', async () => {
    const client = clientOf(ana.token);
    const today = await client.call('GET', '/bo/reports/live-chat?preset=today');
    expect(today.body.value.days.map((row: { day: string }) => row.day)).toEqual(['2026-11-20']);
    const other = await client.call('GET', `/bo/reports/live-chat?merchantId=${merchantB}`);
    expect(other.status).toBe(403);
    const malformed = await client.call('GET', '/bo/reports/live-chat?from=19-11-2026&to=2026-11-20');
    expect(malformed.status).toBe(422);
  });
});
