import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// The VIP levels' and rebates' back-office calls (docs/loyalty.md "VIP", "Rebates", "Back office"),
// typed by the server's OpenAPI document.

/**
 * A level as the back office lists and edits it: the player's VipLevel with both names, and how
 * many members hold it (while any do, it can be neither removed nor moved to another rank).
 */
export type OperatorVipLevel = ValueOf<'/bo/vip/levels'>['list'][number];

/** What a level is saved with (a new one adds its merchant). */
export type VipLevelBody = BodyOf<'/bo/vip/levels/{id}', 'put'>;

/** A member holding a level, with what the next review would do with today's figures. */
export type VipMemberRow = ValueOf<'/bo/vip/members'>['list'][number];
export type VipProjection = NonNullable<VipMemberRow['projection']>;

/** A level's gift: waiting while the member may not receive promotions, then granted or dropped. */
export type VipGiftRow = ValueOf<'/bo/vip/gifts'>['list'][number];
export type VipGiftKind = VipGiftRow['kind'];
export type VipGiftStatus = VipGiftRow['status'];

/** What a run of the review did. */
export type VipReviewResult = ValueOf<'/bo/vip/review', 'post'>;

/**
 * The rebates paid: a closed day's in automatic mode, a claim in manual mode; `skipped` when the
 * member could not be reached by promotions on the day's payment (and is never paid for it). The
 * totals run over every page; `range` is the days listed (the past 30 when the filter names none).
 */
export type RebatePayouts = ValueOf<'/bo/rebates'>;
export type RebatePayoutRow = RebatePayouts['list'][number];
export type RebateMode = RebatePayoutRow['mode'];
export type RebatePayoutStatus = RebatePayoutRow['status'];
/** What the run of a closed day did; `budgetExhausted`: the members left are paid by a later run. */
export type RebateRunResult = ValueOf<'/bo/rebates/run', 'post'>;

export const MEMBERS_PAGE_SIZE = 25;
export const GIFTS_PAGE_SIZE = 25;
export const REBATES_PAGE_SIZE = 25;

const VIP_KEY = ['bo', 'vip'] as const;
const levelsKey = [...VIP_KEY, 'levels'] as const;
const REBATES_KEY = ['bo', 'rebates'] as const;

/** The merchant's levels, lowest rank first. */
export function useVipLevels(merchantId: string) {
  return useQuery({
    queryKey: [...levelsKey, merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/vip/levels', { params: { query: { merchantId } } })),
    select: (value) => [...value.list].sort((a, b) => a.rank - b.rank),
    enabled: merchantId !== '',
  });
}

/** Creates a level (no id), changes one, or removes one; the lists are read again. */
export function useVipLevelChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'save'; id: string | null; merchantId: string; body: VipLevelBody }
        | { kind: 'remove'; id: string },
    ): Promise<unknown> => {
      if (input.kind === 'remove') {
        return unwrap(backOffice.DELETE('/bo/vip/levels/{id}', { params: { path: { id: input.id } } }));
      }
      return unwrap(
        input.id
          ? backOffice.PUT('/bo/vip/levels/{id}', { params: { path: { id: input.id } }, body: input.body })
          : backOffice.POST('/bo/vip/levels', { body: { ...input.body, merchantId: input.merchantId } }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIP_KEY }),
  });
}

/** Uploads a level's badge; the server checks it by content and answers the URL members load. */
export function uploadBadgeImage(merchantId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return unwrap(
    backOffice.POST('/bo/vip/badges', {
      params: { query: { merchantId } },
      // The document types the form by its fields; the client sends the FormData as it is, and
      // the browser names its boundary.
      body: form as unknown as { file: string },
    }),
  );
}

/** Runs the review now (audited): members whose guarantee ended and who miss their retention go down. */
export function useRunVipReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (merchantId: string) => unwrap(backOffice.POST('/bo/vip/review', { body: { merchantId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIP_KEY }),
  });
}

export type VipMembersFilter = { merchantId: string; level: number | ''; account: string; page: number };

/** The members holding a level, by level and account. */
export function useVipMembers(filter: VipMembersFilter) {
  return useQuery({
    queryKey: [...VIP_KEY, 'members', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/vip/members', {
          params: {
            query: {
              merchantId: filter.merchantId,
              level: filter.level === '' ? undefined : filter.level,
              account: filter.account.trim() || undefined,
              page: filter.page,
              pageSize: MEMBERS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/** The levels' gifts, by status. */
export function useVipGifts(filter: { merchantId: string; status: VipGiftStatus | ''; page: number }) {
  return useQuery({
    queryKey: [...VIP_KEY, 'gifts', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/vip/gifts', {
          params: {
            query: {
              merchantId: filter.merchantId,
              status: filter.status || undefined,
              page: filter.page,
              pageSize: GIFTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export type RebatesFilter = {
  merchantId: string;
  from: string;
  to: string;
  account: string;
  mode: RebateMode | '';
  status: RebatePayoutStatus | '';
  page: number;
};

/** The rebates paid, newest first, with their totals over the filter. */
export function useRebatePayouts(filter: RebatesFilter) {
  return useQuery({
    queryKey: [...REBATES_KEY, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/rebates', {
          params: {
            query: {
              merchantId: filter.merchantId,
              from: filter.from || undefined,
              to: filter.to || undefined,
              account: filter.account.trim() || undefined,
              mode: filter.mode || undefined,
              status: filter.status || undefined,
              page: filter.page,
              pageSize: REBATES_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/** Runs the daily rebate of one closed day now (audited); the payouts are read again. */
export function useRunRebateDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { merchantId: string; day: string }) =>
      unwrap(backOffice.POST('/bo/rebates/run', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REBATES_KEY }),
  });
}
