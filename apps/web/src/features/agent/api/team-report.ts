import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';

/** Team P&L by member: 50 members a page (the server answers at most 100). */
export const teamProfitLossPageSize = 50;

export type TeamOverview = ApiValue<'/wps/agent/overview', 'get'>;
export type TeamOverviewDay = TeamOverview['days'][number];
export type TeamProfitLoss = ApiValue<'/wps/agent/profit-loss', 'get'>;
export type TeamMemberFigures = TeamProfitLoss['members'][number];
export type TeamGameTypeFigures = TeamProfitLoss['gameTypes'][number];
export type TeamFigures = TeamProfitLoss['totals'];
export type ProfitLossView = 'member' | 'gameType';

/** GET /wps/agent/overview: my team's figures over the days, with a series a day for the chart. */
export function fetchTeamOverview(range: DayRange, language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/overview', {
    params: { query: { from: range.from, to: range.to, language } },
    signal,
  });
}

/** GET /wps/agent/profit-loss: my team's P&L by member (a page, biggest winners first) or by game type. */
export function fetchTeamProfitLoss(
  query: { by: ProfitLossView; range: DayRange; pageNo: number },
  language: LanguageCode,
  signal?: AbortSignal,
) {
  return api.get('/wps/agent/profit-loss', {
    params: {
      query: {
        by: query.by,
        from: query.range.from,
        to: query.range.to,
        ...(query.by === 'member' ? { pageNo: query.pageNo, pageSize: teamProfitLossPageSize } : {}),
        language,
      },
    },
    signal,
  });
}
