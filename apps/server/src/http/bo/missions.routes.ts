import { formatAmount, parseAmountOrThrow } from '@panalo/money/amount.ts';
import { type Static, Type } from 'typebox';
import { BONUS_MULTIPLIER_MAX } from '../../db/bonus-terms-bounds.ts';
import type { MerchantService } from '../../modules/merchant/merchant.service.ts';
import {
  type Leaderboard,
  type LeaderboardInput,
  type Mission,
  type MissionInput,
  type MissionService,
  NAME_LENGTH_MAX,
  PRIZES_MAX,
  REWARD_TICKETS_MAX,
} from '../../modules/mission/mission.service.ts';
import { addDays, isCalendarDay, startOfDay } from '../../modules/mission/mission-periods.ts';
import { DATE_PRESETS, lengthOf, REPORT_DAYS_MAX, rangeOfPreset } from '../../modules/report/date-range.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, IdParams, MerchantIdField, MerchantScopeQuery } from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type MissionsRoutesDeps = {
  missions: MissionService;
  merchants: Pick<MerchantService, 'findById'>;
  now: () => Date;
};

const TAGS = ['back office: missions'];
const Money = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', examples: ['100.00'] });
const MoneyOut = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const Instant = Type.String({ format: 'date-time', maxLength: 40 });
const Name = Type.String({ minLength: 1, maxLength: NAME_LENGTH_MAX });
const GameType = Nullable(Type.String({ minLength: 1, maxLength: 32 }));
const RewardKind = StringOf(['cash', 'bonus', 'ticket'] as const);
const PrizeKind = StringOf(['cash', 'bonus'] as const);
const TableId = Nullable(Type.String({ minLength: 1, maxLength: 64 }));
const Tickets = Nullable(Type.Integer({ minimum: 1, maximum: REWARD_TICKETS_MAX }));
const Multiplier = Nullable(Type.Integer({ minimum: 0, maximum: BONUS_MULTIPLIER_MAX }));
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** The zone a platform owner's report of every merchant reads its days in. */
const PLATFORM_TIME_ZONE = 'Asia/Manila';
const SORT_ORDER_MAX = 10_000;
const COUNT_TARGET_MAX = 100_000;

const MissionFields = {
  nameTy: Name,
  nameEn: Name,
  period: StringOf(['daily', 'weekly'] as const),
  task: StringOf(['rounds', 'validBet', 'deposit', 'loginStreak', 'newGame'] as const),
  gameType: GameType,
  /** Money for validBet and deposit ("500.00"); a whole number of rounds, days or games otherwise ("10"). */
  target: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['10'] }),
  /** ticket: tickets of one of the merchant's prize tables (the reward centre's), issued per claim. */
  rewardKind: RewardKind,
  /** Cash or bonus; "0.00" for a ticket reward. */
  reward: Money,
  /** A bonus reward's wagering multiplier (held to the merchant's promotions.maxMultiplier); null for cash. */
  multiplier: Multiplier,
  /** A ticket reward's prize table; null (or left out) otherwise. */
  rewardTableId: Type.Optional(TableId),
  /** A ticket reward's tickets per claim; null (or left out) otherwise. */
  rewardTickets: Type.Optional(Tickets),
  startsAt: Instant,
  endsAt: Nullable(Instant),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: SORT_ORDER_MAX }),
};
const MissionBody = Type.Object(MissionFields, { additionalProperties: false });
const NewMissionBody = Type.Object(
  { merchantId: MerchantIdField, ...MissionFields },
  { additionalProperties: false },
);

