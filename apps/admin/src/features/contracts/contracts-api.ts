import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import type { ContractKind } from './contract-terms.ts';
import type { SettlementAction } from './settlement-actions.ts';

export type ContractTemplate = ValueOf<'/bo/contract-templates'>['list'][number];
export type TemplateBody = BodyOf<'/bo/contract-templates/{kind}', 'put'>;
export type ContractRow = ValueOf<'/bo/contracts'>['list'][number];
export type ContractStatus = ContractRow['status'];
export type OfferRow = ValueOf<'/bo/contract-offers'>['list'][number];
export type OfferStatus = OfferRow['status'];
export type OfferBody = BodyOf<'/bo/contract-offers'>;
export type RunRow = ValueOf<'/bo/contract-runs'>['list'][number];
export type Preview = ValueOf<'/bo/contract-runs/preview', 'post'>;
export type PreviewEntry = Preview['entries'][number];
export type CycleBody = BodyOf<'/bo/contract-runs/preview'>;
export type SettlementRow = ValueOf<'/bo/contract-settlements'>['list'][number];
export type SettlementStatus = SettlementRow['status'];
/** The settlements list's starting filter, set when a run's settlements are opened. */
export type SettlementScope = { kind: ContractKind | ''; cycleKey: string };

export const CONTRACTS_PAGE_SIZE = 25;
const CONTRACTS_KEY = ['bo', 'contracts'] as const;

export function useTemplates(merchantId: string) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'templates', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/contract-templates', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

export function useContracts(filter: {
  merchantId: string;
  kind: ContractKind | '';
  status: ContractStatus | '';
  account: string;
  page: number;
}) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'list', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/contracts', {
          params: {
            query: {
              merchantId: filter.merchantId,
              ...(filter.kind ? { kind: filter.kind } : {}),
              ...(filter.status ? { status: filter.status } : {}),
              ...(filter.account.trim() ? { account: filter.account.trim() } : {}),
              page: filter.page,
              pageSize: CONTRACTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/** The most contracts a contract's detail reads around it (its versions and those it pays below). */
export const FAMILY_SIZE_MAX = 100;

/**
 * Every contract of a kind naming an agent's account, as downline or upline, in any status: the
 * agent's versions and the contracts it gives its own downlines (the list's account filter).
 */
export function useContractFamily(filter: { merchantId: string; kind: ContractKind; account: string }) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'family', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/contracts', {
          params: {
            query: {
              merchantId: filter.merchantId,
              kind: filter.kind,
              account: filter.account,
              pageSize: FAMILY_SIZE_MAX,
            },
          },
        }),
      ),
  });
}

export function useOffers(filter: {
  merchantId: string;
  kind: ContractKind | '';
  status: OfferStatus | '';
  page: number;
}) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'offers', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/contract-offers', {
          params: {
            query: {
              merchantId: filter.merchantId,
              ...(filter.kind ? { kind: filter.kind } : {}),
              ...(filter.status ? { status: filter.status } : {}),
              page: filter.page,
              pageSize: CONTRACTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export function useRuns(filter: { merchantId: string; kind: ContractKind; page: number }) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'runs', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/contract-runs', {
          params: {
            query: {
              merchantId: filter.merchantId,
              kind: filter.kind,
              page: filter.page,
              pageSize: CONTRACTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export function useSettlements(filter: {
  merchantId: string;
  kind: ContractKind | '';
  cycleKey: string;
  status: SettlementStatus | '';
  page: number;
}) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'settlements', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/contract-settlements', {
          params: {
            query: {
              merchantId: filter.merchantId,
              ...(filter.kind ? { kind: filter.kind } : {}),
              ...(filter.cycleKey ? { cycleKey: filter.cycleKey } : {}),
              ...(filter.status ? { status: filter.status } : {}),
              page: filter.page,
              pageSize: CONTRACTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/**
 * The top-level agents of a merchant whose account is exactly this one (any case): the agents a
 * platform offer may go to. Null when there is no such agent or it has an upline.
 */
export async function findTopAgentByAccount(merchantId: string, account: string) {
  const wanted = account.trim().toLowerCase();
  const page = await unwrap(
    backOffice.GET('/bo/agents', { params: { query: { merchantId, search: wanted, pageSize: 50 } } }),
  );
  return page.list.find((row) => row.account.toLowerCase() === wanted) ?? null;
}

/** A change that leaves every contracts list to be read again. */
function useContractChange<Input, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY }),
  });
}

export const useSaveTemplate = () =>
  useContractChange((input: TemplateBody & { kind: ContractKind }) => {
    const { kind, ...body } = input;
    return unwrap(backOffice.PUT('/bo/contract-templates/{kind}', { params: { path: { kind } }, body }));
  });

export const useEndContract = () =>
  useContractChange((input: { id: string; reason: string }) =>
    unwrap(
      backOffice.POST('/bo/contracts/{id}/end', {
        params: { path: { id: input.id } },
        body: { reason: input.reason },
      }),
    ),
  );

export const useOfferContract = () =>
  useContractChange((body: OfferBody) => unwrap(backOffice.POST('/bo/contract-offers', { body })));

export const useCancelOffer = () =>
  useContractChange((id: string) =>
    unwrap(backOffice.POST('/bo/contract-offers/{id}/cancel', { params: { path: { id } } })),
  );

export const useSettleCycle = () =>
  useContractChange((body: CycleBody) => unwrap(backOffice.POST('/bo/contract-runs/settle', { body })));

/** A preview computes a cycle's settlements and writes nothing, so it refreshes nothing either. */
export const usePreviewCycle = () =>
  useMutation({
    mutationFn: (body: CycleBody) => unwrap(backOffice.POST('/bo/contract-runs/preview', { body })),
  });

export const useSettlementAction = () =>
  useContractChange((input: { id: string; action: SettlementAction }) => {
    const params = { params: { path: { id: input.id } } };
    switch (input.action) {
      case 'approve':
        return unwrap(backOffice.POST('/bo/contract-settlements/{id}/approve', params));
      case 'pay-from-house':
        return unwrap(backOffice.POST('/bo/contract-settlements/{id}/pay-from-house', params));
      case 'defer':
        return unwrap(backOffice.POST('/bo/contract-settlements/{id}/defer', params));
      case 'cancel':
        return unwrap(backOffice.POST('/bo/contract-settlements/{id}/cancel', params));
    }
  });
