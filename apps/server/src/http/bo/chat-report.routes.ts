import { Type } from 'typebox';
import type { ChatReportService } from '../../modules/report/chat-report.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, ReportRangeQuery } from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute } from './scoped-route.ts';

const Figures = {
  answered: Type.Integer(),
  /** Seconds from the customer's first message to an operator's accept; null with none answered. */
  waitAverageSeconds: Nullable(Type.Integer()),
  waitLongestSeconds: Nullable(Type.Integer()),
  handled: Type.Integer(),
  ratings: Type.Integer(),
  /** 1–5, to two decimals; null with no rating. */
  ratingAverage: Nullable(Type.Number()),
};

const DayRow = Type.Object({
  day: Type.String(),
  merchantId: Type.String(),
  merchantCode: Type.String(),
  begun: Type.Integer(),
  tickets: Type.Integer(),
  unanswered: Type.Integer(),
  ...Figures,
});

const OperatorRow = Type.Object({
  merchantId: Type.String(),
  operatorId: Type.String(),
  operatorName: Type.String(),
  ...Figures,
});

/** GET /bo/reports/live-chat: the desk's figures, for operators who work it (support.chat). */
export function registerChatReportRoutes(app: TypedApp, deps: { chatReports: ChatReportService }): void {
  app.get(
    '/bo/reports/live-chat',
    {
      ...merchantScopedRoute('support.chat'),
      schema: {
        tags: ['back office: reports'],
        summary:
          "The live chat's figures per merchant day (conversations begun, tickets, answered with the waiting time, handled, unanswered, ratings) and per operator over the days",
        querystring: ReportRangeQuery,
        response: {
          200: Envelope(
            Type.Object({
              range: Type.Object({ from: Type.String(), to: Type.String() }),
              days: Type.Array(DayRow),
              operators: Type.Array(OperatorRow),
            }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { query } = request;
      const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
      return ok(
        await deps.chatReports.report({ scope, preset: query.preset, from: query.from, to: query.to }),
      );
    },
  );
}
