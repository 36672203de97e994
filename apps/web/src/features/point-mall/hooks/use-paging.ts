import { useCallback, useEffect, useState } from 'react';
import { type Paging, pageWithin, pagingOf, withFilter, withPage } from '../paging';

export type PagingControl<Filter> = Paging<Filter> & {
  setFilter: (filter: Filter) => void;
  setPage: (page: number) => void;
};

/** A list's filter and page: another filter starts at its first page. */
export function usePaging<Filter>(initialFilter: Filter): PagingControl<Filter> {
  const [paging, setPaging] = useState<Paging<Filter>>(() => pagingOf(initialFilter));
  const setFilter = useCallback((filter: Filter) => setPaging((current) => withFilter(current, filter)), []);
  const setPage = useCallback((page: number) => setPaging((current) => withPage(current, page)), []);
  return { ...paging, setFilter, setPage };
}

/**
 * Once the list answers with fewer pages than the one shown (a redeem changed it, or it shrank
 * meanwhile), the last page there is is shown instead of an empty one.
 */
export function useKeepPageWithin<Filter>(
  paging: PagingControl<Filter>,
  totalPages: number | undefined,
): void {
  const { page, setPage } = paging;
  useEffect(() => {
    if (totalPages === undefined || totalPages < 1) return;
    const within = pageWithin(page, totalPages);
    if (within !== page) setPage(within);
  }, [page, totalPages, setPage]);
}
