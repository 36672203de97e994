import { Coins, Infinity as NeverEnds } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { BALANCE_HIGHLIGHT_MS } from '../../../lib/money';
import { usePointsBalance, usePointsViewer } from '../hooks/use-points';
import { formatPointCount, pointsWords } from '../point-words';
import { ViewerPrompt } from './viewer-prompt';

/** True for a moment after `value` changes from one it had (DESIGN.md: a change is visible, never silent). */
function useHighlightOnChange(value: number | undefined): boolean {
  const previous = useRef(value);
  const [isHighlighted, setHighlighted] = useState(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === undefined || value === undefined || before === value) return;
    setHighlighted(true);
    const timer = setTimeout(() => setHighlighted(false), BALANCE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return isHighlighted;
}

/** The member's current points in large figures, that they never expire, and what a claw-back still owes. */
export function PointsBalanceCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { viewer } = usePointsViewer();
  const balance = usePointsBalance();
  const isHighlighted = useHighlightOnChange(balance.data?.points);

  let figure: React.ReactNode;
  if (viewer !== 'member') {
    figure = <ViewerPrompt viewer={viewer} line={t('pages.pointsLoginLine')} testId="points-login-prompt" />;
  } else if (balance.isPending) {
    figure = <Skeleton className="h-10 w-40" />;
  } else if (balance.isError) {
    figure = (
      <ErrorState
        isCompact
        title={t('pointMall.balance.loadFailed')}
        onRetry={() => void balance.refetch()}
      />
    );
  } else {
    figure = (
      <p
        className={joinClassNames(
          'text-[40px] leading-[48px] font-bold tabular transition-colors duration-700 ease-out',
          isHighlighted ? 'text-accent' : 'text-text',
        )}
        aria-live="polite"
        data-testid="points-balance-figure"
        data-highlighted={isHighlighted ? 'true' : undefined}
      >
        {formatPointCount(balance.data.points)}
      </p>
    );
  }

  return (
    <section
      aria-labelledby="points-balance-title"
      className={joinClassNames(
        'flex flex-col gap-2 rounded-lg border border-line bg-[linear-gradient(135deg,var(--panalo-brand-soft),var(--panalo-surface)_65%)] p-4',
        className,
      )}
      data-testid="points-balance"
    >
      <h2 id="points-balance-title" className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Coins size={18} aria-hidden="true" className="text-accent-text" />
        {t('pages.currentPoints')}
      </h2>
      {figure}
      {viewer === 'member' && balance.data && balance.data.owed > 0 ? (
        <p className="text-xs text-warning" data-testid="points-owed">
          {t('pointMall.balance.owed', { points: pointsWords(t, balance.data.owed) })}
        </p>
      ) : null}
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <NeverEnds size={14} aria-hidden="true" className="shrink-0 text-success" />
        {t('pointMall.balance.neverExpire')}
      </p>
    </section>
  );
}
