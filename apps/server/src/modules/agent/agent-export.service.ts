import type { ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  type AgentListRow,
  type DownlineRow,
  findAgents,
  findDownlines,
  sumTeamFigures,
} from './agent.repository.ts';
import { AGENT_TYPE_CODES, type TeamFigures } from './agent.service.ts';

/**
 * The most rows a file of agents or of an agent's downlines holds; a longer list is refused
 * (LIMIT_REACHED, with its length) rather than cut short, so that a file is never partial.
 */
export const AGENT_EXPORT_ROWS_MAX = 100_000;
/** Team figures are read for this many downline agents at a time (one statement's parameters). */
const FIGURES_BATCH_SIZE = 1_000;

export type DownlineWithFigures = DownlineRow & { figures: TeamFigures | null };

export type AgentExportService = ReturnType<typeof createAgentExportService>;

function requireWithinLimit(total: number) {
  if (total > AGENT_EXPORT_ROWS_MAX) {
    throw new AppError('LIMIT_REACHED', { value: { max: AGENT_EXPORT_ROWS_MAX, total } });
  }
}

/**
 * The back office's files of agents (the whole list the agents page pages through) and of an
 * agent's downlines with their team figures (the whole tree view), in the same order as the pages.
 */
export function createAgentExportService(deps: ServiceDeps) {
  const { db } = deps;

  return {
    /** Every agent of the merchants (null: all) whose account contains `search`, by account. */
    async allAgents(input: {
      merchantIds: readonly string[] | null;
      search: string;
    }): Promise<AgentListRow[]> {
      const { rows, total } = await findAgents(
        db,
        {
          merchantIds: input.merchantIds,
          search: input.search.trim(),
          limit: AGENT_EXPORT_ROWS_MAX,
          offset: 0,
        },
        AGENT_TYPE_CODES,
      );
      requireWithinLimit(total);
      return rows;
    },

    /**
     * Every downline of the agent (direct or at any depth, `search` in the account), nearest first,
     * each agent among them with its team figures over the range (null for a member without a team).
     */
    async allDownlines(input: {
      agentId: string;
      scope: 'direct' | 'all';
      search: string;
      range: { from: string; to: string };
    }): Promise<DownlineWithFigures[]> {
      const { rows, total } = await findDownlines(db, {
        parentId: input.agentId,
        scope: input.scope,
        search: input.search.trim(),
        searchMode: 'contains',
        limit: AGENT_EXPORT_ROWS_MAX,
        offset: 0,
      });
      requireWithinLimit(total);
      const withTeams = rows.filter((row) => row.team_size > 0).map((row) => row.id);
      const figures = new Map<string, TeamFigures>();
      for (let start = 0; start < withTeams.length; start += FIGURES_BATCH_SIZE) {
        const batch = withTeams.slice(start, start + FIGURES_BATCH_SIZE);
        for (const row of await sumTeamFigures(db, batch, input.range)) {
          figures.set(row.agent_id, {
            betCount: row.bet_count,
            stakeMinor: BigInt(row.stake_minor),
            validBetMinor: BigInt(row.valid_bet_minor),
            winMinor: BigInt(row.win_minor),
          });
        }
      }
      const zero: TeamFigures = { betCount: 0, stakeMinor: 0n, validBetMinor: 0n, winMinor: 0n };
      return rows.map((row) => ({
        ...row,
        figures: row.team_size > 0 ? (figures.get(row.id) ?? zero) : null,
      }));
    },
  };
}
