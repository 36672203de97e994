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

/** A filter's "any" ('') left out of the query: the server reads a missing field as any. */
const chosen = <Value extends string>(value: Value | '') => (value === '' ? undefined : value);

/** The paging fields of a list query. */
const pageOf = (page: number) => ({ page, pageSize: CONTRACTS_PAGE_SIZE });

/**
 * One of the contract lists, read by its filter: the page shown stays while the next one loads, and
 * nothing is asked before a merchant is chosen.
 */
function useContractList<Filter extends { merchantId: string }, Value>(
  name: string,
  filter: Filter,
  read: (filter: Filter) => Promise<Value>,
) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, name, filter],
    queryFn: () => read(filter),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export const useContracts = (filter: {
  merchantId: string;
  kind: ContractKind | '';
  status: ContractStatus | '';
  account: string;
  page: number;
}) =>
  useContractList('list', filter, ({ merchantId, kind, status, account, page }) =>
    unwrap(
      backOffice.GET('/bo/contracts', {
        params: {
          query: {
            merchantId,
            kind: chosen(kind),
            status: chosen(status),
            account: chosen(account.trim()),
            ...pageOf(page),
          },
        },
      }),
    ),
  );

export type ContractDetail = ValueOf<'/bo/contracts/{id}'>;

/** A contract with every version of its agent's terms of the kind and the active contracts it pays below. */
export const useContractDetail = (id: string) =>
  useQuery({
    queryKey: [...CONTRACTS_KEY, 'detail', id],
    queryFn: () => unwrap(backOffice.GET('/bo/contracts/{id}', { params: { path: { id } } })),
  });

export const useOffers = (filter: {
  merchantId: string;
  kind: ContractKind | '';
  status: OfferStatus | '';
  page: number;
}) =>
  useContractList('offers', filter, ({ merchantId, kind, status, page }) =>
    unwrap(
      backOffice.GET('/bo/contract-offers', {
        params: { query: { merchantId, kind: chosen(kind), status: chosen(status), ...pageOf(page) } },
      }),
    ),
  );

export const useRuns = (filter: { merchantId: string; kind: ContractKind; page: number }) =>
  useContractList('runs', filter, ({ merchantId, kind, page }) =>
    unwrap(backOffice.GET('/bo/contract-runs', { params: { query: { merchantId, kind, ...pageOf(page) } } })),
  );

export const useSettlements = (filter: {
  merchantId: string;
  kind: ContractKind | '';
  cycleKey: string;
  status: SettlementStatus | '';
  account: string;
  page: number;
}) =>
  useContractList('settlements', filter, ({ merchantId, kind, cycleKey, status, account, page }) =>
    unwrap(
      backOffice.GET('/bo/contract-settlements', {
        params: {
          query: {
            merchantId,
            kind: chosen(kind),
            cycleKey: chosen(cycleKey),
            status: chosen(status),
            account: chosen(account.trim()),
            ...pageOf(page),
          },
        },
      }),
    ),
  );

/**
 * The agent of a merchant whose account is exactly this one (any case), with its upline's account
 * (none for a top-level agent, the only kind a platform offer may go to); null when there is none.
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
