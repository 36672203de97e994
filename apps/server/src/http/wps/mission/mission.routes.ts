import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { maskAccount } from '../../../modules/catalogue/catalogue.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  type Leaderboard,
  type LeaderboardStanding,
  type MissionProgress,
  type MissionService,
  type Prize,
  TOP_MAX,
} from '../../../modules/mission/mission.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { Language } from '../../../platform/i18n/language.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';

export type MissionRoutesDeps = { members: MemberService; missions: MissionService };

const TAGS = ['missions'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
const TOP_DEFAULT = 20;
const RewardKind = StringOf(['cash', 'bonus', 'ticket'] as const);

const PrizeView = Type.Object({
  rank: Type.Integer(),
  kind: StringOf(['cash', 'bonus'] as const),
  amount: Money,
  /** A bonus prize's wagering multiplier; null for cash. */
  multiplier: Nullable(Type.Integer()),
});

const MissionView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  period: StringOf(['daily', 'weekly'] as const),
  task: StringOf(['rounds', 'validBet', 'deposit', 'loginStreak', 'newGame'] as const),
  /** The game type counted (rounds, validBet); null: every type. */
  gameType: Nullable(Type.String()),
  /** amount: target and progress are money ("100.00"); count: whole rounds, days or games ("3"). */
  unit: StringOf(['amount', 'count'] as const),
  target: Type.String(),
  progress: Type.String(),
  /** 0 to 100. */
  percent: Type.Integer(),
  done: Type.Boolean(),
  claimed: Type.Boolean(),
  reward: Type.Object({
    kind: RewardKind,
    /** Cash or bonus; "0.00" for tickets. */
    amount: Money,
    multiplier: Nullable(Type.Integer()),
    /** A ticket reward: the tickets per claim and the prize table's id and name; null otherwise. */
    tickets: Nullable(Type.Integer()),
    tableId: Nullable(Type.String()),
    tableName: Nullable(Type.String()),
  }),
  /** When the current period ends (the claim is for this period only). */
  periodEndsAt: Type.String(),
});

const RankView = Type.Object({
  rank: Type.Integer(),
  /** Masked ("ju***n"), the member's own included. */
  account: Type.String(),
  /** Valid bet as money, or missions completed as a whole number. */
  figure: Type.String(),
  isMe: Type.Boolean(),
});

const StandingFields = {
  id: Type.String(),
  name: Type.String(),
  metric: StringOf(['validBet', 'missionScore'] as const),
  gameType: Nullable(Type.String()),
  period: StringOf(['daily', 'weekly', 'monthly', 'fixed'] as const),
  periodStart: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** Closed: ended, or closed early by the operator; the figures are final and the prizes paid. */
  closed: Type.Boolean(),
  /** Members ranked (with a figure above zero). */
  ranked: Type.Integer(),
  /** The member's rank and figure; null while the member has no figure. */
  me: Nullable(Type.Object({ rank: Type.Integer(), figure: Type.String() })),
  prizes: Type.Array(PrizeView),
};

const SummaryView = Type.Object({
  /** False: promotions may not reach this member (docs/promotions.md "Who may have one"): no missions. */
  eligible: Type.Boolean(),
  reason: Nullable(Type.String()),
  missions: Type.Array(MissionView),
  leaderboards: Type.Array(Type.Object(StandingFields)),
});

const LeaderboardView = Type.Object({
  ...StandingFields,
  top: Type.Array(RankView),
  /** The ranks next to the member's (two each side, the member's own included); empty without a rank. */
  neighbours: Type.Array(RankView),
});

const LeaderboardQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  id: Id,
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: TOP_MAX })),
});

const ClaimBody = Type.Object({ missionId: Id }, { additionalProperties: false });
const Claimed = Type.Object({
  claimId: Type.String(),
  kind: RewardKind,
  amount: Money,
  /** The bonus granted for a bonus reward; null for cash and tickets. */
  bonusId: Nullable(Type.String()),
  /** The tickets issued for a ticket reward; 0 otherwise. */
  tickets: Type.Integer(),
});

const AMOUNT_TASKS = new Set(['validBet', 'deposit']);

function nameIn(language: Language, named: { nameTy: string; nameEn: string }): string {
  return language === 'EN' ? named.nameEn : named.nameTy;
}

