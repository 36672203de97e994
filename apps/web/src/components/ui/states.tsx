import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import { Button } from './button';

type EmptyStateProps = {
  title?: string;
  line?: string;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
};

/** "No data" with a short line, and optionally one action (DESIGN.md lists and records). */
export function EmptyState({ title, line, icon, action, className }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div
      className={joinClassNames(
        'flex flex-col items-center justify-center gap-2 rounded-lg px-6 py-10 text-center',
        className,
      )}
      data-testid="empty-state"
    >
      <div className="mb-1 grid size-14 place-items-center rounded-full bg-raised text-muted">
        {icon ?? <Inbox size={26} strokeWidth={1.75} aria-hidden="true" />}
      </div>
      <p className="text-base font-semibold text-text">{title ?? t('common.noData')}</p>
      {line ? <p className="max-w-sm text-sm text-muted">{line}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

type ErrorStateProps = {
  title?: string;
  line?: string;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
  /** One row inside a page, instead of a centred block. */
  isCompact?: boolean;
};

/** What happened and what to do: a message and a retry action. */
export function ErrorState({
  title,
  line,
  onRetry,
  retryLabel,
  className,
  isCompact = false,
}: ErrorStateProps) {
  const { t } = useTranslation();
  const heading = title ?? t('errors.loadFailed');
  const retry = onRetry ? (
    <Button
      variant="secondary"
      size={isCompact ? 'sm' : 'md'}
      className={isCompact ? undefined : 'mt-3'}
      onClick={onRetry}
    >
      {retryLabel ?? t('common.retry')}
    </Button>
  ) : null;
  if (isCompact) {
    return (
      <div
        role="alert"
        className={joinClassNames(
          'flex min-h-14 items-center gap-3 rounded-md border border-line bg-surface py-1.5 pr-1.5 pl-4',
          className,
        )}
      >
        <CircleAlert size={18} strokeWidth={1.75} aria-hidden="true" className="shrink-0 text-danger" />
        <p className="min-w-0 flex-1 text-sm text-text">{heading}</p>
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={joinClassNames(
        'flex flex-col items-center justify-center gap-2 rounded-lg px-6 py-10 text-center',
        className,
      )}
    >
      <div className="mb-1 grid size-14 place-items-center rounded-full bg-raised text-danger">
        <CircleAlert size={26} strokeWidth={1.75} aria-hidden="true" />
      </div>
      <p className="text-base font-semibold text-text">{heading}</p>
      {line ? <p className="max-w-sm text-sm text-muted">{line}</p> : null}
      {retry}
    </div>
  );
}
