import { Fragment, type ReactNode, useState } from 'react';
import { ErrorState, Pager, SkeletonRows } from './query-state.tsx';

/**
 * A column's heading: its text, or its content with the cells' class (`number` aligns right) and a
 * name for a heading without words. `false` leaves out a column this operator does not see.
 */
export type Heading = string | false | { label?: ReactNode; className?: string; ariaLabel?: string };

/** The heading of a column of figures, aligned right with its cells. */
export const numberHeading = (label: string): Heading => ({ label, className: 'number' });

/** The heading row of a table, one `th` a column that is shown. */
export function TableHead({ headings }: { headings: readonly Heading[] }) {
  return (
    <thead>
      <tr>
        {headings.map((heading, index) =>
          heading === false ? null : typeof heading === 'string' ? (
            <th key={heading} scope="col">
              {heading}
            </th>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a heading's place is its identity in a fixed row.
            <th key={index} scope="col" className={heading.className} aria-label={heading.ariaLabel}>
              {heading.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** The part of a list query a table reads. */
type TableQuery = { isError: boolean; error: unknown; isPending: boolean; refetch: () => unknown };

type TableProps<Row> = {
  query: TableQuery;
  rows: readonly Row[];
  headings: readonly Heading[];
  renderRow: (row: Row) => ReactNode;
  /** Shown under the headings when the query found no row. */
  empty: ReactNode;
  className?: string;
  testId?: string;
};

/** Where a paged table is, and how many pages its query found (none until it has answered). */
type Paging = {
  page: number;
  onPage: (page: number) => void;
  found: { total: number; totalPages: number } | undefined;
};

/**
 * A table of a query's rows: the error with a way to retry, placeholder rows while it loads, the
 * empty state when it found nothing, and the pager under it for a paged list.
 */
export function QueryTable<Row extends { id: string }>(props: TableProps<Row> & { paging?: Paging }) {
  const { query, paging } = props;
  return (
    <>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Rows {...props} />
      )}
      {paging?.found && (
        <Pager
          page={paging.page}
          totalPages={paging.found.totalPages}
          total={paging.found.total}
          onPage={paging.onPage}
        />
      )}
    </>
  );
}

function Rows<Row extends { id: string }>(props: TableProps<Row>) {
  const { query } = props;
  return (
    <div className="table-wrap">
      <table className={props.className ?? 'table'} data-testid={props.testId}>
        <TableHead headings={props.headings} />
        <tbody>
          {query.isPending ? (
            <SkeletonRows columns={props.headings.filter((heading) => heading !== false).length} />
          ) : (
            props.rows.map((row) => <Fragment key={row.id}>{props.renderRow(row)}</Fragment>)
          )}
        </tbody>
      </table>
      {!query.isPending && props.rows.length === 0 && props.empty}
    </div>
  );
}

/** What a paged list is filtered by (a status, a search) and its page: a new filter starts at page 1. */
export function usePagedFilter<Filter>(initial: Filter) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [page, setPage] = useState(1);
  return {
    filter,
    page,
    setPage,
    choose(next: Filter) {
      setFilter(next);
      setPage(1);
    },
  };
}
