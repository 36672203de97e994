import type { paths } from '@panalo/api-types/openapi.d.ts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import type { PickedAgent, PromotionBody, StoredPromotion } from './promotion-form.ts';
import type { ApplicationStatus, PromotionStatus, PromotionType } from './promotion-labels.ts';

export type Promotion = ValueOf<'/bo/promotions/{id}'>;
export type ApplicationRow = ValueOf<'/bo/promotions/applications'>['list'][number];

export const PROMOTIONS_PAGE_SIZE = 25;
const PROMOTIONS_KEY = ['bo', 'promotions'] as const;

// What the builder sends is the route's own body: a change of the route's fields fails here.
type ServerBody = BodyOf<'/bo/promotions/{id}', 'put'>;
const sentBody = (body: PromotionBody): ServerBody => body satisfies ServerBody;

export function usePromotions(filter: {
  merchantId: string;
  status: PromotionStatus | '';
  type: PromotionType | '';
  page: number;
}) {
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'list', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/promotions', {
          params: {
            query: {
              merchantId: filter.merchantId,
              status: filter.status || undefined,
              type: filter.type || undefined,
              page: filter.page,
              pageSize: PROMOTIONS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export function usePromotion(id: string | null) {
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'one', id],
    queryFn: () => unwrap(backOffice.GET('/bo/promotions/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  });
}

/**
 * The accounts of the agents a promotion is offered to (the promotion names them by id), read one
 * by one from the players' pages; an account not found is shown by its id.
 */
export function useAudienceAgents(ids: readonly string[]) {
  const queries = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['bo', 'player', id],
      queryFn: () => unwrap(backOffice.GET('/bo/players/{id}', { params: { path: { id } } })),
      staleTime: 60_000,
    })),
  });
  const isPending = queries.some((query) => query.isPending);
  const agents: PickedAgent[] = ids.map((id, index) => ({
    id,
    account: queries[index]?.data?.profile.account ?? id,
  }));
  return { isPending, agents };
}

/** A stored promotion as the builder's form reads it, with its agents' accounts. */
export function storedPromotionOf(promotion: Promotion, agents: readonly PickedAgent[]): StoredPromotion {
  return {
    type: promotion.type,
    kind: promotion.kind,
    title: promotion.title,
    content: promotion.content,
    coverImageUrls: promotion.coverImageUrls,
    detailImageUrls: promotion.detailImageUrls,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    audience: promotion.audience,
    audienceAgents: [...agents],
    rules: promotion.rules,
    bonusTerms: promotion.bonusTerms,
    grantsPerMember: promotion.grantsPerMember,
    budgetPerDay: promotion.budgetPerDay,
    sortOrder: promotion.sortOrder,
  };
}

/** Creates a draft (no id) or changes a promotion; the lists are read again. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: PromotionBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/promotions/{id}', {
              params: { path: { id: input.id } },
              body: sentBody(input.body),
            })
          : backOffice.POST('/bo/promotions', {
              body: { ...sentBody(input.body), merchantId: input.merchantId },
            }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData([...PROMOTIONS_KEY, 'one', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...PROMOTIONS_KEY, 'list'] });
    },
  });
}

/** Publishes a draft or withdraws a published promotion. */
export function usePromotionStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'publish' | 'withdraw' }) =>
      unwrap(backOffice.POST(`/bo/promotions/{id}/${input.action}`, { params: { path: { id: input.id } } })),
    onSuccess: (saved) => {
      queryClient.setQueryData([...PROMOTIONS_KEY, 'one', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...PROMOTIONS_KEY, 'list'] });
    },
  });
}

/** Uploads a cover or detail picture; the server checks it by content and answers its URL. */
export function uploadPromotionImage(merchantId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return unwrap(
    backOffice.POST('/bo/promotions/images', {
      params: { query: { merchantId } },
      // The document types the form by its fields; the client sends the FormData as it is, and
      // the browser names its boundary.
      body: form as unknown as { file: string },
    }),
  );
}

/**
 * The agent of a merchant with exactly this account (any case), found through the agents search;
 * null when there is none.
 */
export async function findAgentByAccount(merchantId: string, account: string): Promise<PickedAgent | null> {
  const wanted = account.trim().toLowerCase();
  const page = await unwrap(
    backOffice.GET('/bo/agents', { params: { query: { merchantId, search: wanted, pageSize: 50 } } }),
  );
  const agent = page.list.find((row) => row.account.toLowerCase() === wanted);
  return agent ? { id: agent.id, account: agent.account } : null;
}

type ApplicationQuery = NonNullable<paths['/bo/promotions/applications']['get']['parameters']['query']>;

export function useApplications(filter: {
  merchantId: string;
  status: ApplicationStatus;
  promotionId: string;
  page: number;
}) {
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'applications', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/promotions/applications', {
          params: {
            query: {
              merchantId: filter.merchantId,
              status: filter.status,
              promotionId: filter.promotionId || undefined,
              page: filter.page,
              pageSize: PROMOTIONS_PAGE_SIZE,
            } satisfies ApplicationQuery,
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/** Approves an application with an amount (granted at once as a bonus) or rejects it with a reason. */
export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { id: string; decision: 'approve'; amount: string }
        | { id: string; decision: 'reject'; reason: string },
    ) =>
      unwrap(
        input.decision === 'approve'
          ? backOffice.POST('/bo/promotions/applications/{id}/approve', {
              params: { path: { id: input.id } },
              body: { amount: input.amount },
            })
          : backOffice.POST('/bo/promotions/applications/{id}/reject', {
              params: { path: { id: input.id } },
              body: { reason: input.reason },
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PROMOTIONS_KEY, 'applications'] }),
  });
}
