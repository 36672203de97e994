import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type PageFrameProps = {
  title: string;
  icon?: LucideIcon;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/** The common top of a content page: an icon, a title, optional actions on the right. */
export function PageFrame({ title, icon: Icon, actions, children, testId }: PageFrameProps) {
  return (
    <section className="flex flex-col gap-4" data-testid={testId}>
      <header className="flex min-h-11 items-center gap-3">
        {Icon ? (
          <span className="grid size-10 shrink-0 place-items-center rounded-md bg-brand-soft text-brand-strong">
            <Icon size={20} aria-hidden="true" />
          </span>
        ) : null}
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold md:text-xl">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** A raised panel used for page sections. */
export function Panel({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-line bg-surface ${className}`}>{children}</div>;
}
