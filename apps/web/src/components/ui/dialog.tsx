import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import { lockBodyScroll } from '../../lib/scroll-lock';

export type DialogSize = 'sm' | 'md' | 'lg' | 'game';

const sizeClasses: Record<DialogSize, string> = {
  sm: 'md:w-[420px]',
  md: 'md:w-[560px]',
  lg: 'md:w-[760px]',
  // A game's 16:9 frame as large as the screen allows: its height (width × 9/16) and the title bar
  // stay within the dialog's 85dvh.
  game: 'md:w-[min(92vw,calc((85dvh_-_3.5rem_-_2px)*16/9))]',
};

type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: DialogSize;
  /** The generic modal of spec §9 can be dragged by its title bar on desktop. */
  isDraggable?: boolean;
  /** Shown above the scrolling body, e.g. a banner or tabs. */
  header?: ReactNode;
  footer?: ReactNode;
  testId?: string;
};

const desktopQuery = '(min-width: 768px)';

/**
 * The one modal frame: a centred dialog on desktop and a bottom sheet on a phone (DESIGN.md), with a
 * close button, no close on an outside click, and the body fixed while it is open (spec §4, §9).
 */
export function Dialog({
  title,
  onClose,
  children,
  size = 'md',
  isDraggable = false,
  header,
  footer,
  testId,
}: DialogProps) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const dragStart = useRef<{ pointerX: number; pointerY: number; x: number; y: number } | null>(null);

  useEffect(() => lockBodyScroll(), []);

  function startDrag(event: ReactPointerEvent<HTMLDivElement>) {
    if (!isDraggable || !window.matchMedia(desktopQuery).matches) return;
    if ((event.target as HTMLElement).closest('button')) return;
    dragStart.current = { pointerX: event.clientX, pointerY: event.clientY, ...offset };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function moveDrag(event: ReactPointerEvent<HTMLDivElement>) {
    const start = dragStart.current;
    if (!start) return;
    setOffset({ x: start.x + event.clientX - start.pointerX, y: start.y + event.clientY - start.pointerY });
  }
  function endDrag() {
    dragStart.current = null;
  }

  return (
    <RadixDialog.Root open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-overlay backdrop-blur-[2px]" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center md:items-center md:p-6">
          <RadixDialog.Content
            aria-describedby={undefined}
            data-testid={testId}
            onOpenAutoFocus={(event) => {
              // Focus the dialog itself, not its first button: no stray focus ring, no keyboard popping up on a phone.
              // After the next frame, once the browser has laid the opened dialog out anyway: focusing
              // now would force that layout in the middle of opening, one long task with it.
              event.preventDefault();
              const content = event.currentTarget as HTMLElement | null;
              requestAnimationFrame(() => setTimeout(() => content?.focus({ preventScroll: true })));
            }}
            onPointerDownOutside={(event) => event.preventDefault()}
            onInteractOutside={(event) => event.preventDefault()}
            style={
              offset.x || offset.y ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined
            }
            className={joinClassNames(
              'dialog-content pointer-events-auto flex outline-none max-h-[92dvh] w-full flex-col overflow-hidden bg-surface text-text shadow-raised',
              'rounded-t-lg border-t border-line md:max-h-[85dvh] md:rounded-lg md:border',
              sizeClasses[size],
            )}
          >
            <div
              className={joinClassNames(
                'relative flex min-h-14 shrink-0 items-center gap-2 border-b border-line px-4 md:px-5',
                isDraggable && 'md:cursor-move md:select-none',
              )}
              onPointerDown={startDrag}
              onPointerMove={moveDrag}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
            >
              <span
                aria-hidden="true"
                className="absolute top-1.5 left-1/2 h-1 w-10 -translate-x-1/2 rounded-full bg-line md:hidden"
              />
              <RadixDialog.Title className="min-w-0 flex-1 truncate text-base font-semibold">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Close
                aria-label={t('common.close')}
                className="-mr-2 inline-grid size-11 place-items-center rounded-md text-muted transition-colors hover:bg-raised hover:text-text"
              >
                <X size={20} aria-hidden="true" />
              </RadixDialog.Close>
            </div>
            {header}
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 md:px-5">
              {children}
            </div>
            {footer ? <div className="shrink-0 border-t border-line px-4 py-3 md:px-5">{footer}</div> : null}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
