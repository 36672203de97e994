import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope, sendForEnvelope } from '../../lib/api-client.ts';
import { BackOfficeError, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { announceSessionEnded, readSessionToken } from '../../lib/session.ts';

// The VIP levels' and rebates' back-office calls (docs/loyalty.md "VIP", "Rebates", "Back office").
// The rebates' are typed by the server's OpenAPI document; the VIP levels' are declared here by
// the document until it carries them.

/** A level as the back office lists and edits it: the document's VipLevel with both names. */
export type OperatorVipLevel = {
  id: string;
  merchantId: string;
  rank: number;
  names: Record<string, string>;
  label: string;
  badgeUrl: string | null;
  deposit: string;
  validBet: string;
  keepDeposit: string;
  keepValidBet: string;
  guaranteedDays: number;
  upgradeBonus: string;
  birthdayBonus: string;
  monthlyBonus: string;
  rebateRates: Record<string, string>;
  withdrawCountDay: number | null;
  withdrawAmountDay: string | null;
  pointsMultiplier: string;
  /** Members holding the level now: while any do, it can be neither removed nor moved to another rank. */
  holders: number;
  createdAt: string;
  updatedAt: string;
};

/** What a level is saved with (a new one adds its merchant). */
export type VipLevelBody = Omit<
  OperatorVipLevel,
  'id' | 'merchantId' | 'holders' | 'createdAt' | 'updatedAt'
>;

export type VipProjection = 'keep' | 'rise' | 'fall';

/** A member holding a level. */
export type VipMemberRow = {
  memberId: string;
  merchantId: string;
  account: string;
  rank: number;
  label: string;
  names: Record<string, string>;
  reachedAt: string;
  guaranteedUntil: string;
  projection: VipProjection | null;
  projectedRank: number | null;
  projectedAt: string | null;
};

export type VipGiftKind = 'upgrade' | 'birthday' | 'monthly';
export type VipGiftStatus = 'waiting' | 'granted' | 'dropped';

export type VipGiftRow = {
  id: string;
  merchantId: string;
  memberId: string;
  account: string;
  kind: VipGiftKind;
  key: string;
  rank: number;
  amount: string;
  status: VipGiftStatus;
  bonusId: string | null;
  createdAt: string;
  decidedAt: string | null;
};

/** What a run of the review did. */
export type VipReviewResult = {
  reviewed: boolean;
  lowered: number;
  monthlyGifts: number;
  projected: number;
  birthdayGifts: number;
  granted: number;
  dropped: number;
};

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

type Paged<Row> = { list: Row[]; total: number; totalPages: number };

export const MEMBERS_PAGE_SIZE = 25;
export const GIFTS_PAGE_SIZE = 25;
export const REBATES_PAGE_SIZE = 25;

const VIP_KEY = ['bo', 'vip'] as const;
const levelsKey = [...VIP_KEY, 'levels'] as const;
const REBATES_KEY = ['bo', 'rebates'] as const;

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
async function answerOf<Value>(
  path: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<Value> {
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

/** The merchant's levels, lowest rank first. */
export function useVipLevels(merchantId: string) {
  return useQuery({
    queryKey: [...levelsKey, merchantId],
    queryFn: () => answerOf<{ list: OperatorVipLevel[] }>(withQuery('/bo/vip/levels', { merchantId }), 'GET'),
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
      if (input.kind === 'remove') return answerOf(`/bo/vip/levels/${idPath(input.id)}`, 'DELETE');
      return input.id
        ? answerOf<OperatorVipLevel>(`/bo/vip/levels/${idPath(input.id)}`, 'PUT', input.body)
        : answerOf<OperatorVipLevel>('/bo/vip/levels', 'POST', {
            ...input.body,
            merchantId: input.merchantId,
          });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIP_KEY }),
  });
}

/** Uploads a level's badge; the server checks it by content and answers the URL members load. */
export async function uploadBadgeImage(merchantId: string, file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  const headers = new Headers({ Accept: 'application/json' });
  const token = readSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The browser writes the multipart boundary into the content type of a FormData body.
  const answer = await sendForEnvelope<{ url: string }>(
    new Request(withQuery('/bo/vip/badges', { merchantId }), { method: 'POST', headers, body: form }),
  );
  if (answer.success) return answer.value;
  if (answer.code === 'NOT_LOGGED_IN') announceSessionEnded();
  throw new BackOfficeError(answer.code, answer.message, answer.value);
}

/** Runs the review now (audited): members whose guarantee ended and who miss their retention go down. */
export function useRunVipReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (merchantId: string) => answerOf<VipReviewResult>('/bo/vip/review', 'POST', { merchantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIP_KEY }),
  });
}

export type VipMembersFilter = { merchantId: string; level: number | ''; account: string; page: number };

/** The members holding a level, by level and account. */
export function useVipMembers(filter: VipMembersFilter) {
  return useQuery({
    queryKey: [...VIP_KEY, 'members', filter],
    queryFn: () =>
      answerOf<Paged<VipMemberRow>>(
        withQuery('/bo/vip/members', {
          merchantId: filter.merchantId,
          level: filter.level,
          account: filter.account.trim(),
          page: filter.page,
          pageSize: MEMBERS_PAGE_SIZE,
        }),
        'GET',
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
      answerOf<Paged<VipGiftRow>>(
        withQuery('/bo/vip/gifts', {
          merchantId: filter.merchantId,
          status: filter.status,
          page: filter.page,
          pageSize: GIFTS_PAGE_SIZE,
        }),
        'GET',
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
