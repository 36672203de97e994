import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { DashboardService } from '../../modules/report/dashboard.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { BO_ERROR_RESPONSES, MerchantScopeQuery } from './bo-schemas.ts';
import { merchantScopedRoute, readMerchantScope } from './scoped-route.ts';

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });

const DashboardValue = Type.Object({
  today: Type.String({ description: 'Today in the merchant’s time zone (yyyy-MM-dd)' }),
  onlinePlayers: Type.Integer({ description: 'Members seen in the last fifteen minutes' }),
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      registrations: Type.Integer(),
      activePlayers: Type.Integer(),
      deposits: Type.Integer(),
      depositAmount: Money,
      firstDeposits: Type.Integer(),
      withdrawalAmount: Money,
      netDeposits: Money,
      betAmount: Money,
      ggr: Money,
      rounds: Type.Integer(),
    }),
    { description: 'The last seven days, oldest first, today last' },
  ),
  queues: Type.Object({
    withdrawalsInReview: Type.Integer(),
    withdrawalsInReviewAmount: Money,
    bankDepositsInReview: Type.Integer(),
    bankDepositsInReviewAmount: Money,
  }),
});

/** The dashboard: today against the week, who is online, and what waits for an operator. */
export function registerDashboardRoutes(app: TypedApp, deps: { dashboard: DashboardService }): void {
  app.get(
    '/bo/dashboard',
    {
      ...merchantScopedRoute('reports.read'),
      schema: {
        tags: ['back office: reports'],
        summary: 'Today and the last seven days at a glance, players online and the review queues',
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(DashboardValue), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const scope = await readMerchantScope(request);
      const dashboard = await deps.dashboard.read({ scope });
      return ok({
        today: dashboard.today,
        onlinePlayers: dashboard.onlinePlayers,
        days: dashboard.days.map((day) => ({
          day: day.day,
          registrations: day.registrations,
          activePlayers: day.activePlayers,
          deposits: day.deposits,
          depositAmount: formatAmount(day.depositsMinor),
          firstDeposits: day.firstDeposits,
          withdrawalAmount: formatAmount(day.withdrawalsMinor),
          netDeposits: formatAmount(day.netMinor),
          betAmount: formatAmount(day.betsMinor),
          ggr: formatAmount(day.ggrMinor),
          rounds: day.rounds,
        })),
        queues: {
          withdrawalsInReview: dashboard.queues.withdrawalsInReview,
          withdrawalsInReviewAmount: formatAmount(dashboard.queues.withdrawalsInReviewMinor),
          bankDepositsInReview: dashboard.queues.bankDepositsInReview,
          bankDepositsInReviewAmount: formatAmount(dashboard.queues.bankDepositsInReviewMinor),
        },
      });
    },
  );
}
