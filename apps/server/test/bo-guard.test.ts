import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficeRoute } from '../src/http/bo/operator-session.ts';
import { createContentService } from '../src/modules/content/content.service.ts';
import { PERMISSIONS, type Permission } from '../src/modules/operator/permissions.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { insertContract, tier } from './support/contract-fixtures.ts';
import { catalogueGame, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// This suite walks every /bo route the app registered (whoever registered it) rather than a list
// written here, so that a route added later is checked without anyone remembering to add it.

const nowMs = Date.parse('2026-11-23T09:00:00Z');
let testApp: TestApp;
let routes: BackOfficeRoute[];
let merchantA: string;
let playerToken: string;
let ownerOfA: string;
let ownerOfB: string;
/** Per permission, the token of an operator of merchant A whose role has every permission but that one. */
const lacking = new Map<Permission, string>();
/** Per first path segment after /bo/, a resource of merchant A that a :id parameter can name. */
const resourceOfA = new Map<string, string>();

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  examples?: string[];
  default?: unknown;
};

const STRING_CANDIDATES = ['sample_name', 'abc', 'x'];

/** A value the schema accepts, built from the schema itself: required properties only. */
function sampleOf(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = sampleOf(schema.properties?.[name] ?? {});
      return value;
    }
    case 'array':
      return schema.minItems ? [sampleOf(schema.items ?? {})] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string': {
      const fits = (text: string) =>
        text.length >= (schema.minLength ?? 0) &&
        text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (!schema.pattern || new RegExp(schema.pattern).test(text));
      // A patterned field may offer its own sample (`examples` in its schema, or its default).
      const own = [
        ...(schema.examples ?? []),
        ...(typeof schema.default === 'string' ? [schema.default] : []),
      ];
      const found = [...own, ...STRING_CANDIDATES].find(fits);
      if (!found) throw new Error(`no sample string fits ${JSON.stringify(schema)}`);
      return found;
    }
    default:
      return null;
  }
}

function schemaPart(route: BackOfficeRoute, part: 'body' | 'querystring' | 'params'): JsonSchema | undefined {
  return (route.schema as Record<string, JsonSchema> | undefined)?.[part];
}

const takesMerchantId = (route: BackOfficeRoute) =>
  Boolean(
    schemaPart(route, 'querystring')?.properties?.merchantId ??
      schemaPart(route, 'body')?.properties?.merchantId,
  );

/** A route whose body names the member it acts on (an offer to an agent): scoped by that member. */
const namesMember = (route: BackOfficeRoute) => Boolean(schemaPart(route, 'body')?.properties?.downlineId);

/** The request for a route, naming merchant A wherever the route takes a merchant, an id or a member. */
function requestFor(route: BackOfficeRoute): { url: string; body: unknown } {
  const [, , segment = '', subsegment = ''] = route.url.split('/');
  const url = route.url.replace(/:id\b/, () => {
    // A route's own fixture (`/bo/promotions/:id/raffle`) wins over a finer one (`finance/deposits`),
    // which wins over its area's (`finance`).
    const id =
      resourceOfA.get(route.url) ?? resourceOfA.get(`${segment}/${subsegment}`) ?? resourceOfA.get(segment);
    if (!id) throw new Error(`no fixture of merchant A for ${route.url}: add one to resourceOfA`);
    return id;
  });
  const query = schemaPart(route, 'querystring')?.properties?.merchantId ? `?merchantId=${merchantA}` : '';
  const bodySchema = schemaPart(route, 'body');
  const body = bodySchema ? (sampleOf(bodySchema) as Record<string, unknown>) : undefined;
  if (body && bodySchema?.properties?.merchantId) body.merchantId = merchantA;
  if (body && bodySchema?.properties?.downlineId) body.downlineId = resourceOfA.get('players');
  return { url: `${url}${query}`, body: body ?? (route.method === 'GET' ? undefined : {}) };
}

async function callAs(token: string | null, route: BackOfficeRoute) {
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  const { url, body } = requestFor(route);
  return client.call(route.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url, body);
}

