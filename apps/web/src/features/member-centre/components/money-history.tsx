import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';

type HistoryPage<Item> = { list: Item[]; totalPages: number };

/**
 * The member's past deposits or withdrawals under a heading, a page at a time: loading, a failure
 * to retry, none yet, or the records (each an `li` that `renderItem` draws) with their pages.
 * `id` names the heading and, as its test id, the list.
 */
export function MoneyHistory<Item>({
  id,
  heading,
  emptyLine,
  renderItem,
  queryOf,
}: {
  id: string;
  heading: string;
  emptyLine: string;
  renderItem: (item: Item) => ReactNode;
  queryOf: (page: number) => UseQueryOptions<HistoryPage<Item>, Error, HistoryPage<Item>, readonly unknown[]>;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery(queryOf(page));
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-text">
        {heading}
      </h3>
      {query.isPending ? (
        <SkeletonLines lines={3} />
      ) : query.isError ? (
        <ErrorState isCompact onRetry={() => query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <EmptyState line={emptyLine} />
      ) : (
        <>
          <ul className="divide-y divide-line rounded-lg border border-line" data-testid={id}>
            {query.data.list.map(renderItem)}
          </ul>
          <Pagination current={page} total={query.data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
