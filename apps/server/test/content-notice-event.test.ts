import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The socket event `notice` (API.md "Socket events"): a notice of the marquee published, changed,
// unpublished or removed by an operator, or begun by its schedule, reaches the open pages of the
// notice's merchant once, with its id only, and never another merchant's.

let nowMs = Date.parse('2026-11-20T04:00:00Z');

let testApp: TestApp;
let socketUrl: string;
const sockets: Socket[] = [];
/** Per merchant: a member's socket and the `notice` payloads it heard, in order. */
const pages = new Map<string, { socket: Socket; heard: unknown[] }>();
let demoId: string;
let otherId: string;

async function openPage(merchantId: string, account: string): Promise<void> {
  const member = await testApp.app.members.createMember({ merchantId, account, password: 'Notice1234' });
  const client = await sessionClientOf(testApp, member.id);
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
  socket.on('notice', (payload) => heard.push(payload));
  pages.set(merchantId, { socket, heard });
}

/** Runs a change and answers the next `notice` the merchant's page hears after it. */
async function heardAfter(merchantId: string, change: () => Promise<unknown>): Promise<unknown> {
  const page = pages.get(merchantId);
  if (!page) throw new Error(`no page of ${merchantId}`);
  const next = new Promise((resolve) => page.socket.once('notice', resolve));
  await change();
  return next;
}

async function owner(merchantId: string, username: string) {
  const { token } = await insertOperatorWithSession(testApp.database.db, {
    username,
    merchantId,
    roleId: 'owner',
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

function announcement(merchantId: string, type: 'B' | 'PU', startsAt: number) {
  return {
    merchantId,
    type,
    execution: null,
    promotionType: null,
    title: { TY: 'Paalala', EN: 'Notice' },
    content: { TY: '<p>Paalala</p>', EN: '<p>Notice</p>' },
    published: true,
    sortOrder: 0,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: null,
  };
}

async function runNoticeJob(): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'content.notices');
  if (!job) throw new Error('no job content.notices');
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const db = testApp.database.db;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherId = await insertOtherMerchant(db, 'noticeother');
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  socketUrl = `http://127.0.0.1:${address.port}`;
  await openPage(demoId, 'noticedemo1');
  await openPage(otherId, 'noticeother1');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp.close();
});

describe('the socket event notice', () => {
  it("reaches the notice's merchant once per change, titled in that merchant's default language, and no other merchant", async () => {
    const demo = await owner(demoId, 'notice_demo');
    const other = await owner(otherId, 'notice_other');
    let demoNoticeId = '';
    const created = await heardAfter(demoId, async () => {
      const reply = await demo.call('POST', '/bo/announcements', announcement(demoId, 'B', nowMs - 60_000));
      expect(reply.body).toMatchObject({ success: true });
      demoNoticeId = reply.body.value.id as string;
    });
    expect(created).toEqual({ id: demoNoticeId, title: 'Paalala' });

    // The other merchant's notice reaches only its page; by then the demo page heard its one event.
    let otherNoticeId = '';
    const otherCreated = await heardAfter(otherId, async () => {
      const reply = await other.call('POST', '/bo/announcements', announcement(otherId, 'B', nowMs - 60_000));
      otherNoticeId = reply.body.value.id as string;
    });
    expect(otherCreated).toEqual({ id: otherNoticeId, title: 'Notice' });

    // A popup is no notice of the marquee, a refused change tells nothing, and nor does removing a
    // notice nobody saw: the unpublishing and then the next notice are the events heard.
    const popup = await demo.call('POST', '/bo/announcements', announcement(demoId, 'PU', nowMs - 60_000));
    expect(popup.body).toMatchObject({ success: true });
    const { merchantId: _merchantId, ...fields } = announcement(demoId, 'B', nowMs - 60_000);
    const unpublished = await heardAfter(demoId, () =>
      demo.call('PUT', `/bo/announcements/${demoNoticeId}`, { ...fields, published: false }),
    );
    expect(unpublished).toEqual({ id: demoNoticeId, title: 'Paalala' });
    const refused = await demo.call('DELETE', `/bo/announcements/${otherNoticeId}`);
    expect(refused.body).toMatchObject({ success: false });
    expect((await demo.call('DELETE', `/bo/announcements/${demoNoticeId}`)).body).toMatchObject({
      success: true,
    });
    let nextId = '';
    const next = await heardAfter(demoId, async () => {
      const reply = await demo.call('POST', '/bo/announcements', announcement(demoId, 'B', nowMs - 60_000));
      nextId = reply.body.value.id as string;
    });
    expect(next).toEqual({ id: nextId, title: 'Paalala' });
    expect(pages.get(demoId)?.heard).toEqual([
      { id: demoNoticeId, title: 'Paalala' },
      { id: demoNoticeId, title: 'Paalala' },
      { id: nextId, title: 'Paalala' },
    ]);
    expect(pages.get(otherId)?.heard).toEqual([{ id: otherNoticeId, title: 'Notice' }]);
  });

  it('tells a scheduled notice when it begins, by the minute job, to its merchant only', async () => {
    const demo = await owner(demoId, 'notice_schedule');
    const before = {
      demo: pages.get(demoId)?.heard.length ?? 0,
      other: pages.get(otherId)?.heard.length ?? 0,
    };
    let scheduledId = '';
    await heardAfter(demoId, async () => {
      const reply = await demo.call('POST', '/bo/announcements', announcement(demoId, 'B', nowMs + 30_000));
      scheduledId = reply.body.value.id as string;
    });
    // Not yet begun: the job tells nothing, and its next run after the start tells it once.
    await runNoticeJob();
    nowMs += 60_000;
    const begun = await heardAfter(demoId, runNoticeJob);
    expect(begun).toEqual({ id: scheduledId, title: 'Paalala' });
    expect(pages.get(demoId)?.heard.slice(before.demo)).toEqual([
      { id: scheduledId, title: 'Paalala' },
      { id: scheduledId, title: 'Paalala' },
    ]);
    expect(pages.get(otherId)?.heard.length).toBe(before.other);
  });
});