const permissionOf = (route: BackOfficeRoute): Permission | null =>
  'public' in route.requirement ? null : route.requirement.permission;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  routes = testApp.app.backOfficeRoutes.filter((route) => route.method !== 'HEAD');
  merchantA = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  const merchantB = await insertOtherMerchant(db, 'other');

  const player = createAccountsClient(testApp.app);
  await player.logIn('demo', 'Demo1234');
  playerToken = player.token ?? '';

  ownerOfA = (
    await insertOperatorWithSession(db, {
      username: 'owner_a',
      merchantId: merchantA,
      roleId: 'owner',
      nowMs,
    })
  ).token;
  ownerOfB = (
    await insertOperatorWithSession(db, {
      username: 'owner_b',
      merchantId: merchantB,
      roleId: 'owner',
      nowMs,
    })
  ).token;
  for (const permission of PERMISSIONS) {
    const roleId = `all-but-${permission.replace('.', '-')}`;
    await db
      .insertInto('operator_roles')
      .values({
        id: roleId,
        merchant_id: merchantA,
        name: roleId,
        permissions: PERMISSIONS.filter((other) => other !== permission),
      })
      .execute();
    const { token } = await insertOperatorWithSession(db, {
      username: `lacks_${permission.replace('.', '_')}`,
      merchantId: merchantA,
      roleId,
      nowMs,
    });
    lacking.set(permission, token);
  }
  const staffOfA = await db
    .selectFrom('operators')
    .select('id')
    .where('username_key', '=', 'risk')
    .executeTakeFirstOrThrow();
  resourceOfA.set('staff', staffOfA.id);
  resourceOfA.set('roles', 'all-but-staff-read');
  resourceOfA.set('merchants', merchantA);
  const firstOf = async (
    table: 'banners' | 'announcements' | 'help_categories' | 'help_articles' | 'merchant_resources',
  ) =>
    (await db.selectFrom(table).select('id').where('merchant_id', '=', merchantA).executeTakeFirstOrThrow())
      .id;
  resourceOfA.set('banners', await firstOf('banners'));
  resourceOfA.set('announcements', await firstOf('announcements'));
  resourceOfA.set('help-categories', await firstOf('help_categories'));
  resourceOfA.set('help-articles', await firstOf('help_articles'));
  // The demo seeds no customer service, so merchant A gets one entry for the routes' :id.
  resourceOfA.set(
    'customer-services',
    await createContentService(db).createCustomerService(merchantA, {
      csType: 'EMAIL',
      title: { EN: 'Email us', TY: 'Mag-email sa amin' },
      path: 'mailto:help@panalo.example',
      sortOrder: 0,
    }),
  );
  resourceOfA.set('resources', await firstOf('merchant_resources'));
  resourceOfA.set(
    'players',
    (await db.selectFrom('members').select('id').where('account_key', '=', 'demo').executeTakeFirstOrThrow())
      .id,
  );
  // The agent routes name a member: the demo player (made an agent, moved, or its tree read).
  resourceOfA.set('agents', resourceOfA.get('players') as string);
  // An affiliate application of the demo player, for the review routes' :id.
  await db
    .insertInto('affiliate_applications')
    .values({
      id: 'affiliate-application-a',
      merchant_id: merchantA,
      member_id: resourceOfA.get('players') as string,
      channel: 'facebook',
      audience: 100,
      contact: 'demo@panalo.example',
    })
    .execute();
  resourceOfA.set('affiliate-applications', 'affiliate-application-a');
  // A contract of merchant A (the platform's daily salary for the agent made of the demo player),
  // an offer waiting on it and a settlement waiting for an operator, for the contract routes' :id.
  const contractOfA = await insertContract(db, {
    merchantId: merchantA,
    kind: 'daily',
    period: 'D',
    uplineId: null,
    downlineId: resourceOfA.get('players') as string,
    tiers: [tier(0, '0.00', 50)],
    startsAt: new Date(nowMs - 2 * 24 * 3_600_000),
  });
  resourceOfA.set('contracts', contractOfA);
  await db
    .insertInto('agent_contract_offers')
    .values({
      id: 'contract-offer-a',
      merchant_id: merchantA,
      kind: 'dividend',
      type: 'new',
      from_side: 'operator',
      upline_id: null,
      downline_id: resourceOfA.get('players') as string,
      contract_id: null,
      period: 'W',
      tiers: JSON.stringify([tier(0, '0.00', 1000)]),
      rate_bp: 1000,
      status: 'pending',
      created_by_operator: null,
      expires_at: new Date(nowMs + 7 * 24 * 3_600_000),
      decided_at: null,
    })
    .execute();
  resourceOfA.set('contract-offers', 'contract-offer-a');
  const cycleStartsAt = new Date(nowMs - 24 * 3_600_000);
  const cycleEndsAt = new Date(nowMs);
  await db
    .insertInto('agent_contract_runs')
    .values({
      id: 'contract-run-a',
      merchant_id: merchantA,
      kind: 'daily',
      period: 'D',
      cycle_key: 'D:2026-11-22',
      cycle_starts_at: cycleStartsAt,
      cycle_ends_at: cycleEndsAt,
      run_by: 'job',
      operator_id: null,
      started_at: cycleEndsAt,
      finished_at: cycleEndsAt,
      rollups_as_of: cycleEndsAt,
      contract_count: 1,
      settlement_count: 1,
      paid_count: 0,
      waiting_count: 1,
      amount_minor: 5_000n,
      paid_minor: 0n,
    })
    .execute();
  await db
    .insertInto('agent_contract_settlements')
    .values({
      id: 'contract-settlement-a',
      merchant_id: merchantA,
      run_id: 'contract-run-a',
      contract_id: contractOfA,
      kind: 'daily',
      cycle_key: 'D:2026-11-22',
      cycle_starts_at: cycleStartsAt,
      cycle_ends_at: cycleEndsAt,
      payer_id: null,
      payee_id: resourceOfA.get('players') as string,
      inputs: JSON.stringify({}),
      tier_index: 0,
      rate_bp: 50,
      base_minor: 1_000_000n,
      amount_minor: 5_000n,
      status: 'approval',
      ledger_key: `contract:${contractOfA}:D:2026-11-22`,
      paid_from: null,
      transfer_id: null,
      created_at: cycleEndsAt,
      paid_at: null,
      decided_at: null,
      decided_by: null,
    })
    .execute();
  resourceOfA.set('contract-settlements', 'contract-settlement-a');
  // A withdrawal of merchant A waiting for review, for the finance routes' :id.
  const demoId = (
    await db.selectFrom('members').select('id').where('account_key', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('payout_accounts')
    .values({
      id: 'payout-account-a',
      merchant_id: merchantA,
      member_id: demoId,
      kind: 'ewallet',
      provider: 'GCASH',
      account_name: 'Juan Dela Cruz',
      account_number: '09171234567',
    })
    .execute();
  await db
    .insertInto('withdrawals')
    .values({
      id: 'withdrawal-a',
      merchant_id: merchantA,
      member_id: demoId,
      payout_account_id: 'payout-account-a',
      currency: 'PHP',
      amount_minor: 10_000n,
      status: 'review',
      hold_key: 'withdrawal:withdrawal-a',
    })
    .execute();
  resourceOfA.set('finance', 'withdrawal-a');
  // A bank deposit of merchant A in review, with its receipt stored, for the deposit routes' :id.
  const method = await testApp.app.payments.createMethod({
    merchantId: merchantA,
    code: 'bank',
    kind: 'bank_transfer',
    names: { EN: 'Bank' },
    minMinor: 100n,
    maxMinor: 1_000_000n,
    playerDailyMaxMinor: null,
  });
  const receipt = await testApp.app.images.save({
    namespace: 'receipts',
    data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
    maxBytes: 1_000_000,
  });
  const deposit = await testApp.app.payments.createDeposit({
    merchantId: merchantA,
    memberId: demoId,
    method,
    currency: 'PHP',
    amountMinor: 10_000n,
    status: 'review',
    reference: 'REF-0001',
    receiptPath: receipt.path,
  });
  resourceOfA.set('finance/deposits', deposit.id);
  // The withdrawal's proof of non-receipt, for the proof photo's route (the same kind of image).
  await db
    .updateTable('withdrawals')
    .set({ proof_path: receipt.path })
    .where('id', '=', 'withdrawal-a')
    .execute();
  // The catalogue's :id routes: a game, a vendor and a classify group of merchant A.
  await registerTestVendor(testApp, { vassalage: 'GUARDV', games: [catalogueGame('guard1')] });
  const gameOfA = await db
    .selectFrom('games')
    .select(['id', 'vendor_id'])
    .where('merchant_id', '=', merchantA)
    .where('node_id', '=', 'GUARDV_guard1')
    .executeTakeFirstOrThrow();
  resourceOfA.set('games', gameOfA.id);
  resourceOfA.set('game-vendors', gameOfA.vendor_id);
  await db.updateTable('games').set({ classify: 'GUARD' }).where('id', '=', gameOfA.id).execute();
  resourceOfA.set(
    'game-classify-groups',
    (
      await db
        .selectFrom('game_classify_groups')
        .select('id')
        .where('merchant_id', '=', merchantA)
        .where('key', '=', 'GUARD')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // A promotion of merchant A, an application the demo player sent to it and its image, for the
  // promotion routes' :id (the promotion, the application, the application's image).
  await db
    .insertInto('promotions')
    .values({
      id: 'promotion-a',
      merchant_id: merchantA,
      type: 'OTHERS',
      kind: 'application',
      title: JSON.stringify({ EN: 'Share and win' }),
      content: JSON.stringify({ EN: '<p>Share</p>' }),
      starts_at: new Date(nowMs - 24 * 3_600_000),
      rules: JSON.stringify({ maxAmount: '100.00' }),
      bonus_terms: JSON.stringify({
        multiplier: 1,
        includeDeposit: false,
        contributions: { INHOUSE: 10_000 },
        maxStake: null,
        expiryDays: 7,
        maxConversion: null,
      }),
      status: 'published',
      created_by: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('promotions', 'promotion-a');
  await db
    .insertInto('promotion_entries')
    .values({
      id: 'promotion-entry-a',
      merchant_id: merchantA,
      promotion_id: 'promotion-a',
      member_id: demoId,
      status: 'applying',
      comment: 'I shared it',
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('promotions/applications', 'promotion-entry-a');
  await db
    .insertInto('promotion_entry_images')
    .values({
      id: 'promotion-image-a',
      merchant_id: merchantA,
      member_id: demoId,
      entry_id: 'promotion-entry-a',
      image_url: receipt.path,
      content_type: 'image/png',
      byte_size: 100,
      created_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('promotions/application-images', 'promotion-image-a');
  // A raffle of merchant A with its draw, for the raffle's own routes.
  await db
    .insertInto('promotions')
    .values({
      id: 'raffle-a',
      merchant_id: merchantA,
      type: 'OTHERS',
      kind: 'raffle',
      title: JSON.stringify({ EN: 'Raffle' }),
      content: JSON.stringify({ EN: '<p>Raffle</p>' }),
      starts_at: new Date(nowMs - 24 * 3_600_000),
      ends_at: new Date(nowMs + 24 * 3_600_000),
      rules: JSON.stringify({
        ticketBy: 'deposit',
        ticketEvery: '100.00',
        maxTickets: 10,
        prizes: [{ amount: '100.00', count: 1 }],
        payAs: 'cash',
        claimDays: 7,
        drawDelayMinutes: 60,
      }),
      status: 'published',
      created_by: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  await db
    .insertInto('raffle_draws')
    .values({
      promotion_id: 'raffle-a',
      merchant_id: merchantA,
      server_seed: 'a'.repeat(64),
      server_seed_hash: 'b'.repeat(64),
      created_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('/bo/promotions/:id/raffle', 'raffle-a');
  resourceOfA.set('/bo/promotions/:id/raffle/draw', 'raffle-a');
  // A VIP level of merchant A, for the level routes' :id.
  await db
    .insertInto('vip_levels')
    .values({
      id: 'vip-level-a',
      merchant_id: merchantA,
      rank: 1,
      names: JSON.stringify({ TY: 'Tanso', EN: 'Bronze' }),
      label: 'VIP1',
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('vip/levels', 'vip-level-a');
  // A red-envelope drop of merchant A, for the drop routes' :id.
  await db
    .insertInto('red_envelope_drops')
    .values({
      id: 'red-envelope-drop-a',
      merchant_id: merchantA,
      titles: JSON.stringify({ TY: 'Pulang sobre', EN: 'Red envelopes' }),
      total_minor: 1000n,
      envelope_count: 10,
      minimum_minor: 1n,
      audience: 'all',
      vip_rank: null,
      deposit_days: null,
      starts_at: new Date(nowMs + 3_600_000),
      ends_at: new Date(nowMs + 7_200_000),
      server_seed: 'a'.repeat(64),
      server_seed_hash: 'b'.repeat(64),
      budget_day: '2026-11-23',
      created_by: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('red-envelopes', 'red-envelope-drop-a');
  // A scheduled mail of merchant A, for the mail routes' :id.
  await db
    .insertInto('operator_mails')
    .values({
      id: 'operator-mail-a',
      merchant_id: merchantA,
      kind: 'service',
      audience: 'vip',
      vip_rank: 1,
      agent_id: null,
      titles: JSON.stringify({ TY: 'Paalala', EN: 'Notice' }),
      bodies: JSON.stringify({ TY: '<p>Paalala</p>', EN: '<p>Notice</p>' }),
      status: 'scheduled',
      send_at: new Date(nowMs + 3_600_000),
      created_by: 'owner_a',
    })
    .execute();
  resourceOfA.set('mail', 'operator-mail-a');
  // An open feedback of merchant A's demo member, for the inbox routes' :id.
  await db
    .insertInto('feedbacks')
    .values({
      id: 'feedback-a',
      merchant_id: merchantA,
      member_id: resourceOfA.get('players') as string,
      type: 'suggestion',
      content: 'Mas maraming laro, pakiusap.',
    })
    .execute();
  resourceOfA.set('feedback', 'feedback-a');
  await db
    .insertInto('feedback_images')
    .values({
      id: 'feedback-image-a',
      merchant_id: merchantA,
      member_id: resourceOfA.get('players') as string,
      feedback_id: 'feedback-a',
      image_path: receipt.path,
      content_type: 'image/png',
      byte_size: 100,
    })
    .execute();
  resourceOfA.set('feedback/images', 'feedback-image-a');
  // A picture of a conversation of merchant A's demo member, for the desk's image route.
  await db
    .insertInto('chat_conversations')
    .values({
      id: 'chat-conversation-a',
      merchant_id: merchantA,
      member_id: resourceOfA.get('players') as string,
      status: 'waiting',
      created_at: new Date(nowMs),
      last_message_at: new Date(nowMs),
    })
    .execute();
  await db
    .insertInto('chat_images')
    .values({
      id: 'chat-image-a',
      merchant_id: merchantA,
      conversation_id: 'chat-conversation-a',
      uploader_kind: 'member',
      image_path: receipt.path,
      byte_size: 100,
      created_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('chat/images', 'chat-image-a');
  resourceOfA.set('chat/conversations', 'chat-conversation-a');
  // A news article of merchant A, for the articles' :id.
  await db
    .insertInto('articles')
    .values({
      id: 'article-a',
      merchant_id: merchantA,
      kind: 'news',
      slug: 'balita-a',
      title: JSON.stringify({ TY: 'Balita', EN: 'News' }),
      description: JSON.stringify({ TY: 'Balita', EN: 'News' }),
      body: JSON.stringify({ TY: '<p>Balita</p>', EN: '<p>News</p>' }),
      cover_image_url: null,
      published: true,
      publish_at: new Date(nowMs),
      unpublish_at: null,
      sort_order: 0,
    })
    .execute();
  resourceOfA.set('articles', 'article-a');
  // Goods of merchant A's points mall and a redeem of it waiting, for the points routes' :id.
  await db
    .insertInto('point_goods')
    .values({
      id: 'point-goods-a',
      merchant_id: merchantA,
      names: JSON.stringify({ EN: 'Cap' }),
      kind: 'item',
      points: 10,
      amount_minor: null,
      requirement_kind: null,
      requirement_minor: null,
      requirement_days: null,
      stock: null,
      per_member_limit: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('points/goods', 'point-goods-a');
  await db
    .insertInto('point_redeems')
    .values({
      id: 'point-redeem-a',
      merchant_id: merchantA,
      member_id: demoId,
      goods_id: 'point-goods-a',
      reference: 'PM20261123000001',
      goods_names: JSON.stringify({ EN: 'Cap' }),
      kind: 'item',
      quantity: 1,
      points: 10n,
      amount_minor: null,
      requirement_minor: null,
      address: 'Quezon City',
      applied_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('points/redeems', 'point-redeem-a');
  // A mission and a leaderboard of merchant A, for the missions routes' :id.
  await db
    .insertInto('missions')
    .values({
      id: 'mission-a',
      merchant_id: merchantA,
      name_ty: 'Misyon',
      name_en: 'Mission',
      period: 'daily',
      task: 'rounds',
      game_type: null,
      target: 3n,
      reward_kind: 'cash',
      reward_minor: 500n,
      multiplier: null,
      starts_at: new Date(nowMs),
      ends_at: null,
      enabled: true,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('missions', 'mission-a');
  await db
    .insertInto('leaderboards')
    .values({
      id: 'leaderboard-a',
      merchant_id: merchantA,
      name_ty: 'Talaan',
      name_en: 'Leaderboard',
      metric: 'validBet',
      game_type: null,
      period: 'weekly',
      starts_at: new Date(nowMs),
      ends_at: null,
      prizes: JSON.stringify([{ rank: 1, kind: 'cash', amountMinor: '1000', multiplier: null }]),
      enabled: true,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('leaderboards', 'leaderboard-a');
  // A referral rule of merchant A, and a held reward of a referral (the demo player brought a
  // friend), for the referral routes' :id.
  await db
    .insertInto('referral_rules')
    .values({
      id: 'referral-rule-a',
      merchant_id: merchantA,
      name_ty: 'Sumali ang kaibigan',
      name_en: 'A friend joins',
      trigger: 'register',
      threshold_minor: 0n,
      reward_kind: 'cash',
      referrer_amount_minor: 1000n,
      friend_amount_minor: 0n,
      multiplier: 0,
      expiry_days: 7,
      within_days: 30,
      enabled: true,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('referrals/rules', 'referral-rule-a');
  const friendOfA = await testApp.app.members.createMember({
    merchantId: merchantA,
    account: 'guardfriend',
    password: 'Secret123',
  });
  await db
    .insertInto('referrals')
    .values({
      id: 'referral-a',
      merchant_id: merchantA,
      referrer_id: demoId,
      friend_id: friendOfA.id,
      code: 'DEMOCODE',
      friend_ip: null,
      friend_device_id: null,
      same_ip: true,
      same_device: true,
      created_at: new Date(nowMs),
    })
    .execute();
  await db
    .insertInto('referral_rewards')
    .values({
      id: 'referral-reward-a',
      merchant_id: merchantA,
      referral_id: 'referral-a',
      rule_id: 'referral-rule-a',
      beneficiary: 'referrer',
      member_id: demoId,
      reward_kind: 'cash',
      amount_minor: 1000n,
      status: 'held',
      hold_reason: 'SAME_IP_AND_DEVICE',
      skip_reason: null,
      bonus_id: null,
      decided_by: null,
      decided_at: null,
      paid_at: null,
      created_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('referrals/rewards', 'referral-reward-a');
  // A prize table of merchant A with its first version and a ticket rule of it, for the rewards
  // routes' :id; a member's tickets are the member's (players).
  await db
    .insertInto('reward_prize_tables')
    .values({
      id: 'reward-table-a',
      merchant_id: merchantA,
      kind: 'wheel',
      names: JSON.stringify({ TY: 'Gulong', EN: 'Wheel' }),
      version: 1,
      daily_budget_minor: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  await db
    .insertInto('reward_prize_table_versions')
    .values({
      table_id: 'reward-table-a',
      version: 1,
      canonical:
        '{"kind":"wheel","name":{"EN":"Wheel","TY":"Gulong"},"prizes":[{"amount":null,"kind":"none","name":{"EN":"Try again","TY":"Subukan muli"},"points":null,"wageringMultiplier":null,"weight":1}]}',
      hash: 'c'.repeat(64),
      created_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('rewards/tables', 'reward-table-a');
  await db
    .insertInto('reward_ticket_rules')
    .values({
      id: 'reward-rule-a',
      merchant_id: merchantA,
      trigger: 'contact',
      names: JSON.stringify({ TY: 'Contact', EN: 'Contact' }),
      amount_minor: null,
      vip_rank: null,
      tickets: 1,
      table_id: 'reward-table-a',
      expires_in_days: 7,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  resourceOfA.set('rewards/rules', 'reward-rule-a');
  resourceOfA.set('rewards/players', resourceOfA.get('players') as string);
});

afterAll(async () => {
  await testApp.close();
});

describe('every /bo route', () => {
  it('is found, and only sign-in and its captcha image are open to anyone', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const open = routes.filter((route) => 'public' in route.requirement).map((route) => route.url);
    expect(open.sort()).toEqual(['/bo/auth/captcha', '/bo/auth/login']);
  });

  it('refuses a request without a token', async () => {
    for (const route of routes.filter((item) => !('public' in item.requirement))) {
      const reply = await callAs(null, route);
      expect([route.url, reply.status, reply.body.code]).toEqual([route.url, 401, 'NOT_LOGGED_IN']);
    }
  });

  it("refuses a player's token", async () => {
    for (const route of routes.filter((item) => !('public' in item.requirement))) {
      const reply = await callAs(playerToken, route);
      expect([route.url, reply.status, reply.body.code]).toEqual([route.url, 401, 'NOT_LOGGED_IN']);
    }
  });

  it('refuses an operator whose role lacks exactly the permission the route needs', async () => {
    const guarded = routes.filter((route) => permissionOf(route) !== null);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const permission = permissionOf(route) as Permission;
      const reply = await callAs(lacking.get(permission) ?? null, route);
      expect([route.method, route.url, reply.status, reply.body.code]).toEqual([
        route.method,
        route.url,
        403,
        'FORBIDDEN',
      ]);
    }
  });

  it('lets an operator in whose role lacks only other permissions (reading routes)', async () => {
    // The refusal above comes from the named permission, not from refusing everyone: a role that
    // lacks some other permission reads fine. (Changes are left alone here; they would change
    // the fixtures.)
    for (const route of routes.filter((item) => item.method === 'GET' && permissionOf(item) !== null)) {
      const other = PERMISSIONS.find((permission) => permission !== permissionOf(route)) as Permission;
      const reply = await callAs(lacking.get(other) ?? null, route);
      expect([route.url, reply.status]).toEqual([route.url, 200]);
    }
  });

  it("refuses an operator of another merchant on everything of merchant A's", async () => {
    const scoped = routes.filter((route) => permissionOf(route) !== null);
    for (const route of scoped) {
      // A route that names neither a merchant nor a resource (or a member) could not reach another
      // merchant's data; every guarded route so far does one of these, and a new one must too.
      const namesResource = route.url.includes(':id') || namesMember(route);
      expect([route.url, namesResource || takesMerchantId(route)]).toEqual([route.url, true]);
      const reply = await callAs(ownerOfB, route);
      const expected = namesResource ? [404, 'NOT_FOUND'] : [403, 'FORBIDDEN'];
      expect([route.method, route.url, reply.status, reply.body.code]).toEqual([
        route.method,
        route.url,
        ...expected,
      ]);
    }
    // The same requests by merchant A's own owner are not refused (reads succeed).
    for (const route of scoped.filter((item) => item.method === 'GET')) {
      expect([route.url, (await callAs(ownerOfA, route)).status]).toEqual([route.url, 200]);
    }
  });
});
