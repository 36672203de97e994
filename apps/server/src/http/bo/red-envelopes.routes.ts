import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import { type Static, Type } from 'typebox';
import {
  DROP_COUNT_MAX,
  DROP_WINDOW_DAYS_MAX,
  type DropAdminView,
  type DropInput,
  type OpenedEnvelopeRow,
  type RedEnvelopeService,
} from '../../modules/red-envelope/red-envelope.service.ts';
import { addDays, dayIn, REPORT_DAYS_MAX, rangeOfPreset } from '../../modules/report/date-range.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import { maskName } from '../wps/promotion/raffle-view.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
  ReportRangeQuery,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type RedEnvelopeAdminRoutesDeps = {
  redEnvelopes: RedEnvelopeService;
  /** A merchant's time zone, in which the cost report's days are read. */
  timeZoneOf: (merchantId: string) => Promise<string | null>;
  now: () => Date;
};

const TAGS = ['back office: red envelopes'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_MAX = 200;
const PAGE_SIZE_DEFAULT = 25;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['1000.00'] });
const Amount = Type.String({ pattern: '^\\d{1,8}(\\.\\d{1,2})?$', maxLength: 11, examples: ['1000.00'] });
const Title = Type.String({ minLength: 1, maxLength: 60 });
const Moment = Type.String({ format: 'date-time', maxLength: 40, examples: ['2026-12-01T12:00:00.000Z'] });

const DropFields = {
  titles: Type.Object({ TY: Title, EN: Title }, { additionalProperties: false }),
  totalAmount: Amount,
  count: Type.Integer({ minimum: 1, maximum: DROP_COUNT_MAX }),
  minimumAmount: Amount,
  /** all: every member; vip: VIP rank vipRank and above; depositors: a deposit credited in depositDays. */
  audience: StringOf(['all', 'vip', 'depositors']),
  vipRank: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
  depositDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 365 }))),
  startsAt: Moment,
  endsAt: Moment,
};
const DropBody = Type.Object(DropFields);
const NewDropBody = Type.Object({ merchantId: MerchantIdField, ...DropFields });

const DropAdminViewSchema = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  titles: Type.Record(Type.String(), Type.String()),
  totalAmount: Money,
  count: Type.Integer(),
  minimumAmount: Money,
  audience: StringOf(['all', 'vip', 'depositors']),
  vipRank: Nullable(Type.Integer()),
  depositDays: Nullable(Type.Integer()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  status: StringOf(['upcoming', 'open', 'ended', 'cancelled']),
  opened: Type.Integer(),
  paid: Money,
  /** The merchant day whose promotions budget holds the drop's total (docs/red-envelopes.md). */
  budgetDay: Type.String({ format: 'date' }),
  /** What went back to that day's budget once the drop ended or was cancelled; null before. */
  released: Nullable(Money),
  serverSeedHash: Type.String(),
  /** Shown once the drop has ended. */
  serverSeed: Nullable(Type.String()),
  /** Edits and cancelling are allowed until the drop opens. */
  changeable: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const ClaimView = Type.Object({
  index: Type.Integer(),
  /** The member's account, masked as members see winners. */
  account: Type.String(),
  memberId: Type.String(),
  amount: Money,
  openedAt: Type.String(),
});

const ReportRow = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  titles: Type.Record(Type.String(), Type.String()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  total: Money,
  count: Type.Integer(),
  opened: Type.Integer(),
  members: Type.Integer(),
  /** What the opened envelopes paid (ledger code red_envelope). */
  paid: Money,
  /** What the drop holds still: total − paid. */
  unclaimed: Money,
});

