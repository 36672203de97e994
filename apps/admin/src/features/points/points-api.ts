import type { paths } from '@panalo/api-types/openapi.d.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackOfficeError, type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { uploadImageTo } from '../../lib/entry-api.ts';
import type { GoodsBody } from './goods-form.ts';
import type { AdjustmentBody } from './points-adjustment.ts';
import type { GoodsStatus, PointRecordType, RedeemStatus } from './points-labels.ts';
import { decidedStatusOf, decisionRefusalOf } from './redeem-review.ts';

// The points mall's back-office calls (docs/loyalty.md "Points", "Back office").

/** One goods as the back office lists and edits it. */
export type OperatorGoods = ValueOf<'/bo/points/goods'>['list'][number];
/** A redeem in the operator's queue: the member's record, with who asked and what it pays. */
export type OperatorRedeem = ValueOf<'/bo/points/redeems'>['list'][number];
/** A member's points, what claw-backs still owe, and one page of their records, newest first. */
export type PlayerPoints = ValueOf<'/bo/players/{id}/points'>;
export type PointRecord = PlayerPoints['list'][number];

type RedeemPage = ValueOf<'/bo/points/redeems'>;

// What the goods form sends is the route's own body: a change of the route's fields fails here.
const sentBody = (body: GoodsBody): BodyOf<'/bo/points/goods/{id}', 'put'> =>
  body satisfies BodyOf<'/bo/points/goods/{id}', 'put'>;
type RedeemQuery = NonNullable<paths['/bo/points/redeems']['get']['parameters']['query']>;
type RecordsQuery = NonNullable<paths['/bo/players/{id}/points']['get']['parameters']['query']>;

export const GOODS_PAGE_SIZE = 25;
export const REDEEMS_PAGE_SIZE = 25;
export const RECORDS_PAGE_SIZE = 10;

const POINTS_KEY = ['bo', 'points'] as const;
const goodsKey = [...POINTS_KEY, 'goods'] as const;
const redeemsKey = [...POINTS_KEY, 'redeems'] as const;
const playerPointsKey = (playerId: string) => ['bo', 'player', playerId, 'points'] as const;

/** The merchant's goods in their order, of one status or both. */
export function useGoods(filter: { merchantId: string; status: GoodsStatus | ''; page: number }) {
  return useQuery({
    queryKey: [...goodsKey, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/points/goods', {
          params: {
            query: {
              merchantId: filter.merchantId,
              status: filter.status || undefined,
              page: filter.page,
              pageSize: GOODS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

/** Creates goods (no id) or changes them; the lists are read again. */
export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: GoodsBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/points/goods/{id}', {
              params: { path: { id: input.id } },
              body: sentBody(input.body),
            })
          : backOffice.POST('/bo/points/goods', {
              body: { ...sentBody(input.body), merchantId: input.merchantId },
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKey }),
  });
}

/**
 * Uploads one picture of goods; the server checks it by content and answers the URL members load.
 * Goods' pictures go to the back office's image store like banners' (docs/loyalty.md "Points").
 */
export function uploadGoodsImage(merchantId: string, file: File) {
  return uploadImageTo('/bo/images', merchantId, file);
}

/** What the queue's search box looks in: the member's account, or the redeem's reference number. */
export type RedeemSearchField = 'account' | 'reference';

export type RedeemFilter = {
  merchantId: string;
  status: RedeemStatus | '';
  field: RedeemSearchField;
  text: string;
  page: number;
};

/** The redeem queue: by status (processing ones oldest first), and one account or reference. */
export function useRedeems(filter: RedeemFilter) {
  return useQuery({
    queryKey: [...redeemsKey, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/points/redeems', {
          params: {
            query: {
              merchantId: filter.merchantId,
              status: filter.status || undefined,
              [filter.field]: filter.text.trim() || undefined,
              page: filter.page,
              pageSize: REDEEMS_PAGE_SIZE,
            } satisfies RedeemQuery,
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export type RedeemDecision =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: string };

/** A page of the queue with one row changed, wherever that row is shown. */
const withRow = (id: string, change: (row: OperatorRedeem) => OperatorRedeem) => (page?: RedeemPage) =>
  page ? { ...page, list: page.list.map((row) => (row.id === id ? change(row) : row)) } : page;

/**
 * Approves a redeem (pays cash or grants the bonus; an item is just approved) or rejects it with a
 * reason (points and stock given back). The decided redeem replaces its row where the queue shows
 * it, so that the operator sees what became of it; a redeem decided by someone else first is said
 * in words, with its status in its row.
 */
export function useDecideRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RedeemDecision) => {
      try {
        return await unwrap(
          input.decision === 'approve'
            ? backOffice.POST('/bo/points/redeems/{id}/approve', { params: { path: { id: input.id } } })
            : backOffice.POST('/bo/points/redeems/{id}/reject', {
                params: { path: { id: input.id } },
                body: { reason: input.reason },
              }),
        );
      } catch (error) {
        throw decisionRefusalOf(error);
      }
    },
    onSuccess: (decided) => {
      queryClient.setQueriesData<RedeemPage>(
        { queryKey: redeemsKey },
        withRow(decided.id, () => decided),
      );
      // Other filters' pages (approved, rejected) are read again when next opened; the one on
      // screen keeps the decided row where it was.
      return queryClient.invalidateQueries({ queryKey: redeemsKey, refetchType: 'none' });
    },
    onError: (error, input) => {
      if (!(error instanceof BackOfficeError) || error.code !== 'CONFLICT') return;
      const status = decidedStatusOf(error);
      if (status === null) return queryClient.invalidateQueries({ queryKey: redeemsKey });
      queryClient.setQueriesData<RedeemPage>(
        { queryKey: redeemsKey },
        withRow(input.id, (row) => ({ ...row, status })),
      );
      return queryClient.invalidateQueries({ queryKey: redeemsKey, refetchType: 'none' });
    },
  });
}

/** A member's points balance, what they owe, and a page of their records of one type or all. */
export function usePlayerPoints(playerId: string, filter: { type: PointRecordType | ''; page: number }) {
  return useQuery({
    queryKey: [...playerPointsKey(playerId), filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/players/{id}/points', {
          params: {
            path: { id: playerId },
            query: {
              type: filter.type || undefined,
              page: filter.page,
              pageSize: RECORDS_PAGE_SIZE,
            } satisfies RecordsQuery,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Adds or takes a member's points by hand, with the reason the record and the audit log keep. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { playerId: string; body: AdjustmentBody }) =>
      unwrap(
        backOffice.POST('/bo/players/{id}/points', {
          params: { path: { id: input.playerId } },
          body: input.body,
        }),
      ),
    onSuccess: (_value, input) =>
      queryClient.invalidateQueries({ queryKey: playerPointsKey(input.playerId) }),
  });
}
