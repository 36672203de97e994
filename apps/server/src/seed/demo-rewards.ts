import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, RewardPrizeTableKind, RewardTicketTrigger } from '../db/schema.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { accountKeyOf } from '../modules/member/member.service.ts';
import { type PrizeInput, prizeTableOf, versionOf } from '../modules/reward/reward-rules.ts';
import { findDemoMerchantId } from './demo-merchant.ts';

const DAY_MS = 86_400_000;
const PESO = 100n;
/** Where the reward centre's banner leads: the member centre's reward centre page. */
export const REWARD_CENTRE_ROUTE = '/member?page=rewardCenter';

const prize = (
  names: { TY: string; EN: string },
  kind: PrizeInput['kind'],
  weight: number,
  value: { pesos?: number; points?: number; multiplier?: number } = {},
): PrizeInput => ({
  names,
  kind,
  amountMinor: value.pesos === undefined ? null : BigInt(value.pesos) * PESO,
  points: value.points ?? null,
  wageringMultiplier: value.multiplier ?? null,
  weight,
});

const TRY_AGAIN = { TY: 'Subukan muli', EN: 'Try again' };

/** The demo's prize tables: a wheel of small prizes and an egg of fewer, larger ones. */
export const DEMO_REWARD_TABLES: readonly {
  key: 'wheel' | 'egg';
  kind: RewardPrizeTableKind;
  names: { TY: string; EN: string };
  prizes: PrizeInput[];
  dailyBudgetMinor: bigint;
}[] = [
  {
    key: 'wheel',
    kind: 'wheel',
    names: { TY: 'Gulong ng Premyo', EN: 'Prize Wheel' },
    prizes: [
      prize({ TY: '₱5 na cash', EN: '₱5 cash' }, 'cash', 30, { pesos: 5 }),
      prize({ TY: '₱20 na cash', EN: '₱20 cash' }, 'cash', 10, { pesos: 20 }),
      prize({ TY: '₱50 na bonus', EN: '₱50 bonus' }, 'bonus', 8, { pesos: 50, multiplier: 3 }),
      prize({ TY: '100 puntos', EN: '100 points' }, 'points', 20, { points: 100 }),
      prize({ TY: '₱100 na cash', EN: '₱100 cash' }, 'cash', 2, { pesos: 100 }),
      prize(TRY_AGAIN, 'none', 30),
    ],
    dailyBudgetMinor: 5_000n * PESO,
  },
  {
    key: 'egg',
    kind: 'egg',
    names: { TY: 'Gintong Itlog', EN: 'Golden Egg' },
    prizes: [
      prize({ TY: '₱10 na cash', EN: '₱10 cash' }, 'cash', 40, { pesos: 10 }),
      prize({ TY: '₱200 na bonus', EN: '₱200 bonus' }, 'bonus', 5, { pesos: 200, multiplier: 5 }),
      prize({ TY: '500 puntos', EN: '500 points' }, 'points', 15, { points: 500 }),
      prize({ TY: '₱500 na cash', EN: '₱500 cash' }, 'cash', 1, { pesos: 500 }),
      prize(TRY_AGAIN, 'none', 39),
    ],
    dailyBudgetMinor: 10_000n * PESO,
  },
];

/** The demo's ticket rules: a deposit of ₱500 and VIP levels earn wheel tickets, a day's ₱1,000 of valid bet an egg. */
export const DEMO_TICKET_RULES: readonly {
  trigger: RewardTicketTrigger;
  table: 'wheel' | 'egg';
  names: { TY: string; EN: string };
  amountMinor: bigint | null;
  vipRank: number | null;
  tickets: number;
  expiresInDays: number;
}[] = [
  {
    trigger: 'deposit',
    table: 'wheel',
    names: { TY: 'Magdeposito ng ₱500 o higit pa', EN: 'Deposit ₱500 or more' },
    amountMinor: 500n * PESO,
    vipRank: null,
    tickets: 1,
    expiresInDays: 7,
  },
  {
    trigger: 'valid_bet_day',
    table: 'egg',
    names: { TY: 'Tumaya ng ₱1,000 sa isang araw', EN: 'Bet ₱1,000 in a day' },
    amountMinor: 1_000n * PESO,
    vipRank: null,
    tickets: 1,
    expiresInDays: 7,
  },
  {
    trigger: 'vip_level',
    table: 'wheel',
    names: { TY: 'Umabot sa VIP2', EN: 'Reach VIP2' },
    amountMinor: null,
    vipRank: 2,
    tickets: 1,
    expiresInDays: 14,
  },
];