function dropViewOf(drop: DropAdminView): Static<typeof DropAdminViewSchema> {
  return {
    id: drop.id,
    merchantId: drop.merchant_id,
    titles: drop.titles,
    totalAmount: formatAmount(BigInt(drop.total_minor)),
    count: drop.envelope_count,
    minimumAmount: formatAmount(BigInt(drop.minimum_minor)),
    audience: drop.audience,
    vipRank: drop.vip_rank,
    depositDays: drop.deposit_days,
    startsAt: drop.starts_at.toISOString(),
    endsAt: drop.ends_at.toISOString(),
    status: drop.phase,
    opened: drop.opened,
    paid: formatAmount(drop.paidMinor),
    budgetDay: drop.budget_day,
    released: drop.released_minor === null ? null : formatAmount(BigInt(drop.released_minor)),
    serverSeedHash: drop.server_seed_hash,
    serverSeed: drop.phase === 'ended' ? drop.server_seed : null,
    changeable: drop.phase === 'upcoming' && drop.opened === 0,
    createdAt: drop.created_at.toISOString(),
    updatedAt: drop.updated_at.toISOString(),
  };
}

function claimViewOf(row: OpenedEnvelopeRow): Static<typeof ClaimView> {
  return {
    index: row.envelope_index,
    account: maskName(row.account),
    memberId: row.member_id,
    amount: formatAmount(row.amount_minor),
    openedAt: row.opened_at.toISOString(),
  };
}

/** The wire's drop in minor units; amounts that do not parse and missing audience figures are VALIDATION. */
function dropInputOf(body: Static<typeof DropBody>): DropInput {
  const fields: Record<string, string> = {};
  const minorOf = (field: string, text: string): bigint => {
    const parsed = parseAmount(text);
    if (!parsed.ok) {
      fields[field] = 'range';
      return 0n;
    }
    return parsed.minor;
  };
  const totalMinor = minorOf('totalAmount', body.totalAmount);
  const minimumMinor = minorOf('minimumAmount', body.minimumAmount);
  let audience: DropInput['audience'] = { kind: 'all' };
  if (body.audience === 'vip') {
    if (body.vipRank == null) fields.vipRank = 'required';
    audience = { kind: 'vip', vipRank: body.vipRank ?? 1 };
  } else if (body.audience === 'depositors') {
    if (body.depositDays == null) fields.depositDays = 'required';
    audience = { kind: 'depositors', depositDays: body.depositDays ?? 1 };
  }
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (Number.isNaN(startsAt.getTime())) fields.startsAt = 'format';
  if (Number.isNaN(endsAt.getTime())) fields.endsAt = 'format';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  return { titles: body.titles, totalMinor, count: body.count, minimumMinor, audience, startsAt, endsAt };
}

/**
 * Red envelopes in the back office (docs/red-envelopes.md): drops (list, create, change and cancel
 * before they open), a drop's opened envelopes, and the cost report. Reads need rewards.read,
 * changes rewards.write; every change is audited by the service in its transaction.
 */
