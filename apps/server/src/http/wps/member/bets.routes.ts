import { formatAmount } from '@panalo/money/amount.ts';
import { type TSchema, Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { BET_STATUS_CODES, type BetStatusFilter } from '../../../modules/report/bet-records.repository.ts';
import {
  BET_RECORD_PAGE_SIZE_MAX,
  type BetRecord,
  type BetRecordService,
  type BetTotals as BetTotalSums,
} from '../../../modules/report/bet-records.service.ts';
import {
  DATE_PRESETS,
  type DatePreset,
  type DayRange,
  rangeOfPreset,
} from '../../../modules/report/date-range.ts';
import type { ImportStatusService } from '../../../modules/report/import-status.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { ImportingVendors, importingOut } from '../../import-status.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { gameNameIn } from '../game/game-items.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import {
  DayRangeFields,
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
} from '../wps-schemas.ts';

export type BetRoutesDeps = {
  members: MemberService;
  betRecords: BetRecordService;
  importStatus: ImportStatusService;
  now: () => Date;
};

const TAGS = ['member'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
const SignedMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['-50.00'] });
const BET_STATUSES = Object.keys(BET_STATUS_CODES) as BetStatusFilter[];
const BET_PAGE_SIZE_DEFAULT = 20;
/** A bet id is one of our time-sortable ids; anything longer is not one. */
export const BetId = Type.String({ minLength: 1, maxLength: 64 });

/** The betting records' filters, for a member's own records and for a team's. */
export const BetFilterFields = {
  /** The lobby's game type (category): RNG, LIVE, SPORTS, INHOUSE … */
  gameType: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Z0-9_]+$' })),
  vendorId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  status: Type.Optional(StringOf(BET_STATUSES)),
  /** A date preset of spec §9 in the merchant's days; else `from` and `to` (the last 7 days when neither). */
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  ...DayRangeFields,
};

const BetsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...BetFilterFields,
  ...DefaultedPageFields(BET_RECORD_PAGE_SIZE_MAX, BET_PAGE_SIZE_DEFAULT),
});

export const BetItem = Type.Object({
  id: Type.String(),
  placedAt: Type.String({ format: 'date-time' }),
  settledAt: Nullable(Type.String({ format: 'date-time' })),
  /** The game's name in the request's language. */
  gameName: Type.String(),
  vendorName: Type.String(),
  /** The lobby's game type code; the client shows its translated name. */
  gameType: Type.String(),
  stake: Money,
  /** What counts for turnover: the stake of a settled bet; 0 while pending and for void bets. */
  validBet: Money,
  /** What the bet paid back. */
  payout: Money,
  /** Payout less stake, negative when the member lost; 0 for a void or rolled-back bet. */
  net: SignedMoney,
  /** pending, settled, or void (rolled back or voided: the stake went back). */
  status: StringOf(BET_STATUSES),
});

const Fairness = Type.Object({
  /** The game's node id, to open the game again (its records panel recalls and verifies the round). */
  nodeId: Type.String(),
  vassalage: Type.String(),
  gameCode: Type.String(),
  nonce: Type.Integer(),
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  /** Revealed once the member rotated the round's seed pair; until then null. */
  serverSeed: Nullable(Type.String()),
});

export const BetDetail = Type.Object({
  ...BetItem.properties,
  /** Our own games' fairness inputs; null for a vendor's bet. */
  fairness: Nullable(Fairness),
});

export const BetTotals = Type.Object({
  count: Type.Integer(),
  stake: Money,
  validBet: Money,
  payout: Money,
  net: SignedMoney,
});

/** A page of records, how many there are, their totals over the whole filter and the days covered. */
export function RecordsPageOf<Item extends TSchema, Totals extends TSchema>(item: Item, totals: Totals) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    totalPages: Type.Integer(),
    totals,
    /** The days the list covers, in the merchant's time zone. */
    from: Type.String(),
    to: Type.String(),
  });
}

/**
 * A page of bets: the records' page with `importing`, the transfer-wallet vendors whose bets may not
 * all be imported yet (the page says their figures are still being imported).
 */
export function BetRecordsPageOf<Item extends TSchema>(item: Item) {
  return Type.Object({ ...RecordsPageOf(item, BetTotals).properties, importing: ImportingVendors });
}

