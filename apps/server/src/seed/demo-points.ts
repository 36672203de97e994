import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, LocalizedText, PointGoodsKind, PointRequirementKind } from '../db/schema.ts';
import { addMissing, findDemoMerchantId } from './demo-merchant.ts';

/**
 * The demo merchant's points programme (docs/loyalty.md "Points"): 1 point per ₱100 of valid bet
 * on slots (and our own games and fish), 1 per ₱200 on live tables, 1 per ₱100 deposited; 100
 * points convert into ₱1.00 of bonus, ₱1.20 from 10,000 points on, wagered once.
 */
export const DEMO_POINTS_SETTINGS = {
  earn: { slots: { per: '100.00', points: 1 }, live: { per: '200.00', points: 1 } },
  deposit: { per: '100.00', points: 1 },
  exchange: [
    { from: 100, amount: '1.00' },
    { from: 10_000, amount: '1.20' },
  ],
  convertMultiplier: 1,
  convertExpiryDays: 7,
  minConvertPoints: 100,
};

/** Demo goods as the points mall stores them, amounts as on the wire. */
export type DemoGoods = {
  names: LocalizedText;
  descriptions: LocalizedText;
  /** Names its picture: `/media/points-<art>.svg`. */
  art: string;
  kind: PointGoodsKind;
  points: number;
  amount: string | null;
  requirement: { kind: PointRequirementKind; amount: string; days: number } | null;
  stock: number | null;
  perMemberLimit: number | null;
};

/** Cash, bonuses of two sizes, a branded T-shirt and a phone load card, in Tagalog and English. */
export const DEMO_GOODS: readonly DemoGoods[] = [
  {
    names: { TY: '₱20 na bonus', EN: '₱20 bonus' },
    descriptions: {
      TY: 'Mapupunta ang ₱20 sa bonus wallet mo kapag naaprubahan. Kailangang maitaya nang isang beses bago maging cash.',
      EN: 'Once approved, ₱20 goes to your bonus wallet. Wager it once before it turns into cash.',
    },
    art: 'bonus',
    kind: 'bonus',
    points: 1500,
    amount: '20.00',
    requirement: null,
    stock: null,
    perMemberLimit: null,
  },
  {
    names: { TY: '₱50 na cash', EN: '₱50 cash' },
    descriptions: {
      TY: 'Idadagdag ang ₱50 sa balanse mo kapag naaprubahan. Puwede mo itong i-withdraw o gamitin sa laro.',
      EN: 'Once approved, ₱50 is added to your balance, to withdraw or play with.',
    },
    art: 'cash',
    kind: 'cash',
    points: 5000,
    amount: '50.00',
    requirement: null,
    stock: null,
    perMemberLimit: 3,
  },
  {
    names: { TY: '₱100 na bonus', EN: '₱100 bonus' },
    descriptions: {
      TY: 'Para sa mga aktibong manlalaro: may valid bet na hindi bababa sa ₱5,000 sa nakaraang 7 araw.',
      EN: 'For active players: at least ₱5,000 of valid bets in the last 7 days.',
    },
    art: 'bonus',
    kind: 'bonus',
    points: 8000,
    amount: '100.00',
    requirement: { kind: 'validBet', amount: '5000.00', days: 7 },
    stock: null,
    perMemberLimit: null,
  },
  {
    names: { TY: 'T-shirt ng Panalo', EN: 'Panalo T-shirt' },
    descriptions: {
      TY: 'Cotton na T-shirt na may logo ng Panalo. Ilagay ang buong address at laki (S, M, L, XL) sa paghingi.',
      EN: 'A cotton T-shirt with the Panalo logo. Give your full address and size (S, M, L, XL) when you redeem.',
    },
    art: 'tshirt',
    kind: 'item',
    points: 3000,
    amount: null,
    requirement: null,
    stock: 50,
    perMemberLimit: 1,
  },
  {
    names: { TY: '₱100 na load card', EN: '₱100 phone load card' },
    descriptions: {
      TY: 'Load para sa Globe, Smart o DITO. Ilagay ang mobile number mo bilang address. Para sa may deposito na hindi bababa sa ₱500 sa nakaraang 30 araw.',
      EN: 'Load for Globe, Smart or DITO. Give your mobile number as the address. For members with at least ₱500 deposited in the last 30 days.',
    },
    art: 'load',
    kind: 'item',
    points: 10_000,
    amount: null,
    requirement: { kind: 'deposit', amount: '500.00', days: 30 },
    stock: 200,
    perMemberLimit: null,
  },
];

/** What the points seed added. */
export type DemoPointsSeeded = { settings: boolean; goods: number };

/**
 * Gives the demo merchant its points programme when it has none yet (an operator's own settings
 * stay), and adds the demo goods that are missing (by English name). Idempotent.
 */
export async function seedDemoPoints(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<DemoPointsSeeded> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { settings: false, goods: 0 };
  const updated = await sql`
    update merchants set settings = settings || jsonb_build_object('points', ${JSON.stringify(DEMO_POINTS_SETTINGS)}::jsonb)
    where id = ${merchantId}
      and coalesce(settings -> 'points' -> 'earn', '{}'::jsonb) = '{}'::jsonb
      and coalesce(settings -> 'points' -> 'exchange', '[]'::jsonb) = '[]'::jsonb`.execute(db);
  const goods = await addMissing(
    DEMO_GOODS,
    async (demo) =>
      (await db
        .selectFrom('point_goods')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`names ->> 'EN'`, '=', demo.names.EN ?? '')
        .executeTakeFirst()) !== undefined,
    async (demo) => {
      const at = now();
      await db
        .insertInto('point_goods')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          names: JSON.stringify(demo.names),
          descriptions: JSON.stringify(demo.descriptions),
          image_urls: JSON.stringify([`/media/points-${demo.art}.svg`]),
          kind: demo.kind,
          points: demo.points,
          amount_minor: demo.amount === null ? null : parseAmountOrThrow(demo.amount),
          requirement_kind: demo.requirement?.kind ?? null,
          requirement_minor: demo.requirement ? parseAmountOrThrow(demo.requirement.amount) : null,
          requirement_days: demo.requirement?.days ?? null,
          stock: demo.stock,
          per_member_limit: demo.perMemberLimit,
          sort: DEMO_GOODS.indexOf(demo),
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
  );
  return { settings: Number(updated.numAffectedRows ?? 0n) > 0, goods };
}
