import { useQuery } from '@tanstack/react-query';
import { Gift, Info, ShieldCheck, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonLines } from '../../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../../components/ui/states';
import { usePromotionViewer } from '../../../../lib/promotions/use-promotion-viewer';
import { type Drop, fetchDrops, fetchRewardCentre, REWARD_KEY, type RewardCentre } from '../api/reward';
import { wayConditionOf } from '../reward-words';
import { DropList } from './envelope-drops';
import { RewardHistory } from './reward-history';
import { TableCard } from './table-card';

function Section({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="flex flex-col gap-3" data-testid={testId}>
      <h3 className="flex items-center gap-2 text-base font-semibold text-text">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Why a member sees the centre without its buttons. */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-text"
      data-testid="reward-read-only"
    >
      <Info size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-warning" />
      {t('rewardCentre.readOnly')}
    </p>
  );
}

/** The ways to earn tickets: each rule's condition, how many tickets, for which table, for how long. */
export function WaysList({ centre }: { centre: RewardCentre }) {
  const { t } = useTranslation();
  const { symbol } = usePromotionViewer();
  if (centre.ways.length === 0) return <p className="text-sm text-muted">{t('rewardCentre.noWays')}</p>;
  const tableName = (id: string) => centre.tables.find((table) => table.id === id)?.name ?? '';
  return (
    <ul className="grid grid-cols-1 gap-2 md:grid-cols-2" data-testid="reward-ways">
      {centre.ways.map((way) => (
        <li
          key={way.id}
          className="flex items-start gap-3 rounded-md border border-line bg-raised px-3 py-2.5"
        >
          <Ticket size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent-text" />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-text">{way.name}</p>
            <p className="text-muted">{wayConditionOf(way, t, symbol)}</p>
            <p className="text-muted">
              {t('rewardCentre.wayGives', {
                count: way.tickets,
                table: tableName(way.tableId),
                days: way.expiresInDays,
              })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The seed pair the next draw uses, and where its server seed comes out. */
export function SeedPair({ seed }: { seed: RewardCentre['seed'] }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col gap-1 rounded-md border border-line px-3 py-2.5 text-xs text-muted"
      data-testid="reward-seed"
    >
      <p className="flex items-center gap-1.5 text-sm font-semibold text-text">
        <ShieldCheck size={16} aria-hidden="true" className="text-success" />
        {t('rewardCentre.fairnessTitle')}
      </p>
      <p>{t('rewardCentre.fairnessLine')}</p>
      <p className="break-all">
        {t('rewardCentre.serverSeedHash')}: <span className="font-mono text-text">{seed.serverSeedHash}</span>
      </p>
      <p className="break-all">
        {t('rewardCentre.clientSeed')}: <span className="font-mono text-text">{seed.clientSeed}</span> ·{' '}
        {t('rewardCentre.nonce', { nonce: seed.nonce })}
      </p>
    </div>
  );
}

/** The centre's content once its answers are in: what the member can use and what they did. */
export function RewardCentreView({ centre, drops }: { centre: RewardCentre; drops: readonly Drop[] }) {
  const { t } = useTranslation();
  const isReadOnly = !centre.marketable;
  return (
    <div className="flex flex-col gap-6 p-4" data-testid="reward-centre">
      {isReadOnly ? <ReadOnlyNotice /> : null}
      <Section
        title={t('rewardCentre.tablesTitle')}
        icon={<Ticket size={18} aria-hidden="true" className="text-accent-text" />}
        testId="reward-tables"
      >
        {centre.tables.length === 0 ? (
          <EmptyState line={t('rewardCentre.noTables')} />
        ) : (
          <div className="flex flex-col gap-4">
            {centre.tables.map((table) => (
              <TableCard key={table.id} table={table} isReadOnly={isReadOnly} />
            ))}
          </div>
        )}
      </Section>
      <Section
        title={t('rewardCentre.envelopesTitle')}
        icon={<Gift size={18} aria-hidden="true" className="text-danger" />}
        testId="reward-envelopes"
      >
        {drops.length === 0 ? (
          <p className="text-sm text-muted">{t('rewardCentre.noDrops')}</p>
        ) : (
          <DropList drops={drops} isReadOnly={isReadOnly} />
        )}
      </Section>
      <Section
        title={t('rewardCentre.waysTitle')}
        icon={<Info size={18} aria-hidden="true" className="text-brand-strong" />}
        testId="reward-ways-section"
      >
        <WaysList centre={centre} />
      </Section>
      <SeedPair seed={centre.seed} />
      <RewardHistory drops={drops} />
    </div>
  );
}

/** The member centre's rewardCenter page (spec §2): tickets, prize draws, red envelopes, history. */
export function RewardCentrePage() {
  const { language } = usePromotionViewer();
  const centre = useQuery({
    queryKey: [...REWARD_KEY, 'centre', language],
    queryFn: ({ signal }) => fetchRewardCentre(language, signal),
  });
  const drops = useQuery({
    queryKey: [...REWARD_KEY, 'envelopes', language],
    queryFn: ({ signal }) => fetchDrops(language, signal),
  });
  if (centre.isPending || drops.isPending) {
    return (
      <div className="flex flex-col gap-4 p-4" data-testid="reward-centre-loading">
        <Skeleton className="h-72 w-full" />
        <SkeletonLines lines={4} />
      </div>
    );
  }
  if (centre.isError || drops.isError) {
    return (
      <ErrorState
        onRetry={() => {
          void centre.refetch();
          void drops.refetch();
        }}
      />
    );
  }
  // Read-only when either side says the member may not take part.
  const view = { ...centre.data, marketable: centre.data.marketable && drops.data.marketable };
  return <RewardCentreView centre={view} drops={drops.data.list} />;
}
