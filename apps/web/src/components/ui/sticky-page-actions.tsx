import { type ReactNode, useEffect, useRef } from 'react';

/** The CSS variable a page's held actions publish; floating buttons add it to their distance from the bottom. */
export const pageActionsHeightVariable = '--page-actions-height';

/**
 * A form's main action held at the bottom of a phone's screen while the form scrolls under it
 * (deposit, withdraw, transfer); from tablet width it stays where it is in the form. While it is
 * held there it publishes its height as --page-actions-height, so that the floating customer-service
 * button (app/side-menu.tsx) sits above it instead of covering it.
 */
export function StickyPageActions({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => {
      const isHeld = window.getComputedStyle(element).position === 'sticky';
      root.style.setProperty(pageActionsHeightVariable, `${isHeld ? element.offsetHeight : 0}px`);
    };
    publish();
    // Its height changes with an answer shown above the button; crossing tablet width lets it go.
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(pageActionsHeightVariable);
    };
  }, []);
  return (
    <div
      ref={ref}
      className="sticky bottom-0 z-10 flex flex-col gap-3 border-t border-line bg-surface/95 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] backdrop-blur sm:static sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
    >
      {children}
    </div>
  );
}
