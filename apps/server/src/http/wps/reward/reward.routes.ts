import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  type DrawView,
  REWARD_PAGE_SIZE_MAX,
  type RewardService,
  TICKET_RULE_TRIGGERS,
} from '../../../modules/reward/reward.service.ts';
import {
  chanceText,
  type Prize,
  prizesOfCanonical,
  totalWeightOf,
} from '../../../modules/reward/reward-rules.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { textIn } from '../../../platform/i18n/localized-text.ts';
import { rewardMerchantOf } from '../../../workflows/rewards.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';

export type RewardRoutesDeps = { members: MemberService; rewards: RewardService };

const TAGS = ['reward'];
const PAGE_SIZE_DEFAULT = 20;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['10.00'] });
const Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });
const PRIZE_KINDS = ['cash', 'bonus', 'points', 'none'] as const;
const TABLE_KINDS = ['wheel', 'egg'] as const;
const TICKET_SOURCES = [...TICKET_RULE_TRIGGERS, 'operator'] as const;
const TICKET_STATUSES = ['unused', 'used', 'expired'] as const;

const PrizeItem = Type.Object({
  index: Type.Integer(),
  name: Type.String(),
  kind: StringOf(PRIZE_KINDS),
  amount: Nullable(Money),
  points: Nullable(Type.Integer()),
  weight: Type.Integer(),
  /** Percent with two decimals. */
  chance: Type.String({ examples: ['12.50'] }),
});

const TableItem = Type.Object({
  id: Type.String(),
  kind: StringOf(TABLE_KINDS),
  name: Type.String(),
  version: Type.Integer(),
  tableHash: Hex,
  /** The member's unused tickets of the table that have not run out. */
  tickets: Type.Integer(),
  nextExpiresAt: Nullable(Type.String()),
  prizes: Type.Array(PrizeItem),
});

const WayItem = Type.Object({
  id: Type.String(),
  trigger: StringOf(TICKET_RULE_TRIGGERS),
  name: Type.String(),
  amount: Nullable(Money),
  vipRank: Nullable(Type.Integer()),
  tickets: Type.Integer(),
  tableId: Type.String(),
  expiresInDays: Type.Integer(),
});

const Centre = Type.Object({
  /** false: the member sees the centre read-only (no tickets issued, draws refused). */
  marketable: Type.Boolean(),
  tables: Type.Array(TableItem),
  /** The active ticket rules: how tickets are earned. */
  ways: Type.Array(WayItem),
  /** The member's active seed pair, which the next draw uses (the house games' pair). */
  seed: Type.Object({ serverSeedHash: Type.String(), clientSeed: Type.String(), nonce: Type.Integer() }),
});

const Draw = Type.Object({
  id: Type.String(),
  tableId: Type.String(),
  kind: StringOf(TABLE_KINDS),
  tableName: Type.String(),
  prizeIndex: Type.Integer(),
  prize: PrizeItem,
  tableVersion: Type.Integer(),
  tableHash: Hex,
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  /** Once the seed pair is rotated; null before. */
  serverSeed: Nullable(Type.String()),
  createdAt: Type.String(),
});

const DrawBody = Type.Object({ tableId: Id }, { additionalProperties: false });
const Drawn = Type.Object({ draw: Draw, tickets: Type.Integer() });

const PageQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(REWARD_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});
const TicketsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(StringOf(TICKET_STATUSES)),
});

const TicketItem = Type.Object({
  id: Type.String(),
  tableId: Type.String(),
  kind: StringOf(TABLE_KINDS),
  tableName: Type.String(),
  source: StringOf(TICKET_SOURCES),
  status: StringOf(TICKET_STATUSES),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  usedAt: Nullable(Type.String()),
});

const VersionParams = Type.Object({ id: Id, version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });
const TableVersion = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  tableHash: Hex,
  prizes: Type.Array(PrizeItem),
  /** The canonical JSON text the hash is taken over (GAMES.md "Draws for rewards"). */
  canonical: Type.String(),
});

type Reader = { language: string; fallbackLanguage: string };

/** A prize as the wire shows it, in the reader's language, with its chance. */
export function prizeItemOf(prize: Prize, totalWeight: number, reader: Reader) {
  return {
    index: prize.index,
    name: textIn(prize.names, reader.language, reader.fallbackLanguage),
    kind: prize.kind,
    amount: prize.amountMinor === null ? null : formatAmount(prize.amountMinor),
    points: prize.points,
    weight: prize.weight,
    chance: chanceText(prize.weight, totalWeight),
  };
}

function prizeItemsOf(prizes: readonly Prize[], reader: Reader) {
  const total = totalWeightOf(prizes);
  return prizes.map((prize) => prizeItemOf(prize, total, reader));
}

export function drawViewOf(draw: DrawView, reader: Reader) {
  const prizes = prizesOfCanonical(draw.canonical);
  const prize = prizes[draw.prize_index] as Prize;
  return {
    id: draw.id,
    tableId: draw.table_id,
    kind: draw.table_kind,
    tableName: textIn(draw.table_names, reader.language, reader.fallbackLanguage),
    prizeIndex: draw.prize_index,
    prize: prizeItemOf(prize, totalWeightOf(prizes), reader),
    tableVersion: draw.table_version,
    tableHash: draw.table_hash,
    serverSeedHash: draw.server_seed_hash,
    clientSeed: draw.client_seed,
    nonce: Number(draw.nonce),
    serverSeed: draw.revealed_server_seed,
    createdAt: draw.created_at.toISOString(),
  };
}

