import { formatAmount, formatMoney, parseAmountOrThrow } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { POINT_RECORD_TYPES } from '../../../db/loyalty-rules.ts';
import type {
  PointGoodsRow,
  PointRecordRow,
  PointRedeemRow,
} from '../../../modules/points/points.service.ts';
import type { Language } from '../../../platform/i18n/language.ts';
import { textIn } from '../../../platform/i18n/localized-text.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';

/** The points mall on the wire (docs/loyalty.md "Points", Wire): goods, redeems and records. */

const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
const Moment = Type.String({ format: 'date-time' });

export const GOODS_KINDS = ['cash', 'bonus', 'item'] as const;
export const REDEEM_STATUSES = ['processing', 'approved', 'rejected'] as const;
export const REQUIREMENT_KINDS = ['deposit', 'validBet'] as const;

export const Requirement = Type.Object({
  kind: StringOf(REQUIREMENT_KINDS),
  /** Deposits or valid bet of at least this … */
  amount: Money,
  /** … in the last this many merchant days (today included). */
  days: Type.Integer(),
});

export const GoodsView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  imageUrls: Type.Array(Type.String()),
  kind: StringOf(GOODS_KINDS),
  /** Points per unit. */
  points: Type.Integer(),
  /** Cash or bonus per unit; null for an item. */
  amount: Nullable(Money),
  requirement: Type.Union([Requirement, Type.Null()]),
  /** Units left; null: unlimited. */
  stock: Nullable(Type.Integer()),
  /** Units a member may hold in processing and approved redeems; null: no limit. */
  perMemberLimit: Nullable(Type.Integer()),
});

export const RedeemRecordView = Type.Object({
  id: Type.String(),
  /** The transaction reference number the member quotes to support. */
  reference: Type.String(),
  goodsName: Type.String(),
  quantity: Type.Integer(),
  points: Type.Integer(),
  amountRequirement: Nullable(Money),
  status: StringOf(REDEEM_STATUSES),
  appliedAt: Moment,
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  address: Nullable(Type.String()),
  /** Why it was rejected. */
  remark: Nullable(Type.String()),
});

export const PointRecordView = Type.Object({
  id: Type.String(),
  type: StringOf(POINT_RECORD_TYPES),
  /** The balance's change, signed. */
  points: Type.Integer(),
  /** The balance after it. */
  balance: Type.Integer(),
  /** What the change was, in the reader's language. */
  remark: Type.String(),
  createdAt: Moment,
});

export type ViewReader = { language: Language; fallbackLanguage: string; currencySymbol: string };

export function goodsViewOf(goods: PointGoodsRow, reader: ViewReader) {
  return {
    id: goods.id,
    name: textIn(goods.names, reader.language, reader.fallbackLanguage),
    description: textIn(goods.descriptions, reader.language, reader.fallbackLanguage),
    imageUrls: goods.image_urls,
    kind: goods.kind,
    points: goods.points,
    amount: goods.amount_minor === null ? null : formatAmount(goods.amount_minor),
    requirement:
      goods.requirement_kind === null
        ? null
        : {
            kind: goods.requirement_kind,
            amount: formatAmount(goods.requirement_minor ?? 0n),
            days: goods.requirement_days ?? 0,
          },
    stock: goods.stock,
    perMemberLimit: goods.per_member_limit,
  };
}

export function redeemViewOf(redeem: PointRedeemRow, reader: ViewReader) {
  return {
    id: redeem.id,
    reference: redeem.reference,
    goodsName: textIn(redeem.goods_names, reader.language, reader.fallbackLanguage),
    quantity: redeem.quantity,
    points: Number(redeem.points),
    amountRequirement: redeem.requirement_minor === null ? null : formatAmount(redeem.requirement_minor),
    status: redeem.status,
    appliedAt: redeem.applied_at.toISOString(),
    decidedAt: redeem.decided_at?.toISOString() ?? null,
    address: redeem.address,
    remark: redeem.remark,
  };
}

type Words = {
  bet: string;
  clawback: string;
  deposit: string;
  redeem: string;
  refund: string;
  convert: string;
  adjustment: string;
  reward: string;
  owedPaid: string;
  owedAdded: string;
};

