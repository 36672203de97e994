import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import { defaultPagination, listPageItems } from '../../lib/pagination';

type PaginationProps = {
  current: number;
  total: number;
  onChange: (page: number) => void;
  range?: number;
  margin?: number;
};

/** Numbered pagination with the spec's range and margin (§9); hidden for a single page. */
export function Pagination({
  current,
  total,
  onChange,
  range = defaultPagination.range,
  margin = defaultPagination.margin,
}: PaginationProps) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  const items = listPageItems({ current, total, range, margin });
  const cell =
    'inline-grid min-w-10 h-10 place-items-center rounded-sm px-2 text-sm tabular transition-colors duration-150';
  return (
    <nav
      aria-label={t('common.pagination')}
      className="flex flex-wrap items-center justify-center gap-1 py-2"
    >
      <button
        type="button"
        className={joinClassNames(cell, 'text-muted hover:bg-raised disabled:opacity-40')}
        onClick={() => onChange(current - 1)}
        disabled={current <= 1}
        aria-label={t('common.previous')}
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      {items.map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className={joinClassNames(cell, 'text-muted')} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            aria-current={item.page === current ? 'page' : undefined}
            aria-label={t('common.page', { page: item.page })}
            onClick={() => onChange(item.page)}
            className={joinClassNames(
              cell,
              item.page === current ? 'bg-brand font-semibold text-on-brand' : 'text-text hover:bg-raised',
            )}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className={joinClassNames(cell, 'text-muted hover:bg-raised disabled:opacity-40')}
        onClick={() => onChange(current + 1)}
        disabled={current >= total}
        aria-label={t('common.next')}
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </nav>
  );
}
