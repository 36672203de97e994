import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileSignature, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  type Contract,
  type ContractOffer,
  type ContractParty,
  contractListPageSize,
  contractsKey,
  type DownlineContract,
  fetchContractProgress,
  fetchDownlineContracts,
  fetchMyContracts,
  type MyContracts,
  sendOffer,
} from '../api/contracts';
import type { ContractKind } from '../contract-kinds';
import type { CurrentTerms } from '../contract-offers';
import { formatRate, missingWordingOf, progressPercentOf } from '../contract-terms';
import { memberKindOf } from '../downline-words';
import { OfferContractDialog } from './contract-offer-form';
import {
  CardFact,
  ConfirmCallDialog,
  ContractFact,
  OfferCard,
  TermsTable,
  useContractWords,
} from './contract-parts';
import { SettlementsSection } from './contract-settlements';

/** The cycle's figures move with the team's bets (the rollups every minute): the page follows them. */
const PROGRESS_REFRESH_MS = 60_000;

/**
 * One contract page of the agent centre (spec §2: agentDividendRecordCopy2, agentDailyWages2,
 * agentHourSalary, agentRealtimeSalary), the same for every kind: my contract and its terms, the
 * current cycle's progress, the offers waiting for an answer, my downline agents with theirs (and
 * the offer form), and the past cycles.
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const contracts = useQuery({
    queryKey: contractsKey(kind, language),
    queryFn: ({ signal }) => fetchMyContracts(kind, language, signal),
  });
  if (contracts.isPending) {
    return (
      <div className="p-4" data-testid="contract-page-loading">
        <SkeletonLines lines={8} />
      </div>
    );
  }
  if (contracts.isError) {
    return (
      <div className="p-4">
        <ErrorState line={t('contracts.loadFailed')} onRetry={() => void contracts.refetch()} />
      </div>
    );
  }
  const { enabled, mine, history, offers, maxRateBp, period } = contracts.data;
  // At most one offer of a kind waits per downline: while one about my contract waits, I cannot ask again.
  const hasOfferAboutMine = mine !== null && offers.some((offer) => offer.downline.id === mine.downline.id);
  return (
    <div className="flex flex-col gap-6 p-4" data-testid={`contract-page-${kind}`}>
      {enabled ? null : (
        <p className="rounded-md border border-line bg-raised px-3 py-2 text-sm text-muted" role="status">
          {t('contracts.notOpen', { kind: t(`contracts.kinds.${kind}`) })}
        </p>
      )}
      <MyContractSection kind={kind} mine={mine} history={history} mayAskToEnd={!hasOfferAboutMine} />
      {mine ? <ProgressSection kind={kind} /> : null}
      <OffersSection offers={offers} current={mine} />
      <DownlinesSection kind={kind} maxRateBp={maxRateBp} period={period} />
      <SettlementsSection kind={kind} />
    </div>
  );
}

function Section({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function MyContractSection({
  kind,
  mine,
  history,
  mayAskToEnd,
}: {
  kind: ContractKind;
  mine: Contract | null;
  history: Contract[];
  mayAskToEnd: boolean;
}) {
  const { t } = useTranslation();
  const words = useContractWords();
  const [isEnding, setEnding] = useState(false);
  const kindName = t(`contracts.kinds.${kind}`);
  return (
    <Section title={t('contracts.mine.title')} id={`my-contract-${kind}`}>
      {mine ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-line bg-raised/40 p-3"
          data-testid="my-contract"
        >
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
            <ContractFact label={t('contracts.mine.rate')}>{formatRate(mine.rateBp)}</ContractFact>
            <ContractFact label={t('contracts.mine.period')}>{words.period(mine.period)}</ContractFact>
            <ContractFact label={t('contracts.mine.upline')}>{words.party(mine.upline)}</ContractFact>
            <ContractFact label={t('contracts.mine.version')}>{mine.version}</ContractFact>
            <ContractFact label={t('contracts.mine.signed')}>{words.time(mine.signedAt)}</ContractFact>
            <ContractFact label={t('contracts.mine.starts')}>{words.time(mine.startsAt)}</ContractFact>
          </dl>
          <TermsTable kind={kind} tiers={mine.tiers} />
          {mayAskToEnd ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEnding(true)}
                data-testid="end-my-contract"
              >
                {t('contracts.mine.askToEnd')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <EmptyState
          title={t('contracts.mine.none', { kind: kindName })}
          line={t('contracts.mine.noneLine')}
          icon={<FileSignature size={26} aria-hidden="true" />}
        />
      )}
      {history.length > 0 ? <ContractHistory contracts={history} /> : null}
      {isEnding && mine ? (
        <AskToEndDialog kind={kind} downline={mine.downline} isMine onClose={() => setEnding(false)} />
      ) : null}
    </Section>
  );
}

/** My ended contracts of the kind, newest first, folded away until asked for. */
function ContractHistory({ contracts }: { contracts: Contract[] }) {
  const { t } = useTranslation();
  const words = useContractWords();
  return (
    <details className="rounded-lg border border-line" data-testid="contract-history">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium text-text">
        {t('contracts.mine.history', { count: contracts.length })}
      </summary>
      <ul className="divide-y divide-line border-t border-line">
        {contracts.map((contract) => (
          <li
            key={contract.id}
            className="flex flex-col gap-0.5 px-3 py-2 text-xs md:flex-row md:items-center md:gap-4"
          >
            <span className="font-semibold text-text">
              {t('contracts.mine.versionRate', {
                version: contract.version,
                rate: formatRate(contract.rateBp),
              })}
            </span>
            <span className="text-muted md:flex-1">
              {words.time(contract.startsAt)} – {contract.endedAt ? words.time(contract.endedAt) : ''}
            </span>
            {contract.endReason ? (
              <span className="text-muted">{t(`contracts.mine.endReasons.${contract.endReason}`)}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The current cycle of my contract: the team's figures so far, the tier reached, and what the next one needs. */
function ProgressSection({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const words = useContractWords();
  const progress = useQuery({
    queryKey: [...contractsKey(kind, language), 'progress'],
    queryFn: ({ signal }) => fetchContractProgress(kind, language, signal),
    refetchInterval: PROGRESS_REFRESH_MS,
  });
  const title = t('contracts.progress.title');
  if (progress.isPending) {
    return (
      <Section title={title} id={`contract-progress-${kind}`}>
        <SkeletonLines lines={4} />
      </Section>
    );
  }
  if (progress.isError) {
    return (
      <Section title={title} id={`contract-progress-${kind}`}>
        <ErrorState
          isCompact
          title={t('contracts.progress.loadFailed')}
          onRetry={() => void progress.refetch()}
        />
      </Section>
    );
  }
  const cycle = progress.data;
  if (!cycle) {
    return (
      <Section title={title} id={`contract-progress-${kind}`}>
        <p className="text-sm text-muted">{t('contracts.progress.notStarted')}</p>
      </Section>
    );
  }
  const missing = missingWordingOf(kind, cycle);
  const percent = progressPercentOf(cycle);
  const missingLine =
    missing.key === 'topReached'
      ? t('contracts.progress.missing.topReached')
      : t(`contracts.progress.missing.${missing.key}.${missing.base}`, {
          count: missing.members,
          amount: words.money(missing.amount),
          rate: formatRate(missing.rateBp),
        });
  return (
    <Section
      title={title}
      id={`contract-progress-${kind}`}
      aside={
        <span className="text-xs text-muted">
          {t('contracts.progress.asOf', { at: words.time(cycle.asOf) })}
        </span>
      }
    >
      <div className="flex flex-col gap-3 rounded-lg border border-line p-3" data-testid="contract-progress">
        <p className="text-xs text-muted">
          {words.cycle(cycle.cycleKey)} · {words.time(cycle.startsAt)} – {words.time(cycle.endsAt)}
        </p>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <ContractFact label={t('contracts.progress.activeMembers')}>{cycle.activeMembers}</ContractFact>
          <ContractFact label={t(`contracts.progress.base.${missing.base}`)}>
            {words.money(cycle.base)}
          </ContractFact>
          <ContractFact label={t('contracts.progress.tier')}>
            {cycle.tierIndex === null || cycle.rateBp === null
              ? t('contracts.progress.noTier')
              : t('contracts.progress.tierRate', {
                  number: cycle.tierIndex + 1,
                  rate: formatRate(cycle.rateBp),
                })}
          </ContractFact>
          <ContractFact label={t('contracts.progress.amount')}>
            <span className="text-accent" data-testid="contract-progress-amount">
              {words.money(cycle.amount)}
            </span>
          </ContractFact>
        </dl>
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('contracts.progress.toNextTier')}
            className="h-2 overflow-hidden rounded-full bg-raised"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-text" data-testid="contract-progress-missing">
            {missingLine}
          </p>
        </div>
      </div>
    </Section>
  );
}

function OffersSection({ offers, current }: { offers: ContractOffer[]; current: CurrentTerms }) {
  const { t } = useTranslation();
  return (
    <Section title={t('contracts.offers.title')} id="contract-offers">
      {offers.length === 0 ? (
        <p className="text-sm text-muted" data-testid="contract-offers-empty">
          {t('contracts.offers.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="contract-offers">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} current={current} />
          ))}
        </ul>
      )}
    </Section>
  );
}

type DownlineAction = { kind: 'offer' | 'end'; downline: DownlineContract };

/** My direct downline agents who may hold the kind, with their contracts and what I may do about them. */
function DownlinesSection({
  kind,
  maxRateBp,
  period,
}: {
  kind: ContractKind;
  maxRateBp: number | null;
  period: MyContracts['period'];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const [action, setAction] = useState<DownlineAction | null>(null);
  const downlines = useQuery({
    queryKey: [...contractsKey(kind, language), 'downlines', pageNo],
    queryFn: ({ signal }) => fetchDownlineContracts({ kind, pageNo }, language, signal),
    placeholderData: keepPreviousData,
  });
  const kindName = t(`contracts.kinds.${kind}`);
  return (
    <Section title={t('contracts.downlines.title')} id={`contract-downlines-${kind}`}>
      {maxRateBp === null ? (
        <p className="text-sm text-muted" data-testid="contract-offer-needs-own">
          {t('contracts.downlines.needOwn', { kind: kindName })}
        </p>
      ) : (
        <p className="text-sm text-muted">
          {t('contracts.downlines.maxRate', { rate: formatRate(maxRateBp) })}
        </p>
      )}
      {downlines.isPending ? (
        <SkeletonLines lines={4} />
      ) : downlines.isError ? (
        <ErrorState isCompact onRetry={() => void downlines.refetch()} />
      ) : downlines.data.list.length === 0 ? (
        <EmptyState
          line={t('contracts.downlines.empty', { kind: kindName })}
          icon={<Users size={26} aria-hidden="true" />}
        />
      ) : (
        <>
          <DownlineContractList
            list={downlines.data.list}
            mayOffer={maxRateBp !== null}
            onAction={setAction}
          />
          <Pagination
            current={pageNo}
            total={Math.ceil(downlines.data.total / contractListPageSize)}
            onChange={setPageNo}
          />
        </>
      )}
      {action?.kind === 'offer' && maxRateBp !== null ? (
        <OfferContractDialog
          kind={kind}
          downline={{ id: action.downline.memberId, account: action.downline.account }}
          current={action.downline.contract}
          maxRateBp={maxRateBp}
          period={period}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'end' ? (
        <AskToEndDialog
          kind={kind}
          downline={{ id: action.downline.memberId, account: action.downline.account }}
          onClose={() => setAction(null)}
        />
      ) : null}
    </Section>
  );
}

function DownlineContractList({
  list,
  mayOffer,
  onAction,
}: {
  list: DownlineContract[];
  mayOffer: boolean;
  onAction: (action: DownlineAction) => void;
}) {
  const { t } = useTranslation();
  const contractOf = (downline: DownlineContract) =>
    downline.contract
      ? t('contracts.downlines.contract', {
          rate: formatRate(downline.contract.rateBp),
          version: downline.contract.version,
        })
      : t('contracts.downlines.noContract');
  const statusOf = (downline: DownlineContract) =>
    downline.pendingOffer ? (
      <StatusBadge tone="waiting">
        {t(`contracts.downlines.pending.${downline.pendingOffer.type}`)}
      </StatusBadge>
    ) : downline.contract ? (
      <StatusBadge tone="good">{t('contracts.downlines.active')}</StatusBadge>
    ) : (
      <StatusBadge tone="neutral">{t('contracts.downlines.noContract')}</StatusBadge>
    );
  const actionsOf = (downline: DownlineContract) =>
    downline.pendingOffer ? null : (
      <div className="flex flex-wrap justify-end gap-1">
        {mayOffer ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction({ kind: 'offer', downline })}
            data-testid="downline-offer-contract"
          >
            {downline.contract ? t('contracts.downlines.newTerms') : t('contracts.downlines.offer')}
          </Button>
        ) : null}
        {downline.contract ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onAction({ kind: 'end', downline })}
            data-testid="downline-end-contract"
          >
            {t('contracts.downlines.askToEnd')}
          </Button>
        ) : null}
      </div>
    );
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden">
        {list.map((downline) => (
          <li
            key={downline.memberId}
            className="rounded-lg border border-line px-3 py-2.5"
            data-testid="contract-downline"
          >
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 truncate font-semibold text-text">{downline.account}</p>
              {statusOf(downline)}
            </div>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
              <CardFact label={t('agent.downlines.type')}>
                {t(`agent.kinds.${memberKindOf(downline.type)}`)}
              </CardFact>
              <CardFact label={t('contracts.downlines.contractHeading')}>{contractOf(downline)}</CardFact>
            </dl>
            <div className="mt-1 -mb-1">{actionsOf(downline)}</div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="contract-downline-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.account')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.type')}</th>
            <th className="py-2 pr-3 font-medium">{t('contracts.downlines.contractHeading')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.status')}</th>
            <th className="py-2 font-medium">
              <span className="sr-only">{t('contracts.downlines.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((downline) => (
            <tr key={downline.memberId} data-testid="contract-downline">
              <td className="py-2.5 pr-3 font-medium text-text">{downline.account}</td>
              <td className="py-2.5 pr-3 text-text">{t(`agent.kinds.${memberKindOf(downline.type)}`)}</td>
              <td className="py-2.5 pr-3 tabular text-text">{contractOf(downline)}</td>
              <td className="py-2.5 pr-3">{statusOf(downline)}</td>
              <td className="py-1">{actionsOf(downline)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * Asking to end a contract: a downline's (I am its upline) or my own (`isMine`). The other side
 * answers the request; the contract ends when it accepts.
 */
function AskToEndDialog({
  kind,
  downline,
  isMine = false,
  onClose,
}: {
  kind: ContractKind;
  downline: ContractParty;
  isMine?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const kindName = t(`contracts.kinds.${kind}`);
  return (
    <ConfirmCallDialog
      title={isMine ? t('contracts.end.mineTitle') : t('contracts.end.title', { account: downline.account })}
      line={
        isMine
          ? t('contracts.end.mineLine', { kind: kindName })
          : t('contracts.end.line', { kind: kindName, account: downline.account })
      }
      confirmLabel={t('contracts.end.send')}
      call={() => sendOffer({ kind, downlineId: downline.id, type: 'terminate' }, language)}
      failedMessage={t('contracts.end.failed')}
      onClose={onClose}
      testId="ask-to-end"
    />
  );
}