/**
 * The reward centre's tickets and prize draws for players (docs/rewards.md "Wire"): the centre
 * (tables with the member's tickets, the ways to earn them, the seed pair), a draw, the member's
 * draws and tickets, and a table's version for the verifier. Every call needs a member; trial
 * accounts are refused (TRIAL_ACCOUNT).
 */
export function registerRewardRoutes(app: TypedApp, deps: RewardRoutesDeps): void {
  const { members, rewards } = deps;

  app.get(
    '/wps/reward/centre',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's prize tables with their tickets and chances, the ways to earn tickets, and the seed pair (T)",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Centre), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const reader = { language: request.language, fallbackLanguage: merchant.defaultLanguage };
      const centre = await rewards.describeCentre(rewardMerchantOf(merchant), member.id);
      return ok({
        marketable: centre.marketable,
        tables: centre.tables.map(({ table, tickets, nextExpiresAt }) => ({
          id: table.id,
          kind: table.kind,
          name: textIn(table.names, reader.language, reader.fallbackLanguage),
          version: table.version,
          tableHash: table.hash,
          tickets,
          nextExpiresAt: nextExpiresAt?.toISOString() ?? null,
          prizes: prizeItemsOf(table.prizes, reader),
        })),
        ways: centre.ways.map((rule) => ({
          id: rule.id,
          trigger: rule.trigger,
          name: textIn(rule.names, reader.language, reader.fallbackLanguage),
          amount: rule.amount_minor === null ? null : formatAmount(rule.amount_minor),
          vipRank: rule.vip_rank,
          tickets: rule.tickets,
          tableId: rule.table_id,
          expiresInDays: rule.expires_in_days,
        })),
        seed: centre.seed,
      });
    },
  );

  app.post(
    '/wps/reward/draw',
    {
      schema: {
        tags: TAGS,
        summary:
          'Use a ticket of a prize table: the prize drawn and paid, and the tickets left; CONFLICT NO_TICKET, BUDGET_EXHAUSTED (the ticket is not used); FORBIDDEN NOT_MARKETABLE (T)',
        querystring: MerchantLanguageQuery,
        body: DrawBody,
        response: { 200: Envelope(Drawn), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const reader = { language: request.language, fallbackLanguage: merchant.defaultLanguage };
      const drawn = await rewards.draw(rewardMerchantOf(merchant), member.id, request.body.tableId);
      return ok({ draw: drawViewOf(drawn.draw, reader), tickets: drawn.tickets });
    },
  );

  app.get(
    '/wps/reward/draws',
    {
      schema: {
        tags: TAGS,
        summary: "The member's draws, newest first (T)",
        querystring: PageQuery,
        response: { 200: Envelope(PageOf(Draw)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const reader = { language: request.language, fallbackLanguage: merchant.defaultLanguage };
      const { page, pageSize } = request.query;
      const found = await rewards.listDraws({ memberId: member.id }, { page, pageSize });
      return ok({ list: found.rows.map((draw) => drawViewOf(draw, reader)), totalPages: found.totalPages });
    },
  );

  app.get(
    '/wps/reward/tickets',
    {
      schema: {
        tags: TAGS,
        summary: "The member's tickets, newest first, by status (T)",
        querystring: TicketsQuery,
        response: { 200: Envelope(PageOf(TicketItem)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const { page, pageSize, status } = request.query;
      const found = await rewards.listTickets(
        { memberId: member.id, ...(status ? { status } : {}) },
        { page, pageSize },
      );
      return ok({
        list: found.rows.map((ticket) => ({
          id: ticket.id,
          tableId: ticket.table_id,
          kind: ticket.table_kind,
          tableName: textIn(ticket.table_names, request.language, merchant.defaultLanguage),
          source: ticket.source,
          status: ticket.shown_status,
          createdAt: ticket.created_at.toISOString(),
          expiresAt: ticket.expires_at.toISOString(),
          usedAt: ticket.used_at?.toISOString() ?? null,
        })),
        totalPages: found.totalPages,
      });
    },
  );

  app.get(
    '/wps/reward/tables/:id/versions/:version',
    {
      schema: {
        tags: TAGS,
        summary: "A prize table's version as it was hashed, for the verifier (T)",
        params: VersionParams,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(TableVersion), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant } = await requireMerchantMember(request, members);
      const found = await rewards.findTableVersion(request.params.id, request.params.version);
      if (!found || found.merchant_id !== merchant.id) throw new AppError('NOT_FOUND');
      const reader = { language: request.language, fallbackLanguage: merchant.defaultLanguage };
      return ok({
        id: found.table_id,
        version: found.version,
        tableHash: found.hash,
        prizes: prizeItemsOf(prizesOfCanonical(found.canonical), reader),
        canonical: found.canonical,
      });
    },
  );
}