/** A record's words per language; {placeholders} are the record's facts. */
const RECORD_WORDS: Record<Language, Words> = {
  EN: {
    bet: 'Valid bet {validBet} on {day} ({gameType})',
    clawback: 'Valid bet of {day} ({gameType}) fell to {validBet}: {clawedBack} points taken back',
    deposit: 'Deposit of {amount}',
    redeem: '{quantity} × {goods} ({reference})',
    refund: '{reference} not approved: {remark}',
    convert: 'Converted into a {amount} bonus',
    adjustment: 'Adjusted by the operator: {remark}',
    reward: 'Won in the {table} draw',
    owedPaid: '{owedPaid} points paid what was owed',
    owedAdded: '{owedAdded} points owed',
  },
  TY: {
    bet: 'Valid bet na {validBet} noong {day} ({gameType})',
    clawback: 'Bumaba sa {validBet} ang valid bet noong {day} ({gameType}): binawi ang {clawedBack} points',
    deposit: 'Deposito na {amount}',
    redeem: '{quantity} × {goods} ({reference})',
    refund: 'Hindi naaprubahan ang {reference}: {remark}',
    convert: 'Ginawang bonus na {amount}',
    adjustment: 'Inayos ng operator: {remark}',
    reward: 'Napanalunan sa bunutan ng {table}',
    owedPaid: 'Ibinayad ang {owedPaid} points sa utang na points',
    owedAdded: '{owedAdded} points ang utang',
  },
};

const MONEY_FACTS = new Set(['validBet', 'amount']);

/**
 * Game types as the player's site names them (its `games` words, apps/web's locales), so that a
 * record says "Slots" or "Mga slot" rather than the type's code; a type without a name keeps it.
 */
const GAME_TYPE_NAMES: Record<Language, Record<string, string>> = {
  EN: {
    LIVE: 'Live casino',
    RNG: 'Slots',
    FISH: 'Fishing',
    SPORTS: 'Sports',
    ESPORTS: 'E-sports',
    PVP: 'Cards',
    LOTT: 'Lottery',
    ELOTT: 'E-lottery',
    INHOUSE: 'In-house',
    COCKFIGHT: 'Cockfight',
  },
  TY: {
    LIVE: 'Live na casino',
    RNG: 'Mga slot',
    FISH: 'Pangingisda',
    SPORTS: 'Palakasan',
    ESPORTS: 'E-sports',
    PVP: 'Baraha',
    LOTT: 'Lotto',
    ELOTT: 'E-lotto',
    INHOUSE: 'Sariling laro',
    COCKFIGHT: 'Sabong',
  },
};

/** A record's remark in the reader's language, from the facts it was made of. */
export function remarkOf(record: PointRecordRow, reader: ViewReader): string {
  const words = RECORD_WORDS[reader.language];
  const facts: Record<string, string> = { ...record.detail, remark: record.remark ?? '' };
  const gameType = record.detail.gameType;
  if (gameType !== undefined) facts.gameType = GAME_TYPE_NAMES[reader.language][gameType] ?? gameType;
  const goods =
    record.detail[`goods.${reader.language}`] ?? record.detail[`goods.${reader.fallbackLanguage}`];
  if (goods !== undefined) facts.goods = goods;
  // A prize drawn with a reward ticket names its table (wheel or egg) in each language.
  const table =
    record.detail[`table.${reader.language}`] ?? record.detail[`table.${reader.fallbackLanguage}`];
  if (table !== undefined) facts.table = table;
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = facts[name];
      if (value === undefined) return whole;
      return MONEY_FACTS.has(name)
        ? formatMoney(parseAmountOrThrow(value), { symbol: reader.currencySymbol })
        : value;
    });
  const type = record.type;
  const main =
    type === 'clawback' ||
    type === 'deposit' ||
    type === 'redeem' ||
    type === 'refund' ||
    type === 'convert' ||
    type === 'adjustment' ||
    type === 'reward'
      ? words[type]
      : words.bet;
  const parts = [fill(main)];
  if (facts.owedPaid !== undefined) parts.push(fill(words.owedPaid));
  if (facts.owedAdded !== undefined) parts.push(fill(words.owedAdded));
  return parts.join('; ');
}

export function recordViewOf(record: PointRecordRow, reader: ViewReader) {
  return {
    id: record.id,
    type: record.type,
    points: Number(record.points),
    balance: Number(record.balance),
    remark: remarkOf(record, reader),
    createdAt: record.created_at.toISOString(),
  };
}