/** Tickets the demo player starts with, so that the reward centre has something to draw. */
const DEMO_PLAYER_TICKETS = { wheel: 3, egg: 2 } as const;
const DEMO_TICKET_DAYS = 30;

export type DemoRewardsSeeded = { tables: number; rules: number; tickets: number; banners: number };

/**
 * The demo merchant's reward centre (docs/rewards.md): a prize wheel and a golden egg, the three
 * ticket rules, a few tickets of each for the demo player, as an operator would grant them, and
 * the home banner to the reward centre. Added once: a merchant that has prize tables already keeps
 * them, and a banner to the centre is not added twice.
 */
export async function seedDemoRewards(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<DemoRewardsSeeded> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { tables: 0, rules: 0, tickets: 0, banners: 0 };
  const banners = await addBanner(db, merchantId);
  const existing = await db
    .selectFrom('reward_prize_tables')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (existing) return { tables: 0, rules: 0, tickets: 0, banners };
  const at = now();
  const demo = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('account_key', '=', accountKeyOf('demo'))
    .executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const tableIds = new Map<string, string>();
    for (const [sort, table] of DEMO_REWARD_TABLES.entries()) {
      const id = uuidv7();
      tableIds.set(table.key, id);
      const version = versionOf(prizeTableOf(table.kind, table.names, table.prizes));
      await trx
        .insertInto('reward_prize_tables')
        .values({
          id,
          merchant_id: merchantId,
          kind: table.kind,
          names: JSON.stringify(table.names),
          version: 1,
          daily_budget_minor: table.dailyBudgetMinor,
          sort,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('reward_prize_table_versions')
        .values({
          table_id: id,
          version: 1,
          canonical: version.canonical,
          hash: version.hash,
          created_at: at,
        })
        .execute();
    }
    for (const rule of DEMO_TICKET_RULES) {
      await trx
        .insertInto('reward_ticket_rules')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          trigger: rule.trigger,
          names: JSON.stringify(rule.names),
          amount_minor: rule.amountMinor,
          vip_rank: rule.vipRank,
          tickets: rule.tickets,
          table_id: tableIds.get(rule.table) as string,
          expires_in_days: rule.expiresInDays,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    let tickets = 0;
    if (demo) {
      for (const [key, count] of Object.entries(DEMO_PLAYER_TICKETS)) {
        const tableId = tableIds.get(key) as string;
        const issueId = uuidv7();
        await trx
          .insertInto('reward_ticket_issues')
          .values({
            id: issueId,
            key: `demo:${tableId}:${demo.id}`,
            merchant_id: merchantId,
            member_id: demo.id,
            table_id: tableId,
            rule_id: null,
            source: 'operator',
            count,
            operator_id: null,
            operator_name: 'demo',
            reason: 'Demo tickets',
            created_at: at,
          })
          .execute();
        await trx
          .insertInto('reward_tickets')
          .values(
            Array.from({ length: count }, () => ({
              id: uuidv7(),
              issue_id: issueId,
              merchant_id: merchantId,
              member_id: demo.id,
              table_id: tableId,
              source: 'operator' as const,
              created_at: at,
              expires_at: new Date(at.getTime() + DEMO_TICKET_DAYS * DAY_MS),
            })),
          )
          .execute();
        tickets += count;
      }
    }
    return { tables: DEMO_REWARD_TABLES.length, rules: DEMO_TICKET_RULES.length, tickets, banners };
  });
}

/** The home banner to the reward centre, in Tagalog and English, unless the merchant has one; answers how many it added. */
async function addBanner(db: Kysely<Database>, merchantId: string): Promise<number> {
  const hasBanner = await db
    .selectFrom('banners')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('link_type', '=', 'ROUTE')
    .where('link_target', '=', REWARD_CENTRE_ROUTE)
    .executeTakeFirst();
  if (hasBanner) return 0;
  const tagalog = '/media/banner-home-rewards-ty.svg';
  await createContentService(db).createBanner(merchantId, {
    groupName: 'w_home',
    title: { TY: 'Paikutin ang gulong, basagin ang itlog', EN: 'Spin the wheel, crack the egg' },
    imageUrl: tagalog,
    languageImageUrls: { TY: tagalog, EN: '/media/banner-home-rewards-en.svg' },
    linkType: 'ROUTE',
    linkTarget: REWARD_CENTRE_ROUTE,
    sortOrder: 2,
  });
  return 1;
}