export function registerRedEnvelopeAdminRoutes(app: TypedApp, deps: RedEnvelopeAdminRoutesDeps): void {
  const { redEnvelopes } = deps;
  const findMerchant = redEnvelopes.findMerchantOfDrop;

  app.get(
    '/bo/red-envelopes',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary: 'Red-envelope drops, latest start first, with what each has paid so far',
        querystring: Type.Object({
          merchantId: MerchantIdField,
          ...PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
        }),
        response: { 200: Envelope(CountedPageOf(DropAdminViewSchema)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pageSize = request.query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await redEnvelopes.list({
        scope: await readMerchantScope(request),
        page: request.query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.rows.map(dropViewOf),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.post(
    '/bo/red-envelopes',
    {
      ...merchantScopedRoute('rewards.write'),
      schema: {
        tags: TAGS,
        summary: `Schedule a drop: total ≥ count × minimum, a window of at most ${DROP_WINDOW_DAYS_MAX} days ending in the future; its seed's hash is shown at once`,
        body: NewDropBody,
        response: { 200: Envelope(DropAdminViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...body } = request.body;
      const actor = (await readOperator(request)).actor;
      return ok(dropViewOf(await redEnvelopes.create(actor, merchantId, dropInputOf(body))));
    },
  );

  app.get(
    '/bo/red-envelopes/report',
    {
      ...merchantScopedRoute('rewards.read'),
      schema: {
        tags: TAGS,
        summary:
          'What drops starting within the days cost: envelopes opened, members, paid and left unclaimed, with totals',
        querystring: ReportRangeQuery,
        response: {
          200: Envelope(
            Type.Object({
              range: Type.Object({ from: Type.String(), to: Type.String() }),
              list: Type.Array(ReportRow),
              totals: Type.Object({ total: Money, paid: Money, unclaimed: Money, opened: Type.Integer() }),
            }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const scope = await readMerchantScope(request);
      const zone = (scope?.length === 1 ? await deps.timeZoneOf(scope[0] as string) : null) ?? 'UTC';
      const { query } = request;
      const preset =
        query.preset && !(query.from && query.to) ? rangeOfPreset(query.preset, zone, deps.now()) : null;
      const to = preset?.to ?? query.to ?? dayIn(zone, deps.now());
      const from = preset?.from ?? query.from ?? addDays(to, -29);
      if (from > to) throw new AppError('VALIDATION', { value: { fields: { to: 'beforeFrom' } } });
      if (addDays(from, REPORT_DAYS_MAX) <= to)
        throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      const rows = await redEnvelopes.costReport({
        scope,
        from: startOfDay(from, zone),
        to: startOfDay(addDays(to, 1), zone),
      });
      let total = 0n;
      let paid = 0n;
      let opened = 0;
      const list = rows.map((row) => {
        total += row.totalMinor;
        paid += row.paidMinor;
        opened += row.opened;
        return {
          id: row.id,
          merchantId: row.merchantId,
          titles: row.titles,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          total: formatAmount(row.totalMinor),
          count: row.count,
          opened: row.opened,
          members: row.members,
          paid: formatAmount(row.paidMinor),
          unclaimed: formatAmount(row.totalMinor - row.paidMinor),
        };
      });
      return ok({
        range: { from, to },
        list,
        totals: {
          total: formatAmount(total),
          paid: formatAmount(paid),
          unclaimed: formatAmount(total - paid),
          opened,
        },
      });
    },
  );

  app.get(
    '/bo/red-envelopes/:id',
    {
      ...resourceRoute('rewards.read', findMerchant),
      schema: {
        tags: TAGS,
        summary: 'A drop, with what it has paid so far',
        params: IdParams,
        response: { 200: Envelope(DropAdminViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(dropViewOf(await redEnvelopes.get(request.params.id))),
  );

  app.put(
    '/bo/red-envelopes/:id',
    {
      ...resourceRoute('rewards.write', findMerchant),
      schema: {
        tags: TAGS,
        summary: 'Change a drop before it opens (CONFLICT OPENED from its start, CANCELLED once cancelled)',
        params: IdParams,
        body: DropBody,
        response: { 200: Envelope(DropAdminViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(dropViewOf(await redEnvelopes.update(actor, request.params.id, dropInputOf(request.body))));
    },
  );

  app.post(
    '/bo/red-envelopes/:id/cancel',
    {
      ...resourceRoute('rewards.write', findMerchant),
      schema: {
        tags: TAGS,
        summary: 'Cancel a drop before it opens (CONFLICT OPENED from its start)',
        params: IdParams,
        response: { 200: Envelope(DropAdminViewSchema), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(dropViewOf(await redEnvelopes.cancel(actor, request.params.id)));
    },
  );

  app.get(
    '/bo/red-envelopes/:id/claims',
    {
      ...resourceRoute('rewards.read', findMerchant),
      schema: {
        tags: TAGS,
        summary: 'A drop’s opened envelopes in handing-out order: masked account, amount, time',
        params: IdParams,
        querystring: Type.Object(PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX)),
        response: { 200: Envelope(CountedPageOf(ClaimView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pageSize = request.query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await redEnvelopes.listOpened({
        dropId: request.params.id,
        page: request.query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.rows.map(claimViewOf),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );
}

/** The moment a calendar day starts in a time zone (noon UTC falls on that day in every zone ±12 h). */
function startOfDay(day: string, timeZone: string): Date {
  return startOfDayIn(timeZone, new Date(`${day}T12:00:00Z`));
}
