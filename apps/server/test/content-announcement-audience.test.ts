import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Announcements have an audience (issue #16): 'all', 'members' or 'agents'. The player calls pick
// it from the caller's session, never from the query: visitors and members read 'all' and
// 'members', agents 'all' and 'agents' (their agent centre's agentAnnouncement page).

let testApp: TestApp;
let admin: BackOfficeClient;
let visitor: AccountsClient;
let member: AccountsClient;
let agent: AccountsClient;
const titles = { all: 'For everyone', members: 'For members', agents: 'For agents' } as const;
type Audience = keyof typeof titles;

function announcementInput(audience: Audience | undefined, type: 'H' | 'PU' | 'PL') {
  return {
    type,
    execution: type === 'PU' ? 'A' : null,
    ...(audience ? { audience } : {}),
    promotionType: null,
    title: { TY: `${titles[audience ?? 'all']} (TY)`, EN: `${titles[audience ?? 'all']} ${type}` },
    content: { EN: '<p>Body</p>' },
    published: true,
    sortOrder: 0,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
  };
}

beforeAll(async () => {
  testApp = await createSeededApp();
  admin = createBackOfficeClient(testApp.app);
  admin.token = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'announcer',
      merchantId: await demoMerchantId(testApp),
      roleId: 'admin',
      nowMs: Date.now(),
    })
  ).token;
  for (const audience of ['members', 'agents'] as const) {
    for (const type of ['H', 'PU'] as const) {
      const reply = await admin.call('POST', '/bo/announcements', {
        merchantId: await demoMerchantId(testApp),
        ...announcementInput(audience, type),
      });
      expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true, value: { audience } });
    }
  }
  // An operator who names no audience writes one for everyone.
  for (const type of ['H', 'PU'] as const) {
    const reply = await admin.call('POST', '/bo/announcements', {
      merchantId: await demoMerchantId(testApp),
      ...announcementInput(undefined, type),
    });
    expect(reply.body).toMatchObject({ success: true, value: { audience: 'all' } });
  }
  visitor = createAccountsClient(testApp.app);
  member = createAccountsClient(testApp.app);
  agent = createAccountsClient(testApp.app);
  expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
  expect((await agent.logIn('agent', 'Agent1234')).success).toBe(true);
});

afterAll(async () => {
  await testApp.close();
});

async function audiencesSeenBy(client: AccountsClient): Promise<string[]> {
  const reply = await client.call('GET', '/wps/system/announcements?types=H&pageSize=50');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const ours = (reply.body.value.list as { title: string; audience: string }[]).filter((item) =>
    Object.values(titles).some((title) => item.title === `${title} H`),
  );
  return ours.map((item) => item.audience).sort();
}

async function popupTitlesSeenBy(client: AccountsClient): Promise<string[]> {
  const reply = await client.call('GET', '/wps/system/publicState');
  expect(reply.status).toBe(200);
  return (reply.body.value.popup as { title: string }[])
    .map((popup) => popup.title)
    .filter((title) => title.endsWith(' PU'))
    .sort();
}

describe('announcement audience', () => {
  it('a visitor and a member read the announcements for everyone and for members', async () => {
    expect(await audiencesSeenBy(visitor)).toEqual(['all', 'members']);
    expect(await audiencesSeenBy(member)).toEqual(['all', 'members']);
  });

  it('an agent reads the announcements for everyone and for agents, never those for members', async () => {
    expect(await audiencesSeenBy(agent)).toEqual(['agents', 'all']);
  });

  it("an agent's popups are those for everyone and for agents", async () => {
    expect(await popupTitlesSeenBy(member)).toEqual(['For everyone PU', 'For members PU']);
    expect(await popupTitlesSeenBy(agent)).toEqual(['For agents PU', 'For everyone PU']);
  });

  it('the back office refuses an audience outside all, members and agents, and changes one', async () => {
    const refused = await admin.call('POST', '/bo/announcements', {
      merchantId: await demoMerchantId(testApp),
      ...announcementInput('all', 'H'),
      audience: 'players',
    });
    expect([refused.status, refused.body.code]).toEqual([422, 'VALIDATION']);
    const listed = await admin.call('GET', '/bo/announcements');
    const forMembers = (listed.body.value.list ?? listed.body.value).find(
      (row: { title: { EN: string } }) => row.title.EN === 'For members H',
    );
    expect(forMembers).toMatchObject({ audience: 'members' });
    const { id, merchantId: _merchantId, platform: _platform, ...fields } = forMembers;
    const changed = await admin.call('PUT', `/bo/announcements/${id}`, { ...fields, audience: 'agents' });
    expect(changed.body).toMatchObject({ success: true, value: { audience: 'agents' } });
    expect(await audiencesSeenBy(agent)).toEqual(['agents', 'agents', 'all']);
    expect(await audiencesSeenBy(member)).toEqual(['all']);
  });

  it("the agent centre's list runs newest first, whatever the merchant's sort order", async () => {
    const merchantId = await demoMerchantId(testApp);
    const startsAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    for (const [title, sortOrder, minutesAgo] of [
      ['Pinned older', 0, 30],
      ['Later newer', 9, 1],
    ] as const) {
      const reply = await admin.call('POST', '/bo/announcements', {
        merchantId,
        ...announcementInput('agents', 'PL'),
        title: { EN: title },
        sortOrder,
        startsAt: startsAt(minutesAgo),
      });
      expect(reply.body).toMatchObject({ success: true });
    }
    const titlesIn = async (query: string) =>
      (
        (await agent.call('GET', `/wps/system/announcements?types=PL&${query}`)).body.value.list as {
          title: string;
        }[]
      )
        .map((item) => item.title)
        .filter((title) => title === 'Pinned older' || title === 'Later newer');
    expect(await titlesIn('order=newest')).toEqual(['Later newer', 'Pinned older']);
    expect(await titlesIn('pageSize=8')).toEqual(['Pinned older', 'Later newer']);
    expect((await agent.call('GET', '/wps/system/announcements?order=oldest')).body.code).toBe('VALIDATION');
  });

  it('the database refuses an audience outside the three', async () => {
    await expect(
      testApp.database.db
        .updateTable('announcements')
        .set({ audience: 'players' })
        .where('merchant_id', '=', await demoMerchantId(testApp))
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
