import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// Red envelopes' back-office calls (docs/red-envelopes.md "Wire (back office)"), typed by the
// server's OpenAPI document.

/** A drop as the back office lists it, with what it has paid so far. */
export type DropRow = ValueOf<'/bo/red-envelopes'>['list'][number];
/** What a drop is saved with (a new one adds its merchant). */
export type DropBody = BodyOf<'/bo/red-envelopes/{id}', 'put'>;
export type DropStatus = DropRow['status'];
/** An opened envelope: masked account, amount, time. */
export type ClaimRow = ValueOf<'/bo/red-envelopes/{id}/claims'>['list'][number];

export const DROPS_PAGE_SIZE = 25;
const KEY = ['bo', 'red-envelopes'] as const;

export function useDrops(input: { merchantId: string; page: number }) {
  return useQuery({
    queryKey: [...KEY, 'list', input],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/red-envelopes', {
          params: { query: { merchantId: input.merchantId, page: input.page, pageSize: DROPS_PAGE_SIZE } },
        }),
      ),
    enabled: input.merchantId !== '',
    placeholderData: keepPreviousData,
  });
}

/** Creates a drop (no id) or changes one before it opens; the lists are read again. */
export function useDropSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: DropBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/red-envelopes/{id}', { params: { path: { id: input.id } }, body: input.body })
          : backOffice.POST('/bo/red-envelopes', { body: { ...input.body, merchantId: input.merchantId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDropCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(backOffice.POST('/bo/red-envelopes/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDropClaims(input: { id: string; page: number }) {
  return useQuery({
    queryKey: [...KEY, 'claims', input],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/red-envelopes/{id}/claims', {
          params: { path: { id: input.id }, query: { page: input.page, pageSize: DROPS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDropsReport(input: {
  merchantId: string;
  range: {
    preset?: 'today' | 'yesterday' | 'past7Days' | 'past30Days' | 'thisMonth' | 'lastMonth';
    from?: string;
    to?: string;
  };
  isReady: boolean;
}) {
  return useQuery({
    queryKey: [...KEY, 'report', input.merchantId, input.range],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/red-envelopes/report', {
          params: { query: { merchantId: input.merchantId, ...input.range } },
        }),
      ),
    enabled: input.merchantId !== '' && input.isReady,
  });
}
