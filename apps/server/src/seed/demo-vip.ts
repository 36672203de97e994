import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { accountKeyOf } from '../modules/member/member.service.ts';
import { levelColumnsOf, type VipLevelInput } from '../modules/vip/vip-levels.service.ts';
import { findDemoMerchantId } from './demo-merchant.ts';

const DAY_MS = 86_400_000;
const PESO = 100n;
/** The demo player's level, held for a year from the seed so that the demo shows it. */
const DEMO_PLAYER_RANK = 2;
const DEMO_PLAYER_GUARANTEE_DAYS = 365;
/** Where the VIP banner leads: the player site's VIP page. */
export const VIP_PAGE_ROUTE = '/vip';

function level(
  rank: number,
  names: { TY: string; EN: string },
  figures: {
    deposit: bigint;
    validBet: bigint;
    guaranteedDays: number;
    upgrade: bigint;
    birthday: bigint;
    monthly: bigint;
    rebates: Record<string, number>;
    withdrawCount: number;
    withdrawAmount: bigint | null;
    pointsMultiplierBp: number;
  },
): VipLevelInput {
  return {
    rank,
    names,
    label: `VIP${rank}`,
    badgeUrl: null,
    depositMinor: figures.deposit * PESO,
    validBetMinor: figures.validBet * PESO,
    // Keeping a level asks for half of reaching it over the same window.
    keepDepositMinor: (figures.deposit * PESO) / 2n,
    keepValidBetMinor: (figures.validBet * PESO) / 2n,
    guaranteedDays: figures.guaranteedDays,
    upgradeBonusMinor: figures.upgrade * PESO,
    birthdayBonusMinor: figures.birthday * PESO,
    monthlyBonusMinor: figures.monthly * PESO,
    rebateRatesBp: figures.rebates,
    withdrawCountDay: figures.withdrawCount,
    withdrawAmountDayMinor: figures.withdrawAmount === null ? null : figures.withdrawAmount * PESO,
    pointsMultiplierBp: figures.pointsMultiplierBp,
  };
}

/**
 * The demo merchant's VIP ladder over its 90-day window, in pesos: Bronze to Diamond, each asking
 * for a deposit and five times as much valid bet, with an upgrade bonus, a birthday bonus, from
 * Silver a monthly bonus, higher rebate rates on the casino, more withdrawals a day, and more
 * points.
 */
export const DEMO_VIP_LEVELS: readonly VipLevelInput[] = [
  level(
    1,
    { TY: 'Tanso', EN: 'Bronze' },
    {
      deposit: 1_000n,
      validBet: 5_000n,
      guaranteedDays: 30,
      upgrade: 50n,
      birthday: 100n,
      monthly: 0n,
      rebates: {},
      withdrawCount: 3,
      withdrawAmount: 50_000n,
      pointsMultiplierBp: 10_000,
    },
  ),
  level(
    2,
    { TY: 'Pilak', EN: 'Silver' },
    {
      deposit: 5_000n,
      validBet: 25_000n,
      guaranteedDays: 30,
      upgrade: 150n,
      birthday: 200n,
      monthly: 50n,
      rebates: { LIVE: 60, RNG: 90, INHOUSE: 90 },
      withdrawCount: 5,
      withdrawAmount: 100_000n,
      pointsMultiplierBp: 11_000,
    },
  ),
  level(
    3,
    { TY: 'Ginto', EN: 'Gold' },
    {
      deposit: 20_000n,
      validBet: 100_000n,
      guaranteedDays: 60,
      upgrade: 500n,
      birthday: 500n,
      monthly: 150n,
      rebates: { LIVE: 70, RNG: 100, INHOUSE: 100, SPORTS: 40 },
      withdrawCount: 8,
      withdrawAmount: 250_000n,
      pointsMultiplierBp: 12_500,
    },
  ),
  level(
    4,
    { TY: 'Platinum', EN: 'Platinum' },
    {
      deposit: 100_000n,
      validBet: 500_000n,
      guaranteedDays: 60,
      upgrade: 2_000n,
      birthday: 1_500n,
      monthly: 500n,
      rebates: { LIVE: 80, RNG: 110, INHOUSE: 110, SPORTS: 50 },
      withdrawCount: 10,
      withdrawAmount: 1_000_000n,
      pointsMultiplierBp: 15_000,
    },
  ),
  level(
    5,
    { TY: 'Diyamante', EN: 'Diamond' },
    {
      deposit: 500_000n,
      validBet: 2_500_000n,
      guaranteedDays: 90,
      upgrade: 8_888n,
      birthday: 5_000n,
      monthly: 2_000n,
      rebates: { LIVE: 100, RNG: 120, INHOUSE: 120, SPORTS: 60 },
      withdrawCount: 20,
      withdrawAmount: null,
      pointsMultiplierBp: 20_000,
    },
  ),
];

