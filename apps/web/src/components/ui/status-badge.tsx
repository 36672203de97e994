import type { ReactNode } from 'react';
import { joinClassNames } from '../../lib/class-names';

/** What a status means to the player: still on its way, done well, gone wrong, or just so. */
export type StatusTone = 'waiting' | 'good' | 'bad' | 'neutral';

const toneClasses: Record<StatusTone, string> = {
  waiting: 'bg-warning/15 text-warning',
  good: 'bg-success/15 text-success',
  bad: 'bg-danger/15 text-danger',
  neutral: 'bg-raised text-muted',
};

/** A record's state as a small pill (deposits, withdrawals, their confirmations). */
export function StatusBadge({
  tone,
  children,
  testId,
}: {
  tone: StatusTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      className={joinClassNames(
        'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        toneClasses[tone],
      )}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