function missionView(language: Language, item: MissionProgress, tableNames: ReadonlyMap<string, TableNames>) {
  const { mission } = item;
  const isAmount = AMOUNT_TASKS.has(mission.task);
  const text = (value: bigint) => (isAmount ? formatAmount(value) : value.toString());
  // Progress beyond the target fills the bar, no further.
  const shown = item.done ? mission.target : item.progress;
  return {
    id: mission.id,
    name: nameIn(language, mission),
    period: mission.period,
    task: mission.task,
    gameType: mission.gameType,
    unit: isAmount ? ('amount' as const) : ('count' as const),
    target: text(mission.target),
    progress: text(item.progress),
    percent: Number((shown * 100n) / mission.target),
    done: item.done,
    claimed: item.claimed,
    reward: {
      kind: mission.rewardKind,
      amount: formatAmount(mission.rewardMinor),
      multiplier: mission.multiplier,
      tickets: mission.rewardTickets,
      tableId: mission.rewardTableId,
      tableName: tableNameIn(language, mission.rewardTableId, tableNames),
    },
    periodEndsAt: item.window.endsAt.toISOString(),
  };
}

type TableNames = { TY?: string; EN?: string };

function tableNameIn(
  language: Language,
  tableId: string | null,
  tableNames: ReadonlyMap<string, TableNames>,
): string | null {
  if (tableId === null) return null;
  const names = tableNames.get(tableId);
  return (language === 'EN' ? (names?.EN ?? names?.TY) : (names?.TY ?? names?.EN)) ?? null;
}

function figureText(board: Leaderboard, figure: bigint): string {
  return board.metric === 'validBet' ? formatAmount(figure) : figure.toString();
}

function prizeView(prize: Prize) {
  return {
    rank: prize.rank,
    kind: prize.kind,
    amount: formatAmount(prize.amountMinor),
    multiplier: prize.multiplier,
  };
}

function standingView(language: Language, standing: LeaderboardStanding) {
  const board = standing.leaderboard;
  return {
    id: board.id,
    name: nameIn(language, board),
    metric: board.metric,
    gameType: board.gameType,
    period: board.period,
    periodStart: standing.window.start,
    startsAt: standing.window.startsAt.toISOString(),
    endsAt: standing.window.endsAt.toISOString(),
    closed: standing.closed,
    ranked: standing.ranked,
    me: standing.mine ? { rank: standing.mine.rank, figure: figureText(board, standing.mine.figure) } : null,
    prizes: board.prizes.map(prizeView),
  };
}

/**
 * Missions and leaderboards for members (spec §7 "Missions | GET summary and leaderboard",
 * docs/missions.md): the summary (missions with progress and claim state, each leaderboard's
 * standing and time left), one leaderboard's top and the member's neighbours with masked names,
 * and the claim. Members only; trial accounts get TRIAL_ACCOUNT.
 */
export function registerMissionRoutes(app: TypedApp, deps: MissionRoutesDeps): void {
  const { members, missions } = deps;

  app.get(
    '/wps/mission/summary',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's missions of the current periods with progress and claim state, and each leaderboard's period, time left, the member's rank and figure",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(SummaryView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const summary = await missions.summary({ merchantId: merchant.id, memberId: member.id });
      return ok({
        eligible: summary.eligible,
        reason: summary.reason,
        missions: summary.missions.map((item) => missionView(request.language, item, summary.tableNames)),
        leaderboards: summary.leaderboards.map((standing) => standingView(request.language, standing)),
      });
    },
  );

  app.get(
    '/wps/mission/leaderboard',
    {
      schema: {
        tags: TAGS,
        summary: `One leaderboard's current period: the top ranks (${TOP_DEFAULT} by default, at most ${TOP_MAX}) and the member's neighbours, names masked`,
        querystring: LeaderboardQuery,
        response: { 200: Envelope(LeaderboardView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const standing = await missions.leaderboard({
        merchantId: merchant.id,
        memberId: member.id,
        leaderboardId: request.query.id,
        top: request.query.top ?? TOP_DEFAULT,
      });
      const board = standing.leaderboard;
      const rankView = (row: { rank: number; memberId: string; account: string; figure: bigint }) => ({
        rank: row.rank,
        account: maskAccount(row.account),
        figure: figureText(board, row.figure),
        isMe: row.memberId === member.id,
      });
      return ok({
        ...standingView(request.language, standing),
        top: standing.top.map(rankView),
        neighbours: standing.neighbours.map(rankView),
      });
    },
  );

  app.post(
    '/wps/mission/claim',
    {
      schema: {
        tags: TAGS,
        summary:
          "Claim a done mission's reward for the current period, once: cash, a bonus or reward tickets; CONFLICT NOT_DONE, ALREADY_CLAIMED, NOT_RUNNING or NO_TABLE (a ticket reward's prize table switched off); FORBIDDEN for a member promotions may not reach",
        querystring: MerchantLanguageQuery,
        body: ClaimBody,
        response: { 200: Envelope(Claimed), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const claimed = await missions.claim({
        merchantId: merchant.id,
        memberId: member.id,
        missionId: request.body.missionId,
      });
      return ok({
        claimId: claimed.claimId,
        kind: claimed.kind,
        amount: formatAmount(claimed.amountMinor),
        bonusId: claimed.bonusId,
        tickets: claimed.tickets,
      });
    },
  );
}
