import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { BackOfficeError } from '../lib/back-office-api.ts';

/** Placeholder rows while a table loads, the height of real rows so that nothing shifts. */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their position.
        <tr key={row} className="table__skeleton">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <td key={column}>
              <span className="skeleton" aria-hidden="true" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** What went wrong, in the server's words and code, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const code = error instanceof BackOfficeError ? error.code : 'ERROR';
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div className="alert alert--danger state" role="alert">
      <div className="state__line">
        <AlertTriangle size={16} aria-hidden="true" />
        <strong>{message}</strong>
        <span className="alert__code">{code}</span>
      </div>
      {onRetry && (
        <button className="button button--quiet button--small" type="button" onClick={onRetry}>
          <RotateCw size={14} aria-hidden="true" />
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>
        <strong>{title}</strong>
      </p>
      {children && <p className="muted">{children}</p>}
    </div>
  );
}

/** Previous / next through pages of a list, with where we are. */
export function Pager(props: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { page, totalPages, total } = props;
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">
        {total} {total === 1 ? 'entry' : 'entries'} · page {totalPages === 0 ? 0 : page} of {totalPages}
      </span>
      <button
        className="button button--quiet button--small"
        type="button"
        disabled={page <= 1}
        onClick={() => props.onPage(page - 1)}
      >
        Previous
      </button>
      <button
        className="button button--quiet button--small"
        type="button"
        disabled={page >= totalPages}
        onClick={() => props.onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
