import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readBonusTerms,
  readRules,
  type StoredBonusTerms,
  type StoredRules,
} from '../src/modules/promotion/promotion-rules.ts';
import { DEMO_PROMOTIONS, seedDemoPromotions } from '../src/seed/demo-promotions.ts';
import { cashOf, insertBetGame, settleBetAt } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The demo's promotions are real ones: one of each kind, in both languages, with art the server
// serves, the home banners and announcements that lead to them, and rules the jobs pay by.

// A Wednesday in Manila.
let nowMs = Date.parse('2026-11-25T04:00:00Z');
let testApp: TestApp;
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = (
    await testApp.database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

async function get(url: string) {
  return testApp.app.inject({ method: 'GET', url });
}

describe('the demo promotions', () => {
  it('are added once, with their banners and announcements', async () => {
    const { db } = testApp.database;
    expect(await seedDemoPromotions(db, () => new Date(nowMs))).toEqual({
      promotions: DEMO_PROMOTIONS.length,
      banners: 2,
      announcements: 3,
    });
    expect(await seedDemoPromotions(db, () => new Date(nowMs))).toEqual({
      promotions: 0,
      banners: 0,
      announcements: 0,
    });
    const rows = await db
      .selectFrom('promotions')
      .select(['kind', 'status', 'starts_at', 'ends_at'])
      .where('merchant_id', '=', merchantId)
      .execute();
    expect(rows.map((row) => row.kind).sort()).toEqual([
      'application',
      'cashback',
      'deposit_bonus',
      'info',
      'newbie_bonus',
      'raffle',
    ]);
    for (const row of rows) {
      expect(row.status).toBe('published');
      expect(row.starts_at.getTime()).toBeLessThan(nowMs);
      // The raffle runs for a month and is drawn after it; the others are open-ended.
      if (row.kind === 'raffle') expect(row.ends_at?.getTime()).toBe(nowMs + 30 * 86_400_000);
      else expect(row.ends_at).toBeNull();
    }
  });

  it("hold rules and terms as an operator's saved promotion holds them, within the merchant's multiplier", () => {
    for (const demo of DEMO_PROMOTIONS) {
      expect(readRules(demo.kind, demo.rules as StoredRules), demo.art).toEqual(demo.rules);
      if (demo.bonusTerms !== null) {
        expect(readBonusTerms(demo.bonusTerms as StoredBonusTerms, 10), demo.art).toEqual(demo.bonusTerms);
      }
    }
  });

  it("show on the player's promotions page, each inviting a visitor to take part its own way", async () => {
    const list = (await get('/wps/promotion/list?type=ALL&language=EN')).json().value.list;
    expect(list.map((item: { kind: string; state: string }) => [item.kind, item.state])).toEqual([
      ['deposit_bonus', 'JOIN'],
      ['newbie_bonus', 'CLAIM'],
      ['cashback', 'JOIN'],
      ['application', 'APPLY'],
      ['raffle', 'JOIN'],
      ['info', 'NONE'],
    ]);
    const welcome = list[0];
    expect(welcome.coverImageUrl).toBe('/media/promo-welcome-en.svg');
    const detail = (await get(`/wps/promotion/detail?id=${welcome.id}&language=TY`)).json().value;
    expect(detail.title).toBe('Welcome Bonus: 100% hanggang ₱1,000');
    expect(detail.terms).toMatchObject({ multiplier: 5, maxStake: '100.00', expiryDays: 7 });
  });

  it('are written in Tagalog and English, with safe HTML and art the server serves', async () => {
    const rows = await testApp.database.db
      .selectFrom('promotions')
      .select(['title', 'content', 'cover_image_urls'])
      .where('merchant_id', '=', merchantId)
      .execute();
    for (const row of rows) {
      expect(Object.keys(row.title).sort()).toEqual(['EN', 'TY']);
      expect(Object.keys(row.content).sort()).toEqual(['EN', 'TY']);
      expect(row.title.TY).not.toBe(row.title.EN);
      for (const html of Object.values(row.content)) expect(html).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(Object.keys(row.cover_image_urls).sort()).toEqual(['EN', 'TY']);
      for (const url of Object.values(row.cover_image_urls)) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('image/svg+xml');
      }
    }
  });

  it('lead from the home banners and the announcements to the welcome bonus and the cashback', async () => {
    const { db } = testApp.database;
    const byKind = new Map(
      (
        await db
          .selectFrom('promotions')
          .select(['id', 'kind', 'type'])
          .where('merchant_id', '=', merchantId)
          .execute()
      ).map((row) => [row.kind, row]),
    );
    for (const language of ['TY', 'EN']) {
      const state = (await get(`/wps/system/publicState?language=${language}`)).json().value;
      const promotionBanners = state.banners.filter(
        (banner: { linkType: string }) => banner.linkType === 'PROMOTION',
      );
      expect(promotionBanners.map((banner: { linkTarget: string }) => banner.linkTarget).sort()).toEqual(
        [byKind.get('deposit_bonus')?.id, byKind.get('cashback')?.id].sort(),
      );
      for (const banner of promotionBanners) {
        expect(banner.groupName).toBe('w_home');
        expect(banner.url).toMatch(new RegExp(`-${language.toLowerCase()}\\.svg$`));
        expect((await get(banner.url)).statusCode).toBe(200);
      }
    }
    const announced = await db
      .selectFrom('announcements')
      .select(['type', 'promotion_type'])
      .where('merchant_id', '=', merchantId)
      .where('promotion_type', 'is not', null)
      .execute();
    expect(
      announced
        .filter((row) => row.type === 'PR')
        .map((row) => row.promotion_type)
        .sort(),
    ).toEqual([byKind.get('deposit_bonus')?.type, byKind.get('cashback')?.type].sort());
    expect(announced.filter((row) => row.type === 'PU').map((row) => row.promotion_type)).toEqual([
      'DEPOSIT',
    ]);
  });

  it("hold the month's raffle with its draw committed: one ticket per ₱500 bet, 24 cash prizes", async () => {
    const list = (await get('/wps/promotion/list?type=ALL&language=EN')).json().value.list;
    const raffle = list.find((item: { kind: string }) => item.kind === 'raffle');
    const detail = (await get(`/wps/promotion/detail?id=${raffle.id}&language=TY`)).json().value;
    expect(detail.title).toBe('Buwanang Raffle: ₱5,000 ang Unang Premyo');
    expect(detail.raffle).toMatchObject({
      ticketBy: 'validBet',
      ticketEvery: '500.00',
      maxTickets: 100,
      drawAt: new Date(Date.parse(detail.endsAt) + 3_600_000).toISOString(),
      serverSeed: null,
      ticketCount: 0,
      prizes: [
        { rank: 1, count: 1, amount: '5000.00' },
        { rank: 2, count: 3, amount: '1000.00' },
        { rank: 5, count: 20, amount: '100.00' },
      ],
    });
    expect(detail.raffle.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('pays the weekly cashback as cash by its rules', async () => {
    const { db } = testApp.database;
    const cashback = await db
      .selectFrom('promotions')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', 'cashback')
      .executeTakeFirstOrThrow();
    const player = await insertTeamMember(db, merchantId, { account: 'democashback' });
    await db
      .insertInto('promotion_entries')
      .values({
        id: uuidv7(),
        merchant_id: merchantId,
        promotion_id: cashback.id,
        member_id: player,
        status: 'joined',
        terms_accepted_at: new Date(nowMs),
        created_at: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .execute();
    const game = { merchantId, ...(await insertBetGame(db, merchantId)) };
    // ₱1,200 lost on Thursday and ₱100 won back on Saturday: ₱1,100 of net loss, ₱110 back.
    await settleBetAt(db, game, {
      memberId: player,
      stakeMinor: 120_000n,
      winMinor: 0n,
      settledAt: new Date('2026-11-26T04:00:00Z'),
    });
    await settleBetAt(db, game, {
      memberId: player,
      stakeMinor: 10_000n,
      winMinor: 20_000n,
      settledAt: new Date('2026-11-28T04:00:00Z'),
    });
    const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'promotions.cashback');
    const run = () =>
      job?.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
    await run();
    expect(await cashOf(db, player)).toBe(0n);
    // 02:00 on Monday 30 November in Manila: the week is paid.
    nowMs = Date.parse('2026-11-29T18:00:00Z');
    await run();
    expect(await cashOf(db, player)).toBe(11_000n);
  });
});
