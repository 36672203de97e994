import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { findDemoMerchantId } from './demo-merchant.ts';

const PESO = 100n;
const DAY_MS = 86_400_000;
/** Where the invite-friends banner and announcement lead: the player site's referral page. */
export const REFERRAL_PAGE_ROUTE = '/referral';

/** The demo's rules: a friend who joins, and a friend who deposits ₱500 in their first month. */
export const DEMO_REFERRAL_RULES = [
  {
    name_ty: 'Sumali ang kaibigan',
    name_en: 'A friend joins',
    trigger: 'register' as const,
    threshold_minor: 0n,
    reward_kind: 'cash' as const,
    referrer_amount_minor: 20n * PESO,
    friend_amount_minor: 0n,
    multiplier: 0,
  },
  {
    name_ty: 'Nagdeposito ng ₱500 ang kaibigan',
    name_en: 'A friend deposits ₱500',
    trigger: 'deposit' as const,
    threshold_minor: 500n * PESO,
    reward_kind: 'bonus' as const,
    referrer_amount_minor: 100n * PESO,
    friend_amount_minor: 50n * PESO,
    multiplier: 3,
  },
];

/** The names the demo's rules had before they had one in each language (both columns hold them since). */
const DEMO_RULE_NAMES_BEFORE = [
  'Sumali ang kaibigan / A friend joins',
  'Nagdeposito ng ₱500 / Deposits ₱500',
];

/** What the referral seed added. */
export type DemoReferralSeeded = { rules: number; banners: number; announcements: number };

/**
 * The demo merchant's referral programme (docs/referrals.md): its rules, with the switch REFERRAL
 * turned on when they are first added (an operator's choice later stays), the home banner and the
 * announcement that invite members to bring friends, both leading to the referral page. Idempotent.
 */
export async function seedDemoReferral(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<DemoReferralSeeded> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { rules: 0, banners: 0, announcements: 0 };
  const at = now();

  const hasRules = await db
    .selectFrom('referral_rules')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!hasRules) {
    for (const rule of DEMO_REFERRAL_RULES) {
      await db
        .insertInto('referral_rules')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          ...rule,
          expiry_days: 7,
          within_days: 30,
          enabled: true,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await turnReferralOn(db, merchantId);
  } else {
    // A demo seeded before the rules had a name in each language gets them, unless an operator renamed them.
    for (const [index, rule] of DEMO_REFERRAL_RULES.entries()) {
      await db
        .updateTable('referral_rules')
        .set({ name_ty: rule.name_ty, name_en: rule.name_en })
        .where('merchant_id', '=', merchantId)
        .where('name_ty', '=', DEMO_RULE_NAMES_BEFORE[index] ?? '')
        .where('name_en', '=', DEMO_RULE_NAMES_BEFORE[index] ?? '')
        .execute();
    }
  }

  const content = createContentService(db);
  const hasBanner = await db
    .selectFrom('banners')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('link_type', '=', 'ROUTE')
    .where('link_target', '=', REFERRAL_PAGE_ROUTE)
    .executeTakeFirst();
  if (!hasBanner) {
    const tagalog = '/media/banner-home-invite-ty.svg';
    await content.createBanner(merchantId, {
      groupName: 'w_home',
      title: { TY: 'Mag-imbita ng kaibigan, sabay manalo', EN: 'Invite friends, win together' },
      imageUrl: tagalog,
      languageImageUrls: { TY: tagalog, EN: '/media/banner-home-invite-en.svg' },
      linkType: 'ROUTE',
      linkTarget: REFERRAL_PAGE_ROUTE,
      sortOrder: 1,
    });
  }

  const hasAnnouncement = await db
    .selectFrom('announcements')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where(sql<boolean>`content->>'EN' like ${`%href="${REFERRAL_PAGE_ROUTE}"%`}`)
    .executeTakeFirst();
  if (!hasAnnouncement) {
    await content.createAnnouncement(merchantId, {
      type: 'B',
      sortOrder: 2,
      title: { TY: 'Mag-imbita ng kaibigan, may gantimpala ka', EN: 'Invite friends and earn rewards' },
      content: {
        TY: `<p>Ibahagi ang iyong code: ₱20 kapag sumali ang kaibigan mo, at ₱100 na bonus kapag nagdeposito siya ng ₱500. <a href="${REFERRAL_PAGE_ROUTE}">Tingnan ang iyong code</a>.</p>`,
        EN: `<p>Share your code: ₱20 when a friend joins, and a ₱100 bonus when they deposit ₱500. <a href="${REFERRAL_PAGE_ROUTE}">See your code</a>.</p>`,
      },
      startsAt: new Date(at.getTime() - DAY_MS),
    });
  }

  return {
    rules: hasRules ? 0 : DEMO_REFERRAL_RULES.length,
    banners: hasBanner ? 0 : 1,
    announcements: hasAnnouncement ? 0 : 1,
  };
}

/** Turns the merchant's switch REFERRAL on (the whitelabel tree's top-level node). */
async function turnReferralOn(db: Kysely<Database>, merchantId: string): Promise<void> {
  const row = await db
    .selectFrom('merchants')
    .select('settings')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const settings = row.settings as { whitelabel?: { modId: string; enabled: boolean }[] };
  const whitelabel = (settings.whitelabel ?? []).map((node) =>
    node.modId === 'REFERRAL' ? { ...node, enabled: true } : node,
  );
  await db
    .updateTable('merchants')
    .set({ settings: JSON.stringify({ ...settings, whitelabel }) })
    .where('id', '=', merchantId)
    .execute();
}
