import { useEffect, useId, useRef } from 'react';
import { joinClassNames } from '../../lib/class-names';
import { scrollSelectedIntoRow } from '../../lib/scroll-into-row';

export type TabItem<Key extends string> = { key: Key; label: string; badge?: number };

type TabsProps<Key extends string> = {
  items: readonly TabItem<Key>[];
  value: Key;
  onChange: (key: Key) => void;
  label: string;
  variant?: 'underline' | 'chips';
  className?: string;
};

/**
 * A row of tabs; scrolls sideways on a phone instead of wrapping, and brings the selected tab into
 * view when the row opens on it or the selection or the tabs change.
 */
export function Tabs<Key extends string>({
  items,
  value,
  onChange,
  label,
  variant = 'underline',
  className,
}: TabsProps<Key>) {
  const id = useId();
  const rowRef = useRef<HTMLDivElement>(null);
  const keys = items.map((item) => item.key).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tabs' keys decide where the selected one stands.
  useEffect(() => {
    scrollSelectedIntoRow(rowRef.current, '[aria-selected="true"]');
  }, [value, keys]);
  return (
    <div
      ref={rowRef}
      role="tablist"
      aria-label={label}
      className={joinClassNames(
        'scrollbar-none flex overflow-x-auto',
        variant === 'underline' ? 'gap-1 border-b border-line' : 'gap-2',
        className,
      )}
    >
      {items.map((item) => {
        const isSelected = item.key === value;
        return (
          <button
            key={item.key}
            id={`${id}-${item.key}`}
            type="button"
            role="tab"
            aria-selected={isSelected}
            onClick={() => onChange(item.key)}
            className={joinClassNames(
              'relative inline-flex min-h-11 shrink-0 items-center gap-1.5 text-sm font-medium whitespace-nowrap transition-colors duration-150',
              variant === 'underline'
                ? joinClassNames(
                    'px-3',
                    isSelected
                      ? 'text-text after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-brand'
                      : 'text-muted hover:text-text',
                  )
                : joinClassNames(
                    'rounded-full px-4',
                    isSelected ? 'bg-brand text-on-brand' : 'bg-raised text-muted hover:text-text',
                  ),
            )}
          >
            {item.label}
            {item.badge !== undefined && item.badge > 0 ? (
              <span className="grid min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] leading-4 font-bold text-on-brand tabular">
                {item.badge}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