function statusOf(stored: string): BetStatusFilter {
  const found = BET_STATUSES.find((status) =>
    (BET_STATUS_CODES[status] as readonly string[]).includes(stored),
  );
  if (!found) throw new Error(`A bet has the unknown status ${stored}`);
  return found;
}

export function toBetItem(record: BetRecord, language: string) {
  return {
    id: record.id,
    placedAt: record.placedAt.toISOString(),
    settledAt: record.settledAt ? record.settledAt.toISOString() : null,
    gameName: gameNameIn(record.gameNames as Record<string, string>, language),
    vendorName: record.vendorName,
    gameType: record.gameType,
    stake: formatAmount(record.stakeMinor),
    validBet: formatAmount(record.validBetMinor),
    payout: formatAmount(record.isCancelled ? 0n : record.winMinor),
    net: formatAmount(record.netMinor),
    status: statusOf(record.status),
  };
}

/** The sums over a whole filter as the wire writes them. */
export function toBetTotals(totals: BetTotalSums) {
  return {
    count: totals.count,
    stake: formatAmount(totals.stakeMinor),
    validBet: formatAmount(totals.validBetMinor),
    payout: formatAmount(totals.payoutMinor),
    net: formatAmount(totals.payoutMinor - totals.stakeMinor),
  };
}

/** One bet with, for our own games, the inputs that recall and verify its round. */
export function toBetDetail(bet: Awaited<ReturnType<BetRecordService['find']>>, language: string) {
  const { serverSeedHash, clientSeed, nonce } = bet;
  return {
    ...toBetItem(bet, language),
    fairness:
      bet.isInHouse && serverSeedHash !== null && clientSeed !== null && nonce !== null
        ? {
            nodeId: bet.nodeId,
            vassalage: bet.vassalage,
            gameCode: bet.gameCode,
            nonce: Number(nonce),
            serverSeedHash,
            clientSeed,
            serverSeed: bet.serverSeed,
          }
        : null,
  };
}

/** The days a query asks for: its preset, else both its days, else the last seven days. */
export function rangeOf(
  query: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): DayRange {
  if (query.preset) return rangeOfPreset(query.preset, timeZone, now);
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from || query.to) throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
  return rangeOfPreset('past7Days', timeZone, now);
}

/** The member centre's betting records (personalHistoryCopy): every bet of the member, any vendor. */
export function registerBetRoutes(app: TypedApp, deps: BetRoutesDeps): void {
  app.get(
    '/wps/member/bets',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's bets across every vendor, newest first, by game type, vendor, status and days placed, with totals over the whole filter",
        querystring: BetsQuery,
        response: {
          200: Envelope(BetRecordsPageOf(BetItem)),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      const range = rangeOf(query, merchant.timeZone, deps.now());
      const [page, importing] = await Promise.all([
        deps.betRecords.list({
          merchantId: merchant.id,
          bettors: { memberId: member.id },
          timeZone: merchant.timeZone,
          range,
          gameType: query.gameType,
          vendorId: query.vendorId,
          status: query.status,
          page: query.page,
          pageSize: query.pageSize,
        }),
        deps.importStatus.importing([merchant.id]),
      ]);
      return ok({
        list: page.list.map((record) => toBetItem(record, request.language)),
        total: page.total,
        totalPages: Math.ceil(page.total / query.pageSize),
        totals: toBetTotals(page.totals),
        from: range.from,
        to: range.to,
        importing: importingOut(importing),
      });
    },
  );

  app.get(
    '/wps/member/bets/filters',
    {
      schema: {
        tags: TAGS,
        summary: "The vendors and game types the betting records' filters offer",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(
            Type.Object({
              vendors: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
              gameTypes: Type.Array(Type.String()),
            }),
          ),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant } = await requireMerchantMember(request, deps.members);
      return ok(await deps.betRecords.filterChoices(merchant.id));
    },
  );

  app.get(
    '/wps/member/bets/:id',
    {
      schema: {
        tags: TAGS,
        summary: "One of the member's bets; for our own games, the inputs that recall and verify its round",
        params: Type.Object({ id: BetId }),
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(BetDetail), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const bet = await deps.betRecords.find({
        merchantId: merchant.id,
        bettors: { memberId: member.id },
        id: request.params.id,
      });
      return ok(toBetDetail(bet, request.language));
    },
  );
}
