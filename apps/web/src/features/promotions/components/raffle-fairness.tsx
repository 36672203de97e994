import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Check, CircleCheck, CircleX, Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { importWithTimeout } from '../../../lib/lazy-load';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import { fetchRaffleTickets, type RaffleView } from '../api/raffle';
import type { RaffleVerification } from '../raffle-verification';

/** How long "Copied" stays on the copy button. */
const COPIED_SHOWN_MS = 2_000;

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy()}
      aria-label={label}
      icon={isCopied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      data-testid="raffle-copy-hash"
    >
      {isCopied ? t('promotions.raffle.fairness.copied') : t('promotions.raffle.fairness.copy')}
    </Button>
  );
}

function Seed({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-mono text-xs break-all text-text" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The words of each check, passed or not: what was compared. */
function checkLineOf(
  name: RaffleVerification['checks'][number]['name'],
  verification: RaffleVerification,
  hasOwnTickets: boolean,
  t: TFunction,
): string {
  if (name === 'tickets') {
    return t(
      hasOwnTickets
        ? 'promotions.raffle.fairness.check.ticketsWithMine'
        : 'promotions.raffle.fairness.check.tickets',
      { count: verification.ticketCount },
    );
  }
  return t(`promotions.raffle.fairness.check.${name}`);
}

/** What the verifier found: the verdict, each check passed or failed, and the seeds it used. */
export function RaffleVerificationResult({
  verification,
  hasOwnTickets,
}: {
  verification: RaffleVerification;
  hasOwnTickets: boolean;
}) {
  const { t } = useTranslation();
  const showsComputedSeed =
    verification.computedClientSeed !== null &&
    verification.computedClientSeed !== verification.clientSeed.toLowerCase();
  return (
    <div
      className="flex flex-col gap-3"
      data-testid="raffle-verification"
      data-passed={verification.passed ? 'true' : 'false'}
    >
      <p
        role="status"
        className={joinClassNames(
          'flex items-center gap-2 text-sm font-semibold',
          verification.passed ? 'text-success' : 'text-danger',
        )}
      >
        {verification.passed ? (
          <CircleCheck size={18} aria-hidden="true" className="shrink-0" />
        ) : (
          <CircleX size={18} aria-hidden="true" className="shrink-0" />
        )}
        {t(verification.passed ? 'promotions.raffle.fairness.passed' : 'promotions.raffle.fairness.failed')}
      </p>
      <ul className="flex flex-col gap-1.5">
        {verification.checks.map((check) => (
          <li
            key={check.name}
            className="flex items-start gap-2 text-sm text-text"
            data-testid="raffle-check"
            data-check={check.name}
            data-passed={check.passed ? 'true' : 'false'}
          >
            {check.passed ? (
              <CircleCheck size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
            ) : (
              <CircleX size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-danger" />
            )}
            <span className="min-w-0">
              {checkLineOf(check.name, verification, hasOwnTickets, t)}
              <span
                className={joinClassNames(
                  'ml-1.5 font-semibold',
                  check.passed ? 'text-success' : 'text-danger',
                )}
              >
                ·{' '}
                {t(
                  check.passed
                    ? 'promotions.raffle.fairness.checkPassed'
                    : 'promotions.raffle.fairness.checkFailed',
                )}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 rounded-md bg-raised p-3">
        <Seed label={t('promotions.raffle.fairness.serverSeedHash')} value={verification.serverSeedHash} />
        <Seed
          label={t('promotions.raffle.fairness.serverSeed')}
          value={verification.serverSeed}
          testId="raffle-server-seed"
        />
        <Seed label={t('promotions.raffle.fairness.clientSeed')} value={verification.clientSeed} />
        {showsComputedSeed && verification.computedClientSeed ? (
          <Seed
            label={t('promotions.raffle.fairness.computedClientSeed')}
            value={verification.computedClientSeed}
          />
        ) : null}
      </dl>
      <p className="text-xs text-muted">{t('promotions.raffle.fairness.how')}</p>
    </div>
  );
}

/**
 * "Verify the draw": reads every ticket and runs the draw again in the browser. The verifier (the
 * hashing and the shuffle) is loaded only now, so it never weighs on a page that does not verify.
 */
function VerifyPanel({ promotionId, raffle }: { promotionId: string; raffle: RaffleView }) {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const [isAsked, setAsked] = useState(false);
  // A drawn raffle never changes, so its check is made once; the client seed names the draw.
  const query = useQuery({
    queryKey: ['raffleVerification', promotionId, raffle.clientSeed, language],
    queryFn: async ({ signal }) => {
      const [verifier, tickets] = await Promise.all([
        importWithTimeout(() => import('../raffle-verification')),
        fetchRaffleTickets(promotionId, language, signal),
      ]);
      return verifier.verifyRaffleDraw(raffle, tickets.ticketIds);
    },
    enabled: isAsked,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!isAsked) {
    return (
      <Button
        variant="secondary"
        className="self-start"
        icon={<ShieldCheck size={18} aria-hidden="true" />}
        onClick={() => setAsked(true)}
        data-testid="raffle-verify"
      >
        {t('promotions.raffle.fairness.verify')}
      </Button>
    );
  }
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" data-testid="raffle-verifying">
        <p className="text-sm text-muted">{t('promotions.raffle.fairness.verifying')}</p>
        <SkeletonLines lines={4} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        isCompact
        title={t('promotions.raffle.fairness.verifyFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  // Only a raffle drawn (its seeds revealed) offers the check, so there is always a verification.
  if (!query.data) return null;
  return <RaffleVerificationResult verification={query.data} hasOwnTickets={raffle.myTickets.length > 0} />;
}

/**
 * The raffle's fairness (GAMES.md "Draws for rewards"): the commitment published when it opened,
 * to copy, with what it means; after the draw, the check of the draw against it.
 */
export function RaffleFairness({ promotionId, raffle }: { promotionId: string; raffle: RaffleView }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3" data-testid="raffle-fairness">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-text">
        <ShieldCheck size={16} aria-hidden="true" className="text-brand-strong" />
        {t('promotions.raffle.fairness.title')}
      </h3>
      <div className="flex flex-col gap-2 rounded-md border border-line bg-raised p-3">
        <p className="text-xs font-medium text-muted">{t('promotions.raffle.fairness.commitment')}</p>
        <div className="flex items-start justify-between gap-2">
          <code className="min-w-0 font-mono text-xs break-all text-text" data-testid="raffle-commitment">
            {raffle.serverSeedHash}
          </code>
          <CopyButton value={raffle.serverSeedHash} label={t('promotions.raffle.fairness.copyHash')} />
        </div>
        <p className="text-xs text-muted">{t('promotions.raffle.fairness.commitmentLine')}</p>
      </div>
      {raffle.serverSeed && raffle.clientSeed ? (
        <VerifyPanel promotionId={promotionId} raffle={raffle} />
      ) : (
        <p className="text-xs text-muted">{t('promotions.raffle.fairness.afterDraw')}</p>
      )}
    </section>
  );
}
