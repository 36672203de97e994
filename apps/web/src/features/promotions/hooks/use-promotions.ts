import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BONUSES_KEY,
  fetchPromotionDetail,
  fetchPromotions,
  PROMOTIONS_KEY,
  type PromotionTab,
  type PromotionType,
} from '../api/promotions';
import { usePromotionViewer } from './use-promotion-viewer';

/** The types scan reads at most this many pages of every promotion listable now. */
const TYPE_SCAN_PAGES_MAX = 5;
/** The largest page the list answers (docs/promotions.md: pageSize, bounded by the server). */
const TYPE_SCAN_PAGE_SIZE = 50;

/** A page of one tab's promotion cards, the previous page kept on screen while the next loads. */
export function usePromotionList(tab: PromotionTab, page: number) {
  const { language, isMember } = usePromotionViewer();
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'list', tab, page, language, isMember],
    queryFn: ({ signal }) => fetchPromotions({ type: tab, page }, language, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The types that have promotions, for the tabs (spec §2: show only tabs with promotions): every
 * listable promotion read by type, a few large pages at most.
 */
export function usePromotionTypes() {
  const { language, isMember } = usePromotionViewer();
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'types', language, isMember],
    queryFn: async ({ signal }) => {
      const types = new Set<PromotionType>();
      for (let page = 1; page <= TYPE_SCAN_PAGES_MAX; page += 1) {
        const answer = await fetchPromotions(
          { type: 'ALL', page, pageSize: TYPE_SCAN_PAGE_SIZE },
          language,
          signal,
        );
        for (const item of answer.list) types.add(item.type);
        if (page >= answer.totalPages) break;
      }
      return [...types];
    },
    staleTime: 60_000,
  });
}

/** One promotion as the viewer sees it, while its dialog is open. */
export function usePromotionDetail(id: string) {
  const { language, isMember } = usePromotionViewer();
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'detail', id, language, isMember],
    queryFn: ({ signal }) => fetchPromotionDetail(id, language, signal),
  });
}

/**
 * After the member takes part or gives a bonus up, everything that shows it loads again: the
 * promotions, the bonuses, the side menu's count of offers, the bonus wallet and what a withdrawal
 * may take.
 */
export function useRefreshAfterTakingPart() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      PROMOTIONS_KEY,
      BONUSES_KEY,
      ['system', 'publicState'],
      ['bonus-details'],
      ['withdrawal-overview'],
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}
