import { splitRedEnvelope } from '@panalo/games/draws/red-envelope.ts';
import { createServerSeed, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.ts';
import { reserveBudget } from '../modules/bonus/bonus.repository.ts';
import { insertDrop, replaceEnvelopes } from '../modules/red-envelope/red-envelope.repository.ts';
import { findDemoMerchantId } from './demo-merchant.ts';

const DAY_MS = 86_400_000;

/** The demo's drop: ₱200.00 in 100 envelopes of at least ₱0.50, for every member, three days. */
export const DEMO_DROP = {
  titles: { TY: 'Pulang sobre: ₱200 para sa 100 miyembro', EN: 'Red envelopes: ₱200 for 100 members' },
  totalMinor: 20_000n,
  count: 100,
  minimumMinor: 50n,
  days: 3,
};

/**
 * One red-envelope drop open on the demo merchant from the seed's clock for the next three days
 * (docs/red-envelopes.md), split from its own seed as an operator's drop is, so that the reward
 * centre shows one to open, its total reserved against the merchant's promotions budget of the
 * opening day (no cap: the demo's own). A later seed adds none while a scheduled drop is still
 * running.
 */
export async function seedDemoRedEnvelopes(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<{ drops: number }> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { drops: 0 };
  const at = now();
  const running = await db
    .selectFrom('red_envelope_drops')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'scheduled')
    .where('ends_at', '>', at)
    .executeTakeFirst();
  if (running) return { drops: 0 };
  const id = uuidv7();
  const serverSeed = createServerSeed();
  const amounts = splitRedEnvelope({
    serverSeed,
    dropId: id,
    totalMinor: DEMO_DROP.totalMinor,
    count: DEMO_DROP.count,
    minimumMinor: DEMO_DROP.minimumMinor,
  });
  await db.transaction().execute(async (trx) => {
    const { day } = await trx
      .selectFrom('merchants')
      .select(sql<string>`to_char((${at}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD')`.as('day'))
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    await reserveBudget(trx, {
      merchantId,
      scope: '',
      day,
      amountMinor: DEMO_DROP.totalMinor,
      capMinor: null,
    });
    await insertDrop(trx, {
      id,
      merchant_id: merchantId,
      titles: JSON.stringify(DEMO_DROP.titles),
      total_minor: DEMO_DROP.totalMinor,
      envelope_count: DEMO_DROP.count,
      minimum_minor: DEMO_DROP.minimumMinor,
      audience: 'all',
      vip_rank: null,
      deposit_days: null,
      starts_at: at,
      ends_at: new Date(at.getTime() + DEMO_DROP.days * DAY_MS),
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      budget_day: day,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    await replaceEnvelopes(trx, id, amounts);
  });
  return { drops: 1 };
}
