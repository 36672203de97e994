import type { AgentExportService } from '../modules/agent/agent-export.service.ts';
import type { DayRange } from '../modules/report/date-range.ts';
import type { TeamReportService } from '../modules/report/team-report.service.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../platform/audit/record-change.ts';
import type { Executor } from '../platform/db/executor.ts';

/** What a file holds: an agent's overview series, P&L by member or by game type, downlines, or the agents. */
export type AgentExportKind = 'overview' | 'members' | 'gameTypes' | 'downlines' | 'agents';

export type AgentReportExports = ReturnType<typeof createAgentReportExports>;

/**
 * The back office's files of agents and of an agent's team reports. They carry member data (whole
 * account names), so every file read is audited (`agent.report.export`: which report, whose, which
 * days, how many rows) before it is sent. The figures are the agent centre's own
 * (team-report.service.ts), read afresh.
 */
export function createAgentReportExports(deps: {
  db: Executor;
  teamReports: TeamReportService;
  agentExports: AgentExportService;
  recordChange: RecordChange;
}) {
  const { teamReports, agentExports } = deps;

  function audit(
    actor: ChangeActor,
    merchantId: string | null,
    target: { type: 'member' | 'merchant'; id: string | null },
    details: { report: AgentExportKind; rows: number } & Record<string, unknown>,
  ) {
    return deps.recordChange(deps.db, {
      ...actorOf(actor),
      merchantId,
      action: 'agent.report.export',
      target,
      before: null,
      after: details,
    });
  }

  return {
    async overview(
      actor: ChangeActor,
      input: { merchantId: string; agentId: string; timeZone: string; range: DayRange },
    ) {
      const overview = await teamReports.overview(input);
      await audit(
        actor,
        input.merchantId,
        { type: 'member', id: input.agentId },
        { report: 'overview', ...input.range, rows: overview.days.length },
      );
      return overview;
    },

    async profitLossByMember(
      actor: ChangeActor,
      input: { merchantId: string; agentId: string; memberId: string | null; range: DayRange },
    ) {
      const all = await teamReports.allProfitLossByMember(input);
      await audit(
        actor,
        input.merchantId,
        { type: 'member', id: input.agentId },
        { report: 'members', ...input.range, memberId: input.memberId, rows: all.list.length },
      );
      return all;
    },

    async profitLossByGameType(
      actor: ChangeActor,
      input: { merchantId: string; agentId: string; memberId: string | null; range: DayRange },
    ) {
      const found = await teamReports.profitLossByGameType(input);
      await audit(
        actor,
        input.merchantId,
        { type: 'member', id: input.agentId },
        { report: 'gameTypes', ...input.range, memberId: input.memberId, rows: found.list.length },
      );
      return found;
    },

    async downlines(
      actor: ChangeActor,
      input: {
        merchantId: string;
        agentId: string;
        scope: 'direct' | 'all';
        search: string;
        range: DayRange;
      },
    ) {
      const rows = await agentExports.allDownlines(input);
      await audit(
        actor,
        input.merchantId,
        { type: 'member', id: input.agentId },
        { report: 'downlines', ...input.range, scope: input.scope, search: input.search, rows: rows.length },
      );
      return rows;
    },

    /** `merchantIds` null: every merchant's agents (a platform owner naming none). */
    async agents(actor: ChangeActor, input: { merchantIds: readonly string[] | null; search: string }) {
      const rows = await agentExports.allAgents(input);
      const merchantId = input.merchantIds?.length === 1 ? (input.merchantIds[0] ?? null) : null;
      await audit(
        actor,
        merchantId,
        { type: 'merchant', id: merchantId },
        { report: 'agents', search: input.search, rows: rows.length },
      );
      return rows;
    },
  };
}