const MissionView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...MissionFields,
  target: Type.String(),
  reward: MoneyOut,
  rewardTableId: TableId,
  rewardTickets: Tickets,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const PrizeFields = Type.Object(
  {
    rank: Type.Integer({ minimum: 1, maximum: PRIZES_MAX }),
    kind: PrizeKind,
    amount: Money,
    multiplier: Multiplier,
  },
  { additionalProperties: false },
);
const LeaderboardFields = {
  nameTy: Name,
  nameEn: Name,
  metric: StringOf(['validBet', 'missionScore'] as const),
  gameType: GameType,
  period: StringOf(['daily', 'weekly', 'monthly', 'fixed'] as const),
  startsAt: Instant,
  /** Required for a fixed window; a periodic leaderboard stops after it. */
  endsAt: Nullable(Instant),
  /** Ranks 1, 2, 3 … in order. */
  prizes: Type.Array(PrizeFields, { minItems: 1, maxItems: PRIZES_MAX }),
  enabled: Type.Boolean(),
};
const LeaderboardBody = Type.Object(LeaderboardFields, { additionalProperties: false });
const NewLeaderboardBody = Type.Object(
  { merchantId: MerchantIdField, ...LeaderboardFields },
  { additionalProperties: false },
);
const LeaderboardView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...LeaderboardFields,
  prizes: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      kind: PrizeKind,
      amount: MoneyOut,
      multiplier: Nullable(Type.Integer()),
    }),
  ),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const CloseView = Type.Object({
  periodStart: Type.String(),
  paid: Type.Array(Type.Object({ rank: Type.Integer(), memberId: Type.String(), amount: MoneyOut })),
});

const ReportQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});
const ReportView = Type.Object({
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  list: Type.Array(
    Type.Object({
      kind: StringOf(['mission', 'leaderboard'] as const),
      sourceId: Type.String(),
      name: Type.String(),
      rewardKind: RewardKind,
      count: Type.Integer(),
      amount: MoneyOut,
      /** Tickets issued (ticket rewards); 0 otherwise. */
      tickets: Type.Integer(),
    }),
  ),
  totals: Type.Object({ count: Type.Integer(), cash: MoneyOut, bonus: MoneyOut, tickets: Type.Integer() }),
});

const AMOUNT_TASKS = new Set(['validBet', 'deposit']);

function instantOf(text: string, field: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()))
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'format' } } });
  return at;
}

function missionInputOf(body: Static<typeof MissionBody>): MissionInput {
  const isAmount = AMOUNT_TASKS.has(body.task);
  if (!isAmount && (!/^\d+$/.test(body.target) || Number(body.target) > COUNT_TARGET_MAX)) {
    throw new AppError('VALIDATION', { value: { fields: { target: 'format' } } });
  }
  return {
    nameTy: body.nameTy,
    nameEn: body.nameEn,
    period: body.period,
    task: body.task,
    gameType: body.gameType,
    target: isAmount ? parseAmountOrThrow(body.target) : BigInt(body.target),
    rewardKind: body.rewardKind,
    rewardMinor: parseAmountOrThrow(body.reward),
    multiplier: body.multiplier,
    rewardTableId: body.rewardTableId ?? null,
    rewardTickets: body.rewardTickets ?? null,
    startsAt: instantOf(body.startsAt, 'startsAt'),
    endsAt: body.endsAt === null ? null : instantOf(body.endsAt, 'endsAt'),
    enabled: body.enabled,
    sortOrder: body.sortOrder,
  };
}

function missionView(mission: Mission) {
  const isAmount = AMOUNT_TASKS.has(mission.task);
  return {
    id: mission.id,
    merchantId: mission.merchantId,
    nameTy: mission.nameTy,
    nameEn: mission.nameEn,
    period: mission.period,
    task: mission.task,
    gameType: mission.gameType,
    target: isAmount ? formatAmount(mission.target) : mission.target.toString(),
    rewardKind: mission.rewardKind,
    reward: formatAmount(mission.rewardMinor),
    multiplier: mission.multiplier,
    rewardTableId: mission.rewardTableId,
    rewardTickets: mission.rewardTickets,
    startsAt: mission.startsAt.toISOString(),
    endsAt: mission.endsAt?.toISOString() ?? null,
    enabled: mission.enabled,
    sortOrder: mission.sortOrder,
    createdAt: mission.createdAt.toISOString(),
    updatedAt: mission.updatedAt.toISOString(),
  };
}