/** What the VIP seed added. */
export type DemoVipSeeded = { levels: number; banners: number; demoPlayerLevel: boolean };

/**
 * The demo merchant's VIP programme: its levels (Bronze VIP1 to Diamond VIP5) with the switch VIP
 * turned on when they are first added (an operator's choice later stays), the home banner that
 * leads to the VIP page, and the demo player at Silver (VIP2). Written straight into the tables,
 * as an operator's saved levels are stored. Idempotent.
 */
export async function seedDemoVip(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<DemoVipSeeded> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { levels: 0, banners: 0, demoPlayerLevel: false };
  const at = now();

  const held = await db
    .selectFrom('vip_levels')
    .select('rank')
    .where('merchant_id', '=', merchantId)
    .execute();
  const missing = DEMO_VIP_LEVELS.filter((demo) => !held.some((row) => row.rank === demo.rank));
  for (const demo of missing) {
    await db
      .insertInto('vip_levels')
      .values({
        id: uuidv7(),
        merchant_id: merchantId,
        ...levelColumnsOf(demo),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  if (held.length === 0 && missing.length > 0) await turnVipOn(db, merchantId);

  const hasBanner = await db
    .selectFrom('banners')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('link_type', '=', 'ROUTE')
    .where('link_target', '=', VIP_PAGE_ROUTE)
    .executeTakeFirst();
  if (!hasBanner) {
    const tagalog = '/media/banner-home-vip-ty.svg';
    await createContentService(db).createBanner(merchantId, {
      groupName: 'w_home',
      title: { TY: 'VIP Club: umakyat sa Diyamante', EN: 'VIP Club: rise to Diamond' },
      imageUrl: tagalog,
      languageImageUrls: { TY: tagalog, EN: '/media/banner-home-vip-en.svg' },
      linkType: 'ROUTE',
      linkTarget: VIP_PAGE_ROUTE,
      sortOrder: 0,
    });
  }

  return {
    levels: missing.length,
    banners: hasBanner ? 0 : 1,
    demoPlayerLevel: await giveDemoPlayerLevel(db, merchantId, at),
  };
}

/** Turns the merchant's switch VIP on (the whitelabel tree's top-level node). */
async function turnVipOn(db: Kysely<Database>, merchantId: string): Promise<void> {
  const row = await db
    .selectFrom('merchants')
    .select('settings')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const settings = row.settings as { whitelabel?: { modId: string; enabled: boolean }[] };
  const whitelabel = (settings.whitelabel ?? []).map((node) =>
    node.modId === 'VIP' ? { ...node, enabled: true } : node,
  );
  await db
    .updateTable('merchants')
    .set({ settings: JSON.stringify({ ...settings, whitelabel }) })
    .where('id', '=', merchantId)
    .execute();
}

/**
 * The demo player at Silver, as an operator would set it (a change of reason `operator`), when
 * they hold no level and never had one; answers whether it did.
 */
async function giveDemoPlayerLevel(db: Kysely<Database>, merchantId: string, at: Date): Promise<boolean> {
  const demo = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('account_key', '=', accountKeyOf('demo'))
    .executeTakeFirst();
  const silver = await db
    .selectFrom('vip_levels')
    .select(['id', 'rank'])
    .where('merchant_id', '=', merchantId)
    .where('rank', '=', DEMO_PLAYER_RANK)
    .executeTakeFirst();
  if (!demo || !silver) return false;
  const hadLevel = await db
    .selectFrom('vip_level_changes')
    .select('id')
    .where('member_id', '=', demo.id)
    .executeTakeFirst();
  const holds = await db
    .selectFrom('member_vip')
    .select('rank')
    .where('member_id', '=', demo.id)
    .executeTakeFirst();
  if (hadLevel || holds) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('member_vip')
      .values({
        member_id: demo.id,
        merchant_id: merchantId,
        level_id: silver.id,
        rank: silver.rank,
        reached_at: at,
        guaranteed_until: new Date(at.getTime() + DEMO_PLAYER_GUARANTEE_DAYS * DAY_MS),
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('vip_level_changes')
      .values({
        id: uuidv7(),
        merchant_id: merchantId,
        member_id: demo.id,
        from_rank: null,
        to_rank: silver.rank,
        reason: 'operator',
        note: 'The demo player starts at Silver.',
        created_at: at,
      })
      .execute();
  });
  return true;
}
