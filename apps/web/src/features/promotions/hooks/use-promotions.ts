import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROMOTIONS_KEY } from '../../../lib/promotions/promotion-queries';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import {
  fetchPromotionDetail,
  fetchPromotions,
  type PromotionTab,
  type PromotionType,
} from '../api/promotions';
import { raffleRefetchMsOf } from '../raffle-words';

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

/**
 * One promotion as the viewer sees it, while its dialog is open; a raffle's is read again while a
 * joined member earns tickets, and while its draw is due, until the winners show.
 */
export function usePromotionDetail(id: string) {
  const { language, isMember } = usePromotionViewer();
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'detail', id, language, isMember],
    queryFn: ({ signal }) => fetchPromotionDetail(id, language, signal),
    refetchInterval: (query) => raffleRefetchMsOf(query.state.data, new Date()),
  });
}