function leaderboardInputOf(body: Static<typeof LeaderboardBody>): LeaderboardInput {
  return {
    nameTy: body.nameTy,
    nameEn: body.nameEn,
    metric: body.metric,
    gameType: body.gameType,
    period: body.period,
    startsAt: instantOf(body.startsAt, 'startsAt'),
    endsAt: body.endsAt === null ? null : instantOf(body.endsAt, 'endsAt'),
    prizes: body.prizes.map((prize) => ({
      rank: prize.rank,
      kind: prize.kind,
      amountMinor: parseAmountOrThrow(prize.amount),
      multiplier: prize.multiplier,
    })),
    enabled: body.enabled,
  };
}

function leaderboardView(board: Leaderboard) {
  return {
    id: board.id,
    merchantId: board.merchantId,
    nameTy: board.nameTy,
    nameEn: board.nameEn,
    metric: board.metric,
    gameType: board.gameType,
    period: board.period,
    startsAt: board.startsAt.toISOString(),
    endsAt: board.endsAt?.toISOString() ?? null,
    prizes: board.prizes.map((prize) => ({
      rank: prize.rank,
      kind: prize.kind,
      amount: formatAmount(prize.amountMinor),
      multiplier: prize.multiplier,
    })),
    enabled: board.enabled,
    createdAt: board.createdAt.toISOString(),
    updatedAt: board.updatedAt.toISOString(),
  };
}

/**
 * Missions and leaderboards in the back office (docs/missions.md "Back office"): the definitions
 * (missions.read to see, missions.write to change, every change audited), closing a leaderboard's
 * running period early (audited `leaderboard.close`), and the report of rewards paid.
 */
