import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMethodsQuery } from '../../../lib/payment-methods';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { PromotionDetail } from '../api/promotions';
import { rulesLinesOf, termsWordsOf } from '../promotion-words';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="flex flex-col gap-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-text">{title}</h3>
      {children}
    </section>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-text marker:text-brand">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The names of the member's deposit methods by code, for a deposit bonus's rules (members only). */
function useMethodNames(detail: PromotionDetail): ReadonlyMap<string, string> | undefined {
  const { isMember, language } = usePromotionViewer();
  const hasMethods = (detail.rules.methods?.length ?? 0) > 0;
  const methods = useQuery({
    ...paymentMethodsQuery(language),
    enabled: isMember && hasMethods,
    staleTime: 5 * 60_000,
  });
  return methods.data ? new Map(methods.data.list.map((method) => [method.code, method.name])) : undefined;
}

/** A promotion's rules, as its kind has them, in sentences. */
export function PromotionRules({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  const methodNames = useMethodNames(detail);
  const lines = rulesLinesOf(
    { kind: detail.kind, rules: detail.rules, hasTerms: detail.terms !== null },
    { t, symbol, methodNames },
  );
  if (lines.length === 0) return null;
  return (
    <Section title={t('promotions.detail.rules')} testId="promotion-rules">
      <Lines lines={lines} />
    </Section>
  );
}

/**
 * The bonus terms the member accepts (docs/promotions.md "Bonus terms"): the wagering and its sums,
 * each game type's share as a list, the limits, and the withdrawal rule set apart.
 */
export function PromotionTerms({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  if (!detail.terms) return null;
  const words = termsWordsOf(
    { kind: detail.kind, rules: detail.rules, terms: detail.terms, bonus: detail.bonus },
    { t, symbol },
  );
  return (
    <Section title={t('promotions.detail.terms')} testId="promotion-terms">
      <Lines lines={words.wagering} />
      {words.contributions.length > 0 ? (
        <div className="rounded-md border border-line bg-raised p-3">
          <p className="mb-2 text-xs font-medium text-muted">{t('promotions.detail.contributions')}</p>
          <dl
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
            data-testid="promotion-contributions"
          >
            {words.contributions.map((contribution) => (
              <div key={contribution.gameType} className="contents">
                <dt className="text-text">{contribution.game}</dt>
                <dd className="text-right font-semibold text-text tabular">{contribution.percent}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-muted">{t('promotions.detail.otherGames')}</p>
        </div>
      ) : null}
      <Lines lines={words.limits} />
      <p
        className="flex gap-2 rounded-md bg-brand-soft p-3 text-sm text-text"
        data-testid="promotion-withdrawal-rule"
      >
        <ShieldCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-strong" />
        {words.withdrawalRule}
      </p>
    </Section>
  );
}
