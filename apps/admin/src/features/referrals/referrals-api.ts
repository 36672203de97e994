import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// The referral programme's back-office calls (docs/referrals.md "Back office"), typed by the
// server's OpenAPI document.

/** A rule as the back office lists it. */
export type ReferralRuleRow = ValueOf<'/bo/referrals/rules'>['list'][number];
/** What a rule is saved with (a new one adds its merchant). */
export type ReferralRuleBody = BodyOf<'/bo/referrals/rules/{id}', 'put'>;
export type ReferralTrigger = ReferralRuleRow['trigger'];
export type ReferralKind = ReferralRuleRow['kind'];
/** A friend's referral with the checks' flags. */
export type ReferralRow = ValueOf<'/bo/referrals'>['list'][number];
/** A reward: paid, held for review, rejected, or skipped (a member promotions may not reach). */
export type ReferralRewardRow = ValueOf<'/bo/referrals/rewards'>['list'][number];
export type ReferralRewardStatus = ReferralRewardRow['status'];
/** The programme's cost per merchant day. */
export type ReferralReport = ValueOf<'/bo/reports/referrals'>;

export const REFERRALS_PAGE_SIZE = 25;
const KEY = ['bo', 'referrals'] as const;

export function useReferralRules(merchantId: string) {
  return useQuery({
    queryKey: [...KEY, 'rules', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/referrals/rules', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

/** Creates a rule (no id) or changes one; the lists are read again. */
export function useReferralRuleSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: ReferralRuleBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/referrals/rules/{id}', {
              params: { path: { id: input.id } },
              body: input.body,
            })
          : backOffice.POST('/bo/referrals/rules', { body: { ...input.body, merchantId: input.merchantId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useReferrals(input: { merchantId: string; flagged: boolean; account: string; page: number }) {
  return useQuery({
    queryKey: [...KEY, 'list', input],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/referrals', {
          params: {
            query: {
              merchantId: input.merchantId,
              ...(input.flagged ? { flagged: true } : {}),
              ...(input.account.trim() ? { account: input.account.trim() } : {}),
              page: input.page,
              pageSize: REFERRALS_PAGE_SIZE,
            },
          },
        }),
      ),
    enabled: input.merchantId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useReferralRewards(input: {
  merchantId: string;
  status: ReferralRewardStatus | '';
  page: number;
}) {
  return useQuery({
    queryKey: [...KEY, 'rewards', input],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/referrals/rewards', {
          params: {
            query: {
              merchantId: input.merchantId,
              ...(input.status ? { status: input.status } : {}),
              page: input.page,
              pageSize: REFERRALS_PAGE_SIZE,
            },
          },
        }),
      ),
    enabled: input.merchantId !== '',
    placeholderData: keepPreviousData,
  });
}

/** Approves (pays now) or rejects (never pays) a held reward; the lists are read again. */
export function useDecideReferralReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject' }) =>
      unwrap(
        input.decision === 'approve'
          ? backOffice.POST('/bo/referrals/rewards/{id}/approve', { params: { path: { id: input.id } } })
          : backOffice.POST('/bo/referrals/rewards/{id}/reject', { params: { path: { id: input.id } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The cost report over a preset or the days chosen (report-range.tsx rangeQueryOf). */
export function useReferralReport(input: {
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
        backOffice.GET('/bo/reports/referrals', {
          params: { query: { merchantId: input.merchantId, ...input.range } },
        }),
      ),
    enabled: input.merchantId !== '' && input.isReady,
  });
}
