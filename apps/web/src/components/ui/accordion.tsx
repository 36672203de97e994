import { ChevronDown } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { joinClassNames } from '../../lib/class-names';

export type AccordionItem = { id: string; title: string; body: ReactNode; badge?: ReactNode };

type AccordionProps = {
  items: readonly AccordionItem[];
  openId: string | null;
  onOpenChange: (id: string | null) => void;
};

/** One item open at a time; clicking the open item closes it (spec §4). The opened item scrolls into view. */
export function Accordion({ items, openId, onOpenChange }: AccordionProps) {
  const openRef = useRef<HTMLLIElement | null>(null);
  const firstId = items[0]?.id;
  const hasMounted = useRef(false);
  useEffect(() => {
    // Opened with its first item open, the list is already where it should be: scrolling would only
    // make the browser lay out the page once more while the modal opens.
    const isFirstRun = !hasMounted.current;
    hasMounted.current = true;
    if (!openId || (isFirstRun && openId === firstId)) return;
    openRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [openId, firstId]);
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => {
        const isOpen = item.id === openId;
        return (
          <li
            key={item.id}
            ref={isOpen ? openRef : undefined}
            className={joinClassNames(
              'overflow-hidden rounded-md border transition-colors',
              isOpen ? 'border-brand bg-raised' : 'border-line bg-surface',
            )}
          >
            <button
              type="button"
              aria-expanded={isOpen}
              onClick={() => onOpenChange(isOpen ? null : item.id)}
              className="flex min-h-12 w-full items-center gap-3 px-4 py-2 text-left text-sm font-semibold"
            >
              {item.badge}
              <span className="min-w-0 flex-1">{item.title}</span>
              <ChevronDown
                size={18}
                aria-hidden="true"
                className={joinClassNames(
                  'shrink-0 text-muted transition-transform duration-200',
                  isOpen && 'rotate-180',
                )}
              />
            </button>
            {isOpen ? (
              <div className="border-t border-line px-4 py-3 text-sm text-text">{item.body}</div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Operator HTML, sanitised by the server before it is stored (API contract). */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises announcement and help HTML before storing it.
  return <div className="rich-text leading-6 break-words" dangerouslySetInnerHTML={{ __html: html }} />;
}
