import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';

/**
 * The member's past deposits or withdrawals under a heading, a page at a time: loading, a failure
 * to retry, none yet, or the records (each an `li` that `renderItem` draws) with their pages.
 */
export function MoneyHistory<Item>({
  headingId,
  heading,
  query,
  emptyLine,
  testId,
  page,
  onPageChange,
  renderItem,
}: {
  headingId: string;
  heading: string;
  query: UseQueryResult<{ list: Item[]; totalPages: number }>;
  emptyLine: string;
  testId: string;
  page: number;
  onPageChange: (page: number) => void;
  renderItem: (item: Item) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-text">
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
          <ul className="divide-y divide-line rounded-lg border border-line" data-testid={testId}>
            {query.data.list.map(renderItem)}
          </ul>
          <Pagination current={page} total={query.data.totalPages} onChange={onPageChange} />
        </>
      )}
    </section>
  );
}
