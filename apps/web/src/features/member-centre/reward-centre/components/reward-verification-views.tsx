import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { ErrorState } from '../../../../components/ui/states';
import { formatMoney } from '../../../../lib/format';
import { usePromotionViewer } from '../../../../lib/promotions/use-promotion-viewer';
import { type Draw, type Drop, fetchDropSplit, fetchTableVersion, REWARD_KEY } from '../api/reward';
import {
  type DrawCheckName,
  type DropCheckName,
  type RewardCheck,
  verifyDraw,
  verifyDrop,
} from '../reward-verification';

// The verifiers' panels, in a chunk of their own with the verifier: loaded when the member asks.

function Checks({
  checks,
  passed,
}: {
  checks: RewardCheck<DrawCheckName | DropCheckName>[];
  passed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <p
        className={`rounded-md px-3 py-2 text-sm font-semibold ${passed ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger'}`}
        role="status"
        data-testid="verification-result"
      >
        {passed ? t('rewardCentre.verified') : t('rewardCentre.notVerified')}
      </p>
      <ul className="flex flex-col gap-1.5 text-sm">
        {checks.map((check) => (
          <li key={check.name} className="flex items-start gap-2">
            {check.passed ? (
              <CircleCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
            ) : (
              <CircleX size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-danger" />
            )}
            <span className="text-text">{t(`rewardCentre.checks.${check.name}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="text-xs">
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono break-all text-text">{children}</dd>
    </div>
  );
}

/** A draw re-computed from its revealed seed pair and the table version it was drawn with. */
export function DrawVerification({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const version = useQuery({
    queryKey: [...REWARD_KEY, 'table-version', draw.tableId, draw.tableVersion, language],
    queryFn: ({ signal }) =>
      fetchTableVersion({ id: draw.tableId, version: draw.tableVersion }, language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (version.isPending) return <SkeletonLines lines={4} />;
  if (version.isError) return <ErrorState isCompact onRetry={() => void version.refetch()} />;
  const verification = verifyDraw(draw, version.data);
  if (!verification) return <p className="text-sm text-muted">{t('rewardCentre.seedHidden')}</p>;
  const picked = version.data.prizes.find((prize) => prize.index === verification.computedIndex);
  return (
    <div className="flex flex-col gap-4 p-1" data-testid="draw-verification">
      <Checks checks={verification.checks} passed={verification.passed} />
      <dl className="grid grid-cols-1 gap-2">
        <Fact label={t('rewardCentre.serverSeed')}>{draw.serverSeed}</Fact>
        <Fact label={t('rewardCentre.serverSeedHash')}>{draw.serverSeedHash}</Fact>
        <Fact label={t('rewardCentre.clientSeed')}>{draw.clientSeed}</Fact>
        <Fact label={t('rewardCentre.nonceLabel')}>{draw.nonce}</Fact>
        <Fact label={t('rewardCentre.tableHash')}>{draw.tableHash}</Fact>
        <Fact label={t('rewardCentre.computedPrize')}>
          {picked ? `#${picked.index + 1} ${picked.name}` : '—'}
        </Fact>
      </dl>
    </div>
  );
}

/** An ended drop's split re-computed from its revealed seed, and my envelope found in it. */
export function DropVerification({ drop }: { drop: Drop }) {
  const { t } = useTranslation();
  const { language, symbol } = usePromotionViewer();
  const split = useQuery({
    queryKey: [...REWARD_KEY, 'split', drop.id, language],
    queryFn: ({ signal }) => fetchDropSplit(drop.id, language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (split.isPending) return <SkeletonLines lines={4} />;
  if (split.isError) return <ErrorState isCompact onRetry={() => void split.refetch()} />;
  const verification = verifyDrop(drop, split.data);
  return (
    <div className="flex flex-col gap-4 p-1" data-testid="drop-verification">
      <Checks checks={verification.checks} passed={verification.passed} />
      {drop.mine && verification.computedMine ? (
        <p className="text-sm text-text" data-testid="drop-verification-mine">
          {t('rewardCentre.mineInSplit', {
            place: drop.mine.index + 1,
            amount: formatMoney(verification.computedMine, symbol),
          })}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-2">
        <Fact label={t('rewardCentre.serverSeed')}>{split.data.serverSeed}</Fact>
        <Fact label={t('rewardCentre.serverSeedHash')}>{drop.serverSeedHash}</Fact>
        <Fact label={t('rewardCentre.clientSeed')}>{drop.id}</Fact>
      </dl>
      <details className="text-xs text-muted">
        <summary className="cursor-pointer text-sm text-text">
          {t('rewardCentre.everyEnvelope', { count: drop.count })}
        </summary>
        <ol className="mt-2 grid grid-cols-3 gap-1 tabular sm:grid-cols-5">
          {verification.computedAmounts
            .map((amount, index) => ({ place: index + 1, amount }))
            .map(({ place, amount }) => (
              <li
                key={place}
                className={drop.mine?.index === place - 1 ? 'font-semibold text-accent-text' : undefined}
              >
                {place}. {amount}
              </li>
            ))}
        </ol>
      </details>
    </div>
  );
}
