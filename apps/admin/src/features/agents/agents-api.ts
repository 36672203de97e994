import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCompleteRange, type ReportRange, rangeQueryOf } from '../../components/report-range.tsx';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type AgentType = ValueOf<'/bo/agent-types'>['list'][number];
export type AgentRow = ValueOf<'/bo/agents'>['list'][number];
export type TreeRow = ValueOf<'/bo/agents/{id}/tree'>['list'][number];
export type AgentSummary = ValueOf<'/bo/agents/{id}/summary'>;
export type TeamFigures = AgentSummary['figures'];
export type AgentTypeBody = BodyOf<'/bo/agent-types/{type}', 'put'>;
export type ContractKind = AgentTypeBody['contractKinds'][number];

export const AGENTS_PAGE_SIZE = 25;
const AGENTS_KEY = ['bo', 'agents'] as const;

export function useAgentTypes(merchantId: string) {
  return useQuery({
    queryKey: [...AGENTS_KEY, 'types', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/agent-types', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

export function useAgents(filter: { merchantId: string; search: string; page: number }) {
  return useQuery({
    queryKey: [...AGENTS_KEY, 'list', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/agents', {
          params: {
            query: {
              merchantId: filter.merchantId,
              search: filter.search,
              page: filter.page,
              pageSize: AGENTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export function useAgentSummary(id: string, range: ReportRange) {
  return useQuery({
    queryKey: [...AGENTS_KEY, 'summary', id, range],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/agents/{id}/summary', { params: { path: { id }, query: rangeQueryOf(range) } }),
      ),
    enabled: isCompleteRange(range),
  });
}

export function useAgentTree(
  id: string,
  filter: { scope: 'direct' | 'all'; search: string; page: number; range: ReportRange },
) {
  return useQuery({
    queryKey: [...AGENTS_KEY, 'tree', id, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/agents/{id}/tree', {
          params: {
            path: { id },
            query: {
              scope: filter.scope,
              search: filter.search,
              page: filter.page,
              pageSize: AGENTS_PAGE_SIZE,
              ...rangeQueryOf(filter.range),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: isCompleteRange(filter.range),
  });
}

/**
 * The member of a merchant with exactly this account name (any case), found through the players
 * search; null when there is none.
 */
export async function findMemberByAccount(merchantId: string, account: string) {
  const wanted = account.trim().toLowerCase();
  const page = await unwrap(
    backOffice.GET('/bo/players', {
      params: { query: { merchantId, field: 'account', text: wanted, pageSize: 50 } },
    }),
  );
  return page.list.find((row) => row.account.toLowerCase() === wanted) ?? null;
}

function useAgentChange<Input, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AGENTS_KEY }),
  });
}

export const useSaveAgentType = () =>
  useAgentChange((input: AgentTypeBody & { type: AgentType['type'] }) =>
    unwrap(
      backOffice.PUT('/bo/agent-types/{type}', {
        params: { path: { type: input.type } },
        body: {
          merchantId: input.merchantId,
          names: input.names,
          mayRegisterSubagents: input.mayRegisterSubagents,
          contractKinds: input.contractKinds,
        },
      }),
    ),
  );

export const useMakeAgent = () =>
  useAgentChange((input: BodyOf<'/bo/agents/{id}/make', 'post'> & { id: string }) =>
    unwrap(
      backOffice.POST('/bo/agents/{id}/make', {
        params: { path: { id: input.id } },
        body: { type: input.type, uplineId: input.uplineId, invitationCode: input.invitationCode },
      }),
    ),
  );

export const useMoveUpline = () =>
  useAgentChange((input: BodyOf<'/bo/agents/{id}/move', 'post'> & { id: string }) =>
    unwrap(
      backOffice.POST('/bo/agents/{id}/move', {
        params: { path: { id: input.id } },
        body: { uplineId: input.uplineId, reason: input.reason },
      }),
    ),
  );
