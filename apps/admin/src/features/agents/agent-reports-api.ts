import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCompleteRange, type ReportRange, rangeQueryOf } from '../../components/report-range.tsx';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { downloadFile } from '../../lib/download-file.ts';

export type TeamOverview = ValueOf<'/bo/agents/{id}/overview'>;
export type MemberPnlPage = ValueOf<'/bo/agents/{id}/profit-loss/members'>;
export type GameTypePnl = ValueOf<'/bo/agents/{id}/profit-loss/game-types'>;
export type PnlFigures = GameTypePnl['totals'];
export type RollupRebuild = ValueOf<'/bo/rollup-rebuilds'>['list'][number];
export type RebuildScope = RollupRebuild['scope'];

export const MEMBER_PNL_PAGE_SIZE = 50;
/** While a rebuild is queued or running, its progress is read this often. */
const REBUILD_POLL_MS = 2_000;
const REPORTS_KEY = ['bo', 'agent-reports'] as const;
const REBUILDS_KEY = ['bo', 'rollup-rebuilds'] as const;

export function useAgentOverview(id: string, range: ReportRange) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'overview', id, range],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/agents/{id}/overview', { params: { path: { id }, query: rangeQueryOf(range) } }),
      ),
    placeholderData: keepPreviousData,
    enabled: isCompleteRange(range),
  });
}

export function useMemberPnl(id: string, filter: { range: ReportRange; page: number }) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'members', id, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/agents/{id}/profit-loss/members', {
          params: {
            path: { id },
            query: { ...rangeQueryOf(filter.range), page: filter.page, pageSize: MEMBER_PNL_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: isCompleteRange(filter.range),
  });
}

export function useGameTypePnl(id: string, range: ReportRange) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'game-types', id, range],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/agents/{id}/profit-loss/game-types', {
          params: { path: { id }, query: rangeQueryOf(range) },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: isCompleteRange(range),
  });
}

/** The CSV files of an agent's reports and tree, and of the agents list. */
export type AgentFile =
  | { kind: 'overview' | 'members' | 'gameTypes'; agentId: string; range: ReportRange }
  | { kind: 'tree'; agentId: string; range: ReportRange; scope: 'direct' | 'all'; search: string }
  | { kind: 'agents'; merchantId: string; search: string };

const AGENT_FILE_PATHS = {
  overview: 'overview.csv',
  members: 'profit-loss/members.csv',
  gameTypes: 'profit-loss/game-types.csv',
  tree: 'tree.csv',
} as const;

/** Downloads one of the agent files (each download is audited by the server). */
export function useAgentFileDownload() {
  return useMutation({
    mutationFn: (file: AgentFile) => {
      if (file.kind === 'agents') {
        return downloadFile('/bo/agents.csv', { merchantId: file.merchantId, search: file.search });
      }
      const path = `/bo/agents/${encodeURIComponent(file.agentId)}/${AGENT_FILE_PATHS[file.kind]}`;
      const extra = file.kind === 'tree' ? { scope: file.scope, search: file.search } : {};
      return downloadFile(path, { ...rangeQueryOf(file.range), ...extra });
    },
  });
}

const isActive = (rebuild: RollupRebuild | undefined) =>
  rebuild !== undefined && (rebuild.status === 'queued' || rebuild.status === 'running') && !rebuild.isStale;

/** The merchant's latest rollup rebuilds, read again every few seconds while one is under way. */
export function useRollupRebuilds(merchantId: string) {
  return useQuery({
    queryKey: [...REBUILDS_KEY, merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/rollup-rebuilds', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
    refetchInterval: (query) => (isActive(query.state.data?.list[0]) ? REBUILD_POLL_MS : false),
  });
}

export { isActive as isRebuildUnderWay };

export function useStartRebuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { merchantId: string; scope: RebuildScope }) =>
      unwrap(backOffice.POST('/bo/rollup-rebuilds', { body: input })),
    // A refusal (one already running) shows it too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: REBUILDS_KEY }),
  });
}
