import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../lib/api-client.ts';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { uploadImageTo } from '../../lib/entry-api.ts';
import { announceSessionEnded, readSessionToken } from '../../lib/session.ts';
import type { GoodsBody } from './goods-form.ts';
import type { AdjustmentBody } from './points-adjustment.ts';
import type { GoodsKind, GoodsStatus, PointRecordType, RedeemStatus } from './points-labels.ts';
import { decidedStatusOf, decisionRefusalOf } from './redeem-review.ts';

// The points mall's back-office calls (docs/loyalty.md "Points", "Back office"), declared here as
// the server's routes answer them until the server's OpenAPI document carries them.

/** One goods as the back office lists and edits it. */
export type OperatorGoods = GoodsBody & {
  id: string;
  merchantId: string;
  createdAt: string;
  updatedAt: string;
};

/** A redeem in the operator's queue: the member's record, with who asked and what it pays. */
export type OperatorRedeem = {
  id: string;
  merchantId: string;
  reference: string;
  memberId: string;
  account: string;
  goodsId: string;
  /** The goods' names as they were when the member applied. */
  goodsNames: Record<string, string>;
  kind: GoodsKind;
  quantity: number;
  points: number;
  /** What approving pays in all (cash or bonus goods); null for an item. */
  amount: string | null;
  amountRequirement: string | null;
  status: RedeemStatus;
  appliedAt: string;
  decidedAt: string | null;
  address: string | null;
  remark: string | null;
  /** The operator who decided it. */
  operator: string | null;
  bonusId: string | null;
};

export type PointRecord = {
  id: string;
  type: PointRecordType;
  points: number;
  balance: number;
  /** What the change was, in the operator's language. */
  remark: string;
  createdAt: string;
};

/** A member's points and one page of their records, newest first. */
export type PlayerPoints = {
  points: number;
  owed: number;
  list: PointRecord[];
  total: number;
  totalPages: number;
};

type Paged<Row> = { list: Row[]; total: number; totalPages: number };

export const GOODS_PAGE_SIZE = 25;
export const REDEEMS_PAGE_SIZE = 25;
export const RECORDS_PAGE_SIZE = 10;

const POINTS_KEY = ['bo', 'points'] as const;
const goodsKey = [...POINTS_KEY, 'goods'] as const;
const redeemsKey = [...POINTS_KEY, 'redeems'] as const;
const playerPointsKey = (playerId: string) => ['bo', 'player', playerId, 'points'] as const;

/** A query string of the filled-in values only. */
function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A /bo call's value; a refusal throws a BackOfficeError with the server's code and value. */
async function answerOf<Value>(path: string, method: 'GET' | 'POST' | 'PUT', body?: unknown): Promise<Value> {
  const answer = await requestEnvelope<Value>(path, {
    method,
    token: readSessionToken(),
    ...(body === undefined ? {} : { body }),
  });
  if (answer.success) return answer.value;
  if (answer.code === 'NOT_LOGGED_IN') announceSessionEnded();
  throw new BackOfficeError(answer.code, answer.message, answer.value);
}

const idPath = (id: string) => encodeURIComponent(id);

/** The merchant's goods in their order, of one status or both. */
export function useGoods(filter: { merchantId: string; status: GoodsStatus | ''; page: number }) {
  return useQuery({
    queryKey: [...goodsKey, filter],
    queryFn: () =>
      answerOf<Paged<OperatorGoods>>(
        withQuery('/bo/points/goods', { ...filter, pageSize: GOODS_PAGE_SIZE }),
        'GET',
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
      input.id
        ? answerOf<OperatorGoods>(`/bo/points/goods/${idPath(input.id)}`, 'PUT', input.body)
        : answerOf<OperatorGoods>('/bo/points/goods', 'POST', {
            ...input.body,
            merchantId: input.merchantId,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKey }),
  });
}

/**
 * Uploads one picture of goods; the server checks it by content and answers the URL members load.
 * Goods' pictures go to the back office's image store like banners'.
 */
export function uploadGoodsImage(merchantId: string, file: File) {
  return uploadImageTo('/bo/images', merchantId, file);
}

export type RedeemFilter = { merchantId: string; status: RedeemStatus | ''; account: string; page: number };

/** The redeem queue: by status (processing ones oldest first) and member account. */
export function useRedeems(filter: RedeemFilter) {
  return useQuery({
    queryKey: [...redeemsKey, filter],
    queryFn: () =>
      answerOf<Paged<OperatorRedeem>>(
        withQuery('/bo/points/redeems', {
          merchantId: filter.merchantId,
          status: filter.status,
          account: filter.account.trim(),
          page: filter.page,
          pageSize: REDEEMS_PAGE_SIZE,
        }),
        'GET',
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export type RedeemDecision =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: string };

/**
 * Approves a redeem (pays cash or grants the bonus; an item is just approved) or rejects it with a
 * reason (points and stock given back). The decided redeem replaces its row where the queue shows
 * it, so that the operator sees what became of it; a redeem decided by someone else first is said
 * in words, and the queue is read again.
 */
export function useDecideRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RedeemDecision) => {
      try {
        return await answerOf<OperatorRedeem>(
          `/bo/points/redeems/${idPath(input.id)}/${input.decision}`,
          'POST',
          input.decision === 'reject' ? { reason: input.reason } : {},
        );
      } catch (error) {
        throw decisionRefusalOf(error);
      }
    },
    onSuccess: (decided) => {
      queryClient.setQueriesData<Paged<OperatorRedeem>>({ queryKey: redeemsKey }, (page) =>
        page
          ? { ...page, list: page.list.map((row) => (row.id === decided.id ? { ...row, ...decided } : row)) }
          : page,
      );
      // Other filters' pages (approved, rejected) are read again when next opened; the one on
      // screen keeps the decided row where it was.
      return queryClient.invalidateQueries({ queryKey: redeemsKey, refetchType: 'none' });
    },
    onError: (error, input) => {
      if (!(error instanceof BackOfficeError) || error.code !== 'CONFLICT') return;
      // Decided by someone else first: the row says so at once, and every page is read again.
      const status = decidedStatusOf(error);
      if (status === null) return queryClient.invalidateQueries({ queryKey: redeemsKey });
      queryClient.setQueriesData<Paged<OperatorRedeem>>({ queryKey: redeemsKey }, (page) =>
        page
          ? { ...page, list: page.list.map((row) => (row.id === input.id ? { ...row, status } : row)) }
          : page,
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
      answerOf<PlayerPoints>(
        withQuery(`/bo/players/${idPath(playerId)}/points`, {
          type: filter.type,
          page: filter.page,
          pageSize: RECORDS_PAGE_SIZE,
        }),
        'GET',
      ),
    placeholderData: keepPreviousData,
  });
}

/** Adds or takes a member's points by hand, with the reason the record and the audit log keep. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { playerId: string; body: AdjustmentBody }) =>
      answerOf<unknown>(`/bo/players/${idPath(input.playerId)}/points`, 'POST', input.body),
    onSuccess: (_value, input) =>
      queryClient.invalidateQueries({ queryKey: playerPointsKey(input.playerId) }),
  });
}
