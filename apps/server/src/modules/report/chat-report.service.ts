import { sql } from 'kysely';
import type { ServiceDeps } from '../../platform/db/service-deps.ts';
import type { DayRange } from './date-range.ts';
import { findMerchantsInScope } from './report.repository.ts';
import type { ReportRequest, ReportService } from './report.service.ts';

const DAY_MS = 86_400_000;

/** Waiting and rating figures of a set of conversations: counts, and averages when there are any. */
type Figures = {
  /** Conversations an operator accepted, and how long their customers had waited (seconds). */
  answered: number;
  waitAverageSeconds: number | null;
  waitLongestSeconds: number | null;
  /** Conversations closed after an operator had accepted them. */
  handled: number;
  /** Ratings the customers gave, and their average (1–5). */
  ratings: number;
  ratingAverage: number | null;
};

/** One merchant day of the live chat, in the merchant's time zone. */
export type ChatReportDay = Figures & {
  day: string;
  merchantId: string;
  merchantCode: string;
  /** Conversations begun that day, and those of them begun while no operator was on the desk. */
  begun: number;
  tickets: number;
  /** Conversations closed that day before any operator accepted them. */
  unanswered: number;
};

/** One operator's figures over the whole range (a transferred conversation counts for its last operator). */
export type ChatReportOperator = Figures & {
  merchantId: string;
  operatorId: string;
  operatorName: string;
};

export type ChatReportService = ReturnType<typeof createChatReportService>;

type FigureColumns = {
  answered: string;
  wait_average: string | null;
  wait_longest: string | null;
  handled: string;
  ratings: string;
  rating_average: string | null;
};

function figuresOf(row: FigureColumns): Figures {
  const numberOrNull = (value: string | null) => (value === null ? null : Number(value));
  return {
    answered: Number(row.answered),
    waitAverageSeconds: numberOrNull(row.wait_average),
    waitLongestSeconds: numberOrNull(row.wait_longest),
    handled: Number(row.handled),
    ratings: Number(row.ratings),
    ratingAverage: numberOrNull(row.rating_average),
  };
}

/** The aggregate columns of `figuresOf`, over `events` rows of what = 'answered' | 'handled' | 'rated'. */
const FIGURE_COLUMNS = sql`
  count(*) filter (where what = 'answered')::text as answered,
  round(avg(wait) filter (where what = 'answered'))::text as wait_average,
  round(max(wait) filter (where what = 'answered'))::text as wait_longest,
  count(*) filter (where what = 'handled')::text as handled,
  count(*) filter (where what = 'rated')::text as ratings,
  round(avg(rating) filter (where what = 'rated'), 2)::text as rating_average`;

/**
 * The live chat's figures (docs/chat.md "Figures"): per merchant day, in the merchant's time zone,
 * the conversations begun and how many were tickets, those answered with the customers' waiting
 * time (from the first message to the accept), those handled to their close, those closed
 * unanswered, and the ratings; and per operator the same over the whole range. Each event counts
 * on its own day: a conversation begun at 23:50 and accepted at 00:05 is begun on one day and
 * answered on the next.
 */
export function createChatReportService(deps: ServiceDeps<{ resolveRange: ReportService['resolveRange'] }>) {
  const { db } = deps;

  return {
    async report(
      input: ReportRequest,
    ): Promise<{ range: DayRange; days: ChatReportDay[]; operators: ChatReportOperator[] }> {
      const merchants = await findMerchantsInScope(db, input.scope);
      const range = deps.resolveRange(input, merchants[0]?.time_zone ?? 'UTC');
      if (merchants.length === 0) return { range, days: [], operators: [] };
      // A day's bounds in any zone lie within a day of its UTC bounds.
      const lower = new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS);
      const upper = new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS);
      const ids = sql.val(merchants.map((merchant) => merchant.id));
      const events = sql`
        with events as (
          select c.merchant_id, c.operator_id, c.created_at as at, 'begun' as what, c.is_ticket,
                 null::numeric as wait, null::numeric as rating
            from chat_conversations c
            where c.merchant_id = any(${ids}::text[]) and c.created_at >= ${lower} and c.created_at < ${upper}
          union all
          select c.merchant_id, c.operator_id, c.accepted_at, 'answered', false,
                 extract(epoch from c.accepted_at - c.created_at), null
            from chat_conversations c
            where c.merchant_id = any(${ids}::text[]) and c.accepted_at >= ${lower} and c.accepted_at < ${upper}
          union all
          select c.merchant_id, c.operator_id, c.closed_at,
                 case when c.accepted_at is null then 'unanswered' else 'handled' end, false, null, null
            from chat_conversations c
            where c.merchant_id = any(${ids}::text[]) and c.closed_at >= ${lower} and c.closed_at < ${upper}
          union all
          select c.merchant_id, c.operator_id, c.closed_at, 'rated', false, null, c.rating
            from chat_conversations c
            where c.merchant_id = any(${ids}::text[]) and c.rating is not null
              and c.closed_at >= ${lower} and c.closed_at < ${upper}
        ),
        dated as (
          select (e.at at time zone m.time_zone)::date::text as day, m.id as merchant_id,
                 m.code as merchant_code, e.operator_id, e.what, e.is_ticket, e.wait, e.rating
            from events e join merchants m on m.id = e.merchant_id
        ),
        in_range as (
          select * from dated where day >= ${range.from} and day <= ${range.to}
        )`;
      const [days, operators] = await Promise.all([
        sql<
          FigureColumns & {
            day: string;
            merchant_id: string;
            merchant_code: string;
            begun: string;
            tickets: string;
            unanswered: string;
          }
        >`
          ${events}
          select day, merchant_id, merchant_code,
            count(*) filter (where what = 'begun')::text as begun,
            count(*) filter (where what = 'begun' and is_ticket)::text as tickets,
            count(*) filter (where what = 'unanswered')::text as unanswered,
            ${FIGURE_COLUMNS}
          from in_range
          group by day, merchant_id, merchant_code
          order by day desc, merchant_code`.execute(db),
        sql<FigureColumns & { merchant_id: string; operator_id: string; operator_name: string }>`
          ${events}
          select r.merchant_id, r.operator_id, o.display_name as operator_name, ${FIGURE_COLUMNS}
          from in_range r join operators o on o.id = r.operator_id
          where r.what in ('answered', 'handled', 'rated')
          group by r.merchant_id, r.operator_id, o.display_name
          order by count(*) filter (where what = 'handled') desc, o.display_name`.execute(db),
      ]);
      return {
        range,
        days: days.rows.map((row) => ({
          day: row.day,
          merchantId: row.merchant_id,
          merchantCode: row.merchant_code,
          begun: Number(row.begun),
          tickets: Number(row.tickets),
          unanswered: Number(row.unanswered),
          ...figuresOf(row),
        })),
        operators: operators.rows.map((row) => ({
          merchantId: row.merchant_id,
          operatorId: row.operator_id,
          operatorName: row.operator_name,
          ...figuresOf(row),
        })),
      };
    },
  };
}
