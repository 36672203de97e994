import type { paths } from '@panalo/api-types/openapi.d.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// The reward centre's back-office calls (docs/rewards.md "Back office"): prize tables, ticket
// rules, draws and the cost report.

/** A prize table as the back office lists and edits it, with a ticket's expected cost. */
export type OperatorPrizeTable = ValueOf<'/bo/rewards/tables'>['list'][number];
export type OperatorPrize = OperatorPrizeTable['prizes'][number];
export type OperatorTicketRule = ValueOf<'/bo/rewards/rules'>['list'][number];
export type OperatorDraw = ValueOf<'/bo/rewards/draws'>['list'][number];
export type RewardReport = ValueOf<'/bo/rewards/report'>;

export type PrizeTableBody = BodyOf<'/bo/rewards/tables/{id}', 'put'>;
export type TicketRuleBody = BodyOf<'/bo/rewards/rules/{id}', 'put'>;

export const DRAWS_PAGE_SIZE = 25;

const REWARDS_KEY = ['bo', 'rewards'] as const;
const tablesKey = [...REWARDS_KEY, 'tables'] as const;
const rulesKey = [...REWARDS_KEY, 'rules'] as const;
const drawsKey = [...REWARDS_KEY, 'draws'] as const;
const reportKey = [...REWARDS_KEY, 'report'] as const;

/** The merchant's prize tables, inactive ones too, in their order. */
export function usePrizeTables(merchantId: string) {
  return useQuery({
    queryKey: [...tablesKey, merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/rewards/tables', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

/** Creates a table (no id) or changes it; answers it with a ticket's expected cost. */
export function useSavePrizeTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: PrizeTableBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/rewards/tables/{id}', {
              params: { path: { id: input.id } },
              body: input.body,
            })
          : backOffice.POST('/bo/rewards/tables', { body: { ...input.body, merchantId: input.merchantId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REWARDS_KEY }),
  });
}

/** The merchant's ticket rules, inactive ones too. */
export function useTicketRules(merchantId: string) {
  return useQuery({
    queryKey: [...rulesKey, merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/rewards/rules', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

/** Creates a ticket rule (no id) or changes it. */
export function useSaveTicketRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: TicketRuleBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/rewards/rules/{id}', { params: { path: { id: input.id } }, body: input.body })
          : backOffice.POST('/bo/rewards/rules', { body: { ...input.body, merchantId: input.merchantId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}

export type DrawFilter = {
  merchantId: string;
  tableId: string;
  prizeKind: OperatorDraw['prizeKind'] | '';
  account: string;
  page: number;
};

/** The draws, newest first, by table, prize kind and member. */
export function useRewardDraws(filter: DrawFilter) {
  return useQuery({
    queryKey: [...drawsKey, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/rewards/draws', {
          params: {
            query: {
              merchantId: filter.merchantId,
              tableId: filter.tableId || undefined,
              prizeKind: filter.prizeKind || undefined,
              account: filter.account.trim() || undefined,
              page: filter.page,
              pageSize: DRAWS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/** Prizes paid per merchant day and table over a range. */
type ReportQuery = NonNullable<paths['/bo/rewards/report']['get']['parameters']['query']>;

export function useRewardReport(query: ReportQuery & { merchantId: string }) {
  return useQuery({
    queryKey: [...reportKey, query],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/rewards/report', {
          params: { query },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: query.merchantId !== '',
  });
}
