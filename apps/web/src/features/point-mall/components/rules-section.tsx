import { CircleCheck, Infinity as NeverEnds, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { usePointsConfig, usePointsViewer } from '../hooks/use-points';
import { earnRuleLines, formatMultiplier } from '../point-words';

/**
 * The rules (spec §2 "points details and rules"): how points are earned by each bet type and by
 * deposits, the member's VIP multiplier, when points arrive and when they are taken back, that
 * they never expire (spec §9), and how a redeem is paid.
 */
export function RulesSection() {
  const { t } = useTranslation();
  const { viewer, symbol } = usePointsViewer();
  const config = usePointsConfig();

  let rules: React.ReactNode;
  if (config.isPending) rules = <SkeletonLines lines={4} />;
  else if (config.isError) {
    rules = (
      <ErrorState isCompact title={t('pointMall.rules.loadFailed')} onRetry={() => void config.refetch()} />
    );
  } else {
    const lines = earnRuleLines(t, config.data, symbol);
    rules = (
      <>
        {lines.length === 0 ? (
          <p className="text-sm text-muted">{t('pointMall.rules.noRules')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="points-earn-rules">
            {lines.map((line) => (
              <li key={line} className="flex gap-2 text-sm text-text">
                <CircleCheck size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        )}
        <p
          className="flex gap-2 rounded-md bg-brand-soft px-3 py-2 text-sm text-text"
          data-testid="points-multiplier"
        >
          <Sparkles size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-accent-text" />
          {viewer === 'member'
            ? t('pointMall.rules.multiplier', { multiplier: formatMultiplier(config.data.multiplier) })
            : t('pointMall.rules.multiplierVisitor')}
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby="points-rules-title" className="flex flex-col gap-3" data-testid="points-rules">
      <h2 id="points-rules-title" className="text-base font-semibold text-text">
        {t('pointMall.rules.heading')}
      </h2>
      {rules}
      <ul className="flex list-disc flex-col gap-1 pl-5 text-xs text-muted">
        <li>{t('pointMall.rules.arrival')}</li>
        <li>{t('pointMall.rules.voided')}</li>
        <li>{t('pointMall.rules.redeemLine')}</li>
      </ul>
      <p className="flex items-center gap-1.5 text-sm font-semibold text-success">
        <NeverEnds size={16} aria-hidden="true" className="shrink-0" />
        {t('pointMall.rules.neverExpire')}
      </p>
    </section>
  );
}