export function registerMissionsRoutes(app: TypedApp, deps: MissionsRoutesDeps): void {
  const { missions } = deps;

  app.get(
    '/bo/missions',
    {
      ...merchantScopedRoute('missions.read'),
      schema: {
        tags: TAGS,
        summary: 'Missions of the merchant (or every merchant for a platform owner), in their order',
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(MissionView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { scope } = resolveMerchantScope(await readOperator(request), request.query.merchantId);
      return ok({ list: (await missions.listMissions(scope)).map(missionView) });
    },
  );

  app.post(
    '/bo/missions',
    {
      ...merchantScopedRoute('missions.write'),
      schema: {
        tags: TAGS,
        summary: "Create a mission (audited); LIMIT_REACHED past the merchant's 50",
        body: NewMissionBody,
        response: { 200: Envelope(MissionView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      const { merchantId: _named, ...body } = request.body;
      return ok(missionView(await missions.createMission(actor, merchantId, missionInputOf(body))));
    },
  );

  app.get(
    '/bo/missions/:id',
    {
      ...resourceRoute('missions.read', missions.findMissionMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'One mission',
        params: IdParams,
        response: { 200: Envelope(MissionView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(missionView(await missions.getMission(request.params.id))),
  );

  app.put(
    '/bo/missions/:id',
    {
      ...resourceRoute('missions.write', missions.findMissionMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'Change a mission (audited); claims made keep what they paid',
        params: IdParams,
        body: MissionBody,
        response: { 200: Envelope(MissionView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      return ok(
        missionView(await missions.updateMission(actor, request.params.id, missionInputOf(request.body))),
      );
    },
  );

  app.delete(
    '/bo/missions/:id',
    {
      ...resourceRoute('missions.write', missions.findMissionMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          'Delete a mission nobody claimed (audited): CONFLICT CLAIMED for one claimed, which is disabled instead',
        params: IdParams,
        response: { 200: Envelope(Type.Object({})), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      await missions.deleteMission(actor, request.params.id);
      return ok({});
    },
  );

  app.get(
    '/bo/leaderboards',
    {
      ...merchantScopedRoute('missions.read'),
      schema: {
        tags: TAGS,
        summary: 'Leaderboards of the merchant (or every merchant for a platform owner)',
        querystring: MerchantScopeQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(LeaderboardView) })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { scope } = resolveMerchantScope(await readOperator(request), request.query.merchantId);
      return ok({ list: (await missions.listLeaderboards(scope)).map(leaderboardView) });
    },
  );

  app.post(
    '/bo/leaderboards',
    {
      ...merchantScopedRoute('missions.write'),
      schema: {
        tags: TAGS,
        summary: "Create a leaderboard (audited); LIMIT_REACHED past the merchant's 20",
        body: NewLeaderboardBody,
        response: { 200: Envelope(LeaderboardView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      const { merchantId: _named, ...body } = request.body;
      return ok(
        leaderboardView(await missions.createLeaderboard(actor, merchantId, leaderboardInputOf(body))),
      );
    },
  );

  app.get(
    '/bo/leaderboards/:id',
    {
      ...resourceRoute('missions.read', missions.findLeaderboardMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'One leaderboard',
        params: IdParams,
        response: { 200: Envelope(LeaderboardView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(leaderboardView(await missions.getLeaderboard(request.params.id))),
  );

  app.put(
    '/bo/leaderboards/:id',
    {
      ...resourceRoute('missions.write', missions.findLeaderboardMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'Change a leaderboard (audited); periods closed keep what they paid',
        params: IdParams,
        body: LeaderboardBody,
        response: { 200: Envelope(LeaderboardView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      return ok(
        leaderboardView(
          await missions.updateLeaderboard(actor, request.params.id, leaderboardInputOf(request.body)),
        ),
      );
    },
  );

  app.delete(
    '/bo/leaderboards/:id',
    {
      ...resourceRoute('missions.write', missions.findLeaderboardMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'Delete a leaderboard that never closed a period (audited): CONFLICT CLOSED otherwise',
        params: IdParams,
        response: { 200: Envelope(Type.Object({})), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      await missions.deleteLeaderboard(actor, request.params.id);
      return ok({});
    },
  );

  app.post(
    '/bo/leaderboards/:id/close',
    {
      ...resourceRoute('missions.write', missions.findLeaderboardMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          'Close the running period now and pay its prizes on the figures so far, once (audited): CONFLICT NOT_RUNNING or ALREADY_CLOSED',
        params: IdParams,
        response: { 200: Envelope(CloseView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      const closed = await missions.closeEarly(actor, request.params.id);
      return ok({
        periodStart: closed.periodStart,
        paid: closed.paid.map((row) => ({
          rank: row.rank,
          memberId: row.memberId,
          amount: formatAmount(row.amountMinor),
        })),
      });
    },
  );

  app.get(
    '/bo/missions/report',
    {
      ...merchantScopedRoute('missions.read'),
      schema: {
        tags: ['back office: reports'],
        summary: `Rewards paid by missions and leaderboards over days (a preset or from/to, at most ${REPORT_DAYS_MAX}), per mission and leaderboard, with totals (cash, bonus, tickets)`,
        querystring: ReportQuery,
        response: { 200: Envelope(ReportView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const { merchantId, scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
      const merchant = merchantId === null ? null : await deps.merchants.findById(merchantId);
      const timeZone = merchant?.timeZone ?? PLATFORM_TIME_ZONE;
      const range =
        query.from && query.to
          ? { from: query.from, to: query.to }
          : rangeOfPreset(query.preset ?? 'past7Days', timeZone, deps.now());
      if (
        !isCalendarDay(range.from) ||
        !isCalendarDay(range.to) ||
        lengthOf(range) < 1 ||
        lengthOf(range) > REPORT_DAYS_MAX
      ) {
        throw new AppError('VALIDATION', { value: { fields: { to: 'range' } } });
      }
      const lines = await missions.rewardsPaid({
        merchantIds: scope,
        from: startOfDay(timeZone, range.from),
        to: startOfDay(timeZone, addDays(range.to, 1)),
      });
      const sumOf = (kind: 'cash' | 'bonus') =>
        lines.filter((line) => line.rewardKind === kind).reduce((sum, line) => sum + line.amountMinor, 0n);
      return ok({
        range,
        list: lines.map((line) => ({
          kind: line.kind,
          sourceId: line.sourceId,
          name: line.nameEn,
          rewardKind: line.rewardKind,
          count: line.count,
          amount: formatAmount(line.amountMinor),
          tickets: line.tickets,
        })),
        totals: {
          count: lines.reduce((sum, line) => sum + line.count, 0),
          cash: formatAmount(sumOf('cash')),
          bonus: formatAmount(sumOf('bonus')),
          tickets: lines.reduce((sum, line) => sum + line.tickets, 0),
        },
      });
    },
  );
}
